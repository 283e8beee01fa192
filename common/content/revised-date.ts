/**
 * The "revised" date of a legal text's front matter as JJJJ-MM-TT. YAML reads an unquoted date as a Date,
 * a quoted one as a string; both are accepted.
 */
export function revisedDate(value: unknown): string | undefined {
  const text = value instanceof Date ? value.toISOString().slice(0, 10) : typeof value === "string" ? value.slice(0, 10) : "";
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)) ? text : undefined;
}
