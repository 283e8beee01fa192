/**
 * What a text field is beyond its checks, declared once in the content description (`.meta({ kind })`):
 * the editors' JSON Schemas carry it as the keyword "x-kind", the owner area's form picks its widget by it
 * and the page tests resolve pictures by it. picture: a picture's path under content/; markdown: a text in
 * Markdown; site-path: the path of a page of the site.
 */
export type FieldKind = "picture" | "markdown" | "site-path";

/** The JSON Schema keyword; editors and validators pass over keywords they do not know. */
export const FIELD_KIND_KEYWORD = "x-kind";

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
