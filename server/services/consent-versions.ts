/**
 * The versions stored with each lead as proof of consent:
 * - the consent text's: its label from `content/site.json` (`consent.version`) and a fingerprint of the text
 *   as shown (placeholders filled) and of the monthly limit, "2026-11-25;sha256:…", so a changed text or limit
 *   is a new version even when the label stays;
 * - the monthly newsletter limit the text showed, as a number: a person never gets more, also after it is raised;
 * - the texts it refers to, as "datenschutz:…;personenbezogene-daten:…;agb:…": both layers of the privacy
 *   information (/datenschutz and the complete account it links to) and the terms, whose version applies to a
 *   subscriber until they agree to a new one. Each is the `version` of its front matter, or else a fingerprint of
 *   its text as visitors read it (site.json's values filled in), so that any edit to a text, or to a value it
 *   states, yields a new version by itself.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ConsentVersions } from "./submission";
import { readFrontMatter } from "../../common/content/front-matter";
import { renderedFingerprint } from "../../common/content/rendered-fingerprint";

interface ConsentSettings {
  consent?: { version?: unknown; text?: unknown; newslettersPerMonth?: unknown };
}

export function readConsentVersions(contentDir: string): ConsentVersions {
  const siteFile = path.join(contentDir, "site.json");
  const site = JSON.parse(readFileSync(siteFile, "utf8")) as ConsentSettings;
  const label = site.consent?.version;
  if (typeof label !== "string" || label.trim() === "") {
    throw new Error(`${siteFile}: Feld „consent.version“ fehlt`);
  }
  const shown = `${String(site.consent?.text ?? "")}\n${String(site.consent?.newslettersPerMonth ?? "")}`;
  const consentText = `${label.trim()};${renderedFingerprint(shown, site)}`;
  const privacyStatement = CONSENT_TEXTS.map(
    (slug) => `${slug}:${textVersion(path.join(contentDir, "legal", `${slug}.md`), site)}`,
  ).join(";");
  const newslettersPerMonth = site.consent?.newslettersPerMonth;
  if (typeof newslettersPerMonth !== "number" || !Number.isInteger(newslettersPerMonth) || newslettersPerMonth < 1) {
    throw new Error(`${siteFile}: Feld „consent.newslettersPerMonth“ muss eine ganze Zahl größer als 0 sein`);
  }
  return { consentText, privacyStatement, newslettersPerMonth };
}

/** The two layers of the privacy information whose versions the proof of consent records. */
export const PRIVACY_LAYERS = ["datenschutz", "personenbezogene-daten"] as const;
/** Every text whose version the proof records: the privacy information and the terms. */
const CONSENT_TEXTS = [...PRIVACY_LAYERS, "agb"] as const;

function textVersion(file: string, site: unknown): string {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new Error(`${file} fehlt: ohne Datenschutzerklärung und AGB nimmt der Server keine Einwilligungen an`);
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
