/**
 * Legal texts and e-mails say `{{retention.unconfirmedLeadDays}}` or `{{email}}` instead of repeating a
 * value from content/site.json, so each fact has one source.
 */
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

function lookup(values: unknown, dotted: string): unknown {
  return dotted
    .split(".")
    .reduce<unknown>(
      (current, key) => (current && typeof current === "object" ? (current as Record<string, unknown>)[key] : undefined),
      values,
    );
}

/** Names of placeholders in `text` that `values` cannot fill. */
export function unknownPlaceholders(text: string, values: unknown): string[] {
  return [...text.matchAll(PLACEHOLDER)]
    .map((m) => m[1])
    .filter((name) => {
      const value = lookup(values, name);
      return typeof value !== "string" && typeof value !== "number";
    });
}

export function fillPlaceholders(text: string, values: unknown, escape: (value: string) => string = (v) => v): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = lookup(values, name);
    return typeof value === "string" || typeof value === "number" ? escape(String(value)) : whole;
  });
}

export const escapeHtml = (value: string): string =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
