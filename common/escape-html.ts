/** Text for HTML: the five characters that could open markup or end an attribute, as entities. */
const SPECIAL = /[&<>"']/;
const SPECIALS = /[&<>"']/g;
const ENTITIES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  // Most text has none of them: then it is returned as it is, without building a new string.
  return SPECIAL.test(value) ? value.replace(SPECIALS, (char) => ENTITIES[char]!) : value;
}
