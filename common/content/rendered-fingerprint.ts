/**
 * The privacy texts say more than their Markdown: hosting, periods and providers come from content/site.json.
 * Their fingerprint is taken of the filled-in text, so a changed value there is a new version of the
 * statement (proof of consent) and needs a new „revised“ date, just like an edited sentence.
 */
import { createHash } from "node:crypto";
import { fillPlaceholders } from "./placeholders";

/** Legal texts whose version covers the site.json values they render. */
export const FINGERPRINTED_LEGAL = ["datenschutz", "personenbezogene-daten", "agb"] as const;

/** "sha256:" and 12 hex digits of the text as a visitor reads it (placeholders filled from `site`). */
export function renderedFingerprint(body: string, site: unknown): string {
  return `sha256:${createHash("sha256").update(fillPlaceholders(body, site)).digest("hex").slice(0, 12)}`;
}
