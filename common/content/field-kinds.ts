/**
 * What a text field is beyond its checks, declared once in the content description (`.meta({ kind })`):
 * the editors' JSON Schemas carry it as the keyword "x-kind", the owner area's form picks its widget by it
 * and the page tests resolve pictures by it. picture: a picture's path under content/; markdown: a text in
 * Markdown; site-path: the path of a page of the site; page-field: a text field of the page its entry names
 * (an experiment's field, chosen from the page's texts).
 */
export type FieldKind = "picture" | "markdown" | "site-path" | "page-field";

/** The JSON Schema keyword; editors and validators pass over keywords they do not know. */
export const FIELD_KIND_KEYWORD = "x-kind";
/** The German names of a list's entries in turn. */
export const ITEM_NAMES_KEYWORD = "x-item-names";
/** For a page-field: per page, the texts to choose from (the editor's form only, added by the server). */
export const FIELD_CHOICES_KEYWORD = "x-choices";

/** A text of a page to choose: its dotted field and what the editor reads for it. */
export interface FieldChoice {
  value: string;
  label: string;
}

/**
 * The German names of a choice's values (`.meta({ labels })`, and the pages' titles for a site path): the
 * form shows them instead of the values the file keeps ("bewegung" → „Bewegung“).
 */
export const FIELD_LABELS_KEYWORD = "x-labels";

/** The kind a JSON Schema node declares, if any. */
export const fieldKindOf = (node: Record<string, unknown>): FieldKind | undefined =>
  node[FIELD_KIND_KEYWORD] as FieldKind | undefined;

/** The German names a JSON Schema node gives its allowed values, if any. */
export const fieldLabelsOf = (node: Record<string, unknown>): Record<string, string> | undefined =>
  node[FIELD_LABELS_KEYWORD] as Record<string, string> | undefined;
