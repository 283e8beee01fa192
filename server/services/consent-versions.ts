/**
 * The versions stored with each lead as proof of consent: the consent text's version from
 * `content/site.json`, and the version of both layers of the privacy information – the statement
 * (/datenschutz) and the complete account it links to (/personenbezogene-daten) – as
 * "datenschutz:…;personenbezogene-daten:…". Each is the `version` of its front matter, or else a
 * fingerprint of its text as visitors read it (site.json's values filled in), so that any edit to a
 * text, or to a value it states, yields a new version by itself.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ConsentVersions } from "./submission";
import { readFrontMatter } from "../../common/content/front-matter";
import { renderedFingerprint } from "../../common/content/rendered-fingerprint";

export function readConsentVersions(contentDir: string): ConsentVersions {
  const siteFile = path.join(contentDir, "site.json");
  const site = JSON.parse(readFileSync(siteFile, "utf8")) as { consent?: { version?: unknown } };
  const consentText = site.consent?.version;
  if (typeof consentText !== "string" || consentText.trim() === "") {
    throw new Error(`${siteFile}: Feld „consent.version“ fehlt`);
  }
  const privacyStatement = PRIVACY_LAYERS.map(
    (slug) => `${slug}:${privacyVersion(path.join(contentDir, "legal", `${slug}.md`), site)}`,
  ).join(";");
  return { consentText, privacyStatement };
}

/** The two layers of the privacy information whose versions the proof of consent records. */
export const PRIVACY_LAYERS = ["datenschutz", "personenbezogene-daten"] as const;

function privacyVersion(file: string, site: unknown): string {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new Error(`${file} fehlt: ohne Datenschutzerklärung nimmt der Server keine Einwilligungen an`);
  }
  let declared: unknown;
  let body = text;
  try {
    const parsed = readFrontMatter(text);
    declared = parsed.data.version;
    body = parsed.content;
  } catch {
    // A broken front matter stops the content check; here the text's hash still names the version.
  }
  return declared !== undefined && declared !== null && String(declared).trim()
    ? String(declared).trim()
    : renderedFingerprint(body, site);
}
