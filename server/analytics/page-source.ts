/**
 * The visit's source as hidden inputs for the end of a page (see common/visit-source.ts): each belongs to the
 * page's form by its `form` attribute, so a form sent without JavaScript carries them, and the site's
 * script reads them once for a form reached by navigating inside the site. The values are cleaned host
 * names and labels (source.ts) and escaped besides, so nothing sent in a Referer or an address can end
 * the attribute or open markup.
 */
import { escapeHtml } from "../../common/escape-html";
import { VISIT_SOURCE_FORM_ID } from "../../common/visit-source";
import { sourceFields, type Entry } from "./source";

export function sourceInputs(entry: Entry): Buffer {
  let html = "";
  for (const [name, value] of sourceFields(entry)) {
    html += `<input type="hidden" form="${VISIT_SOURCE_FORM_ID}" name="${name}" value="${escapeHtml(value)}">`;
  }
  return Buffer.from(html, "utf8");
}
