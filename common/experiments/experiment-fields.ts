/**
 * Which texts an experiment may vary: a page's headline and lead, a section's title, intro or text, a call to
 * action. Never a legal text, the consent text or a mail (they are not in the pages' files an experiment can
 * name), nothing a search engine shows (seo), no picture, link or figure, and no text the specification fixes
 * word for word. The message names the field and says why, in German.
 */

/** Texts of the pages' files that the specification fixes (/work/shared/spec: contact page, forms, 404 page). */
export const SPEC_FIXED_TEXTS: readonly string[] = [
  "Kontakt & Unterstützung",
  "Datenschutz garantiert",
  "Sichere Übertragung",
  "Nachricht senden",
  "Wird gesendet...",
  "Oops! Page not found",
];

/** The last part of an allowed field: what kind of text it is. */
const VARIABLE_TEXT =
  /^(?:hero\.(?:title|lead)|heroButton|[a-zA-Z]+\.(?:title|intro|text|button|paragraphs\[\d+\])|cta\.[a-z]+|button)$/;

/** Why `field` of a page may not vary, or undefined when it may; `current` is its text in the page's file. */
export function refusedField(field: string, current: unknown): string | undefined {
  if (field.startsWith("seo.")) return "ist ein Text für Suchmaschinen, kein Text der Seite – den testet ein Experiment nicht";
  if (current === undefined) return "gibt es in der Datei der Seite nicht";
  if (typeof current !== "string") return "ist kein einzelner Text (sondern eine Liste oder ein Abschnitt)";
  if (!VARIABLE_TEXT.test(field))
    return "ist kein Text, den ein Experiment variieren kann – erlaubt sind Überschrift (hero.title), Einleitung (hero.lead), der Titel, die Einleitung oder der Text eines Abschnitts und ein Aufruf zum Handeln (heroButton, cta.…)";
  const fixed = SPEC_FIXED_TEXTS.find((text) => current.includes(text));
  if (fixed) return `enthält „${fixed}“, einen Text, den die Spezifikation wörtlich festlegt – er bleibt, wie er ist`;
  return undefined;
}
