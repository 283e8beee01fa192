/**
 * The privacy texts and the AGB name values from content/site.json (phone, address, company, periods …); their
 * version is a fingerprint of the text as a visitor reads it. A change to site.json that changes what one of
 * them reads is therefore a new version of that text too: it gets today's „revised“ and its new fingerprint,
 * in the same commit as the settings, so the check passes and every new proof of consent names the text shown.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { editableFile } from "../../common/content/editable-files";
import { FINGERPRINTED_LEGAL } from "../../common/content/rendered-fingerprint";
import { fileTextOf, formDataOf } from "./content-files";

const SETTINGS_FILE = "site.json";

/** The legal files (under content/) whose text changes with `siteText`, each with its new text. */
export async function legalFollowUps(contentDir: string, siteText: string, today: string): Promise<Map<string, string>> {
  const changed = new Map<string, string>();
  let site: unknown;
  try {
    site = JSON.parse(siteText);
  } catch {
    return changed; // the check names the broken settings; nothing follows from them
  }
  for (const slug of FINGERPRINTED_LEGAL) {
    const file = `legal/${slug}.md`;
    const entry = editableFile(file);
    if (!entry) continue;
    const original = await readFile(path.join(contentDir, file), "utf8").catch(() => undefined);
    if (original === undefined) continue;
    let text: string;
    try {
      text = await fileTextOf(entry, formDataOf(entry, original), original, site, today);
    } catch {
      continue; // a text nobody can read is the check's to name
    }
    if (text !== original) changed.set(file, text);
  }
  return changed;
}

/** `edits` (file under content/ → text) with the legal texts that a changed site.json in them carries along. */
export async function withLegalFollowUps<Edits extends Map<string, string | Uint8Array>>(
  contentDir: string,
  edits: Edits,
  today: string,
): Promise<Edits> {
  const settings = edits.get(SETTINGS_FILE);
  if (typeof settings !== "string") return edits;
  const all = new Map(edits) as Edits;
  for (const [file, text] of await legalFollowUps(contentDir, settings, today)) if (!all.has(file)) all.set(file, text);
  return all;
}
