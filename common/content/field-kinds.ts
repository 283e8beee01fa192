/**
 * What a text field is beyond its checks, declared once in the content description (`.meta({ kind })`):
 * the editors' JSON Schemas carry it as the keyword "x-kind", the owner area's form picks its widget by it
 * and the page tests resolve pictures by it. picture: a picture's path under content/; markdown: a text in
 * Markdown; site-path: the path of a page of the site.
 */
export type FieldKind = "picture" | "markdown" | "site-path";

/** The JSON Schema keyword; editors and validators pass over keywords they do not know. */
export const FIELD_KIND_KEYWORD = "x-kind";

/** The kind a JSON Schema node declares, if any. */
export const fieldKindOf = (node: Record<string, unknown>): FieldKind | undefined =>
  node[FIELD_KIND_KEYWORD] as FieldKind | undefined;
