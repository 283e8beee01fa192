/** What the content description (content-schema.ts) may say about a field beyond yup's checks. */
import "yup";
import type { FieldKind } from "./field-kinds";

declare module "yup" {
  interface CustomSchemaMetadata {
    /** GraphQL type name of an object; objects sharing a name become one type. Default: parent type + field name. */
    type?: string;
    /**
     * GraphQL interface a content type shares with others of the same shape (e.g. "NextStepsPage"), so
     * their pages can query it with one fragment. Its fields are those every implementing type has.
     */
    implements?: string;
    /** GraphQL type of a leaf when it is not the plain scalar, e.g. "File" for an image path. */
    graphql?: string;
    /** GraphQL directives after the field, e.g. "@fileByRelativePath". */
    directives?: string;
    /** True when GraphQL may return null although the file must have the field (a file path that may not resolve). */
    graphqlNullable?: boolean;
    /** What a text is beyond its checks (field-kinds.ts): a picture's path, Markdown, a page's path. */
    kind?: FieldKind;
    /** German names of the allowed values (`.oneOf`), shown in the editor's choice instead of the values. */
    labels?: Record<string, string>;
    /** German field name shown in the editor; common names come from field-titles.ts. */
    title?: string;
    /** German hint shown in the editor (and in the GraphQL schema). */
    description?: string;
    /** German names of a list's allowed values, shown in the editor's choice instead of the values themselves. */
    labels?: Record<string, string>;
    /** German names of a list's entries in turn (e.g. „Variante B“, „Variante C“), instead of „Eintrag 1“, „Eintrag 2“. */
    itemNames?: string[];
  }
}
