/**
 * The versions stored with each lead as proof of consent: the consent text's version from
 * `content/site.json`, and the privacy statement's `version` from its front matter, or else a
 * fingerprint of its text, so that any edit to the statement yields a new version by itself.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ConsentVersions } from "./submission";
import { readFrontMatter } from "../../src/content/front-matter";

export function readConsentVersions(contentDir: string): ConsentVersions {
  const siteFile = path.join(contentDir, "site.json");
  const site = JSON.parse(readFileSync(siteFile, "utf8")) as { consent?: { version?: unknown } };
  const consentText = site.consent?.version;
  if (typeof consentText !== "string" || consentText.trim() === "") {
    throw new Error(`${siteFile}: Feld „consent.version“ fehlt`);
  }
  return { consentText, privacyStatement: privacyVersion(path.join(contentDir, "legal", "datenschutz.md")) };
}

function privacyVersion(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new Error(`${file} fehlt: ohne Datenschutzerklärung nimmt der Server keine Einwilligungen an`);
  }
  let declared: unknown;
  try {
    declared = readFrontMatter(text).data.version;
  } catch {
    // A broken front matter stops the content check; here the text's hash still names the version.
  }
  return declared !== undefined && declared !== null && String(declared).trim()
    ? String(declared).trim()
    : `sha256:${createHash("sha256").update(text).digest("hex").slice(0, 12)}`;
}
