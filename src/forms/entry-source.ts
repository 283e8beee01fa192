/**
 * The source of this visit for the forms' JSON posts, as the server put it into the page the visit began
 * on: hidden inputs at the end of that page (common/visit-source.ts). They stay outside the part of the page
 * Preact renders, so neither hydration nor a navigation inside the site removes them; they are read once
 * and kept in this module only, for a form reached by navigating inside the site. Nothing is read from or
 * written to the visitor's device.
 */
import { VISIT_SOURCE_FIELDS, VISIT_SOURCE_FORM_ID } from "../../common/visit-source";
import { EXPERIMENT_FIELD } from "../../common/experiments/variant-pages";

let entry: Record<string, string> | undefined;

/** The source fields of the page the visit began on; empty when the server said nothing (a page reached from this site). */
export function entrySource(doc: Document | null = typeof document === "undefined" ? null : document): Record<string, string> {
  if (entry) return entry;
  if (!doc) return {};
  const fields: Record<string, string> = {};
  // The variant of an experiment the page showed (server/experiments/) goes along the same way.
  for (const name of [...Object.values(VISIT_SOURCE_FIELDS), EXPERIMENT_FIELD]) {
    const input = doc.querySelector(`input[type="hidden"][form="${VISIT_SOURCE_FORM_ID}"][name="${name}"]`);
    if (input instanceof HTMLInputElement) fields[name] = input.value;
  }
  // While the page is still arriving, its end (where the inputs are) may not be there yet: read again later.
  if (doc.readyState !== "loading") entry = fields;
  return fields;
}

/** For tests: forget what was read. */
export function forgetEntrySource(): void {
  entry = undefined;
}
