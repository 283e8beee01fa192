/**
 * The elements a legal page keeps of what Markdown makes of its text (common/content/legal-html.ts), also
 * read by the editor's preview, so a heading the page drops (`#`, `#####`) shows there as the plain text it becomes.
 */
export const LEGAL_ELEMENTS = [
  "h2",
  "h3",
  "h4",
  "p",
  "ul",
  "ol",
  "li",
  "strong",
  "em",
  "b",
  "i",
  "a",
  "br",
  "code",
  "blockquote",
  "hr",
];
