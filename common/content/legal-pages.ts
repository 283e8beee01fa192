/** Checks the Markdown legal pages in content/legal: front matter and the spec's numbered sections. */
import fs from "node:fs";
import path from "node:path";
import { readFrontMatter } from "./front-matter";
import { LEGAL_SECTION_COUNTS, LEGAL_SLUGS } from "../constants";
import { FIXED_VALUES, templateBlockProblems, unknownPlaceholders } from "./placeholders";
import { drinkClaimProblems, typographyProblems } from "./editorial-checks";
import { revisedDate } from "./revised-date";
import { legalMarkdownProblems } from "./legal-html";
import { accessibilityClaimProblems } from "../accessibility";
import { ROUTES } from "../routes";
import { FINGERPRINTED_LEGAL, renderedFingerprint } from "./rendered-fingerprint";
import { IMAGE_CREDITS_FILE, legalValues } from "./image-credits";

const ACCESSIBILITY_SLUG = ROUTES.accessibility.path.slice(1);

const REQUIRED_FIELDS = ["title", "slug", "description"] as const;

/** How long after confirming the statistics look whether a sign-up still stands: „nach … Tagen noch“. */
const KEPT_AFTER = /nach\s+(\S+?)(?:\s|&nbsp;)+Tagen\s+noch\b/g;
const KEPT_AFTER_PLACEHOLDER = "{{visitStats.keptAfterDays}}";

/** A legal text states the statistics' period only through its placeholder, so it follows the code. */
function fixedFigureProblems(shown: string, content: string): string[] {
  return [...content.matchAll(KEPT_AFTER)]
    .filter((match) => match[1] !== KEPT_AFTER_PLACEHOLDER)
    .map(
      (match) =>
        `${shown}: „${match[0]}“ nennt die Zahl selbst; schreib „nach ${KEPT_AFTER_PLACEHOLDER}&nbsp;Tagen noch“, dann folgt der Satz der Auswertung in der Verwaltung (${FIXED_VALUES.visitStats.keptAfterDays} Tage, common/visit-stats.ts)`,
    );
}

export function legalPageProblems(contentDir: string): string[] {
  const sitePath = path.join(contentDir, "site.json");
  let site: unknown = {};
  try {
    site = JSON.parse(fs.readFileSync(sitePath, "utf8"));
  } catch {
    // site.json's own problems are reported by read-content.ts
  }
  let credits: { images?: [] } | undefined;
  try {
    credits = JSON.parse(fs.readFileSync(path.join(contentDir, IMAGE_CREDITS_FILE), "utf8"));
  } catch {
    // and those of the pictures' records too
  }
  const values = legalValues(site, credits);
  return LEGAL_SLUGS.flatMap((slug) => {
    const shown = `content/legal/${slug}.md`;
    const file = path.join(contentDir, "legal", `${slug}.md`);
    if (!fs.existsSync(file)) return [`${shown}: Datei fehlt`];
    let parsed: { data: Record<string, unknown>; content: string };
    const raw = fs.readFileSync(file, "utf8");
    try {
      parsed = readFrontMatter(raw);
    } catch (error) {
      return [`${shown}, Kopfbereich: ${(error as Error).message}`];
    }
    const { data, content } = parsed;
    const problems: string[] = REQUIRED_FIELDS.filter(
      (field) => typeof data[field] !== "string" || !(data[field] as string).trim(),
    ).map((field) => `${shown}, Kopfbereich, Feld „${field}“: fehlt oder ist leer`);
    if (revisedDate(data.revised) === undefined)
      problems.push(
        `${shown}, Kopfbereich, Feld „revised“: fehlt oder ist kein Datum; den Tag der letzten Änderung als revised: "JJJJ-MM-TT" eintragen`,
      );
    problems.push(...typographyProblems(shown, [["", content]], { markdown: true }));
    problems.push(...fixedFigureProblems(shown, content));
    // The legal texts describe the drink as a recipe too: each paragraph on its own.
    const offset = raw.split("\n").length - content.split("\n").length;
    const paragraphs = content.split("\n").map((line, index): [string, string] => [`Zeile ${offset + index + 1}`, line]);
    problems.push(...legalMarkdownProblems(shown, content, offset + 1));
    for (const block of templateBlockProblems(content)) problems.push(`${shown}, Zeile ${offset + block.line}: ${block.message}`);
    problems.push(
      ...drinkClaimProblems(shown, paragraphs).map((problem) => problem.replace(", Feld „Zeile", ", Zeile").replace(/“: /, ": ")),
    );
    if (slug === ACCESSIBILITY_SLUG) problems.push(...accessibilityClaimProblems(shown, content));
    if (typeof data.slug === "string" && data.slug !== slug)
      problems.push(`${shown}, Kopfbereich, Feld „slug“: muss „${slug}“ sein`);
    const expected = LEGAL_SECTION_COUNTS[slug];
    if (expected !== undefined) {
      const numbers = [...content.matchAll(/^## (\d+)\. /gm)].map((m) => Number(m[1]));
      const inOrder = numbers.length === expected && numbers.every((n, i) => n === i + 1);
      if (!inOrder)
        problems.push(
          `${shown}: braucht genau ${expected} nummerierte Abschnitte „## 1. …“ bis „## ${expected}. …“, gefunden: ${numbers.length}`,
        );
    }
    const unknown = new Set(unknownPlaceholders(content, values));
    // A text with a placeholder nobody can fill is not finished; its fingerprint is asked for once it is.
    if ((FINGERPRINTED_LEGAL as readonly string[]).includes(slug) && unknown.size === 0) {
      const current = renderedFingerprint(content, site);
      if (data.fingerprint !== current)
        problems.push(
          `${shown}, Kopfbereich, Feld „fingerprint“: der Text hat sich geändert (auch durch Werte aus content/site.json, die er nennt); revised auf den heutigen Tag setzen und fingerprint: "${current}" eintragen`,
        );
    }
    for (const name of unknown) problems.push(`${shown}: Platzhalter „{{${name}}}“ gibt es in content/site.json nicht`);
    return problems;
  });
}
