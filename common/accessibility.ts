/**
 * What the accessibility statement (content/legal/barrierefreiheit.md) may claim as measured. Each label names a
 * check of e2e/accessibility-statement.spec.ts, which runs in every test run before a release of the code; the
 * content check refuses a label in the statement's list that is not here (so an edit of the text alone cannot
 * claim what no test measures), and the browser test fails for a label here that it has no check for.
 */
export const ACCESSIBILITY_CHECKS = {
  "Automatische Prüfung": "axe-core mit den Regeln von WCAG 2.1, Stufe A und AA, auf jeder Seite: kein Verstoß",
  Tastatur: "Menü, Links und beide Formulare mit der Tastatur erreichbar und bedienbar, der Fokus sichtbar",
  Kontrast: "Kontrast von Text und Schaltflächen nach WCAG 2.1 AA (axe-core „color-contrast“) auf jeder Seite",
  "320 Pixel": "kein seitliches Scrollen bei 320 Pixeln Breite auf jeder Seite",
  Textalternativen: "jedes Bild mit Textalternative (axe-core „image-alt“, „svg-img-alt“, „role-img-alt“)",
  "Spamschutz ohne Rätsel": "die Formulare gehen ohne Rätsel, Bilderauswahl oder eingebettete fremde Inhalte ab",
} as const;

export type AccessibilityCheck = keyof typeof ACCESSIBILITY_CHECKS;

/** The heading of the statement's list of measured claims. */
export const ACCESSIBILITY_CLAIMS_HEADING = "Was wir vor jeder Veröffentlichung prüfen";

/** The bold labels („- **Tastatur:** …“) of the list under ACCESSIBILITY_CLAIMS_HEADING; undefined without it. */
export function accessibilityClaims(markdown: string): string[] | undefined {
  const lines = markdown.split("\n");
  const start = lines.findIndex((line) => line.trim() === `## ${ACCESSIBILITY_CLAIMS_HEADING}`);
  if (start === -1) return undefined;
  const end = lines.findIndex((line, index) => index > start && line.startsWith("## "));
  return lines
    .slice(start + 1, end === -1 ? undefined : end)
    .map((line) => /^- \*\*(.+?):\*\*/.exec(line)?.[1])
    .filter((label): label is string => label !== undefined);
}

/** The statement's claims that no check measures, as German problems of the content check. */
export function accessibilityClaimProblems(shown: string, markdown: string): string[] {
  const claims = accessibilityClaims(markdown);
  if (claims === undefined)
    return [`${shown}: braucht den Abschnitt „## ${ACCESSIBILITY_CLAIMS_HEADING}“ mit den geprüften Punkten`];
  const known = Object.keys(ACCESSIBILITY_CHECKS);
  return claims
    .filter((claim) => !known.includes(claim))
    .map(
      (claim) =>
        `${shown}: „${claim}“ steht unter „${ACCESSIBILITY_CLAIMS_HEADING}“, aber keine Prüfung der Website misst es (geprüft werden: ${known.join(", ")}); nimm den Punkt heraus oder schreib ihn unter „Was noch nicht barrierefrei ist“`,
    );
}
