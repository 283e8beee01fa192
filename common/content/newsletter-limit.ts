/**
 * The consent's promise of "höchstens zwei E-Mails im Monat" and the number the server keeps it by
 * (`consent.newslettersPerMonth` in content/site.json) must say the same: the check reads the number out
 * of the consent text, and refuses it written out anywhere else in content/ (pages, legal texts, mails).
 * The owner screens take it from the server (see src/owner), and a test keeps it out of the code.
 */
import fs from "node:fs";
import path from "node:path";

const NUMBER_WORDS: Record<string, number> = {
  eine: 1,
  einer: 1,
  zwei: 2,
  drei: 3,
  vier: 4,
  fünf: 5,
  sechs: 6,
  sieben: 7,
  acht: 8,
  neun: 9,
  zehn: 10,
  elf: 11,
  zwölf: 12,
};

const PROMISE = /höchstens\s+(\S+)\s+(?:E-Mails?|Newsletter[ns]?)\s+(?:im|pro|je)\s+(?:Kalender)?[Mm]onat/gi;

/** Every number of mails a month the text promises at most ("höchstens zwei E-Mails im Monat" → 2). */
export function statedMonthlyLimits(text: string): number[] {
  return [...text.matchAll(PROMISE)].map((match) => {
    const word = match[1]!.toLowerCase();
    return /^\d+$/.test(word) ? Number(word) : (NUMBER_WORDS[word] ?? Number.NaN);
  });
}

/** How the pages, legal texts and mails write the number, so it follows `consent.newslettersPerMonth`. */
export const LIMIT_PLACEHOLDERS = {
  pages: "{{wort:consent.newslettersPerMonth}}",
  emails: "{{newslettersPerMonth}}",
} as const;

const isPlaceholder = (word: string) => /^\{\{.*\}\}$/.test(word);

/** Every JSON, Markdown and mail file under content/ except site.json, relative to it, sorted. */
function copyFiles(dir: string, sub = ""): string[] {
  const here = path.join(dir, sub);
  if (!fs.existsSync(here)) return [];
  return fs
    .readdirSync(here, { withFileTypes: true })
    .flatMap((entry) => {
      const relative = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return entry.name === "schemas" || entry.name === "images" ? [] : copyFiles(dir, relative);
      return /\.(json|md)$/.test(entry.name) && relative !== "site.json" ? [relative] : [];
    })
    .sort();
}

/**
 * The consent text states the number in words and must agree with `consent.newslettersPerMonth`; every other
 * content file (pages, legal texts, mails, notices) repeats the promise only through the placeholder, so a
 * changed number changes every sentence at once.
 */
export function newsletterLimitProblems(dir: string): string[] {
  let site: { consent?: { text?: unknown; newslettersPerMonth?: unknown } };
  try {
    site = JSON.parse(fs.readFileSync(path.join(dir, "site.json"), "utf8")) as typeof site;
  } catch {
    return [];
  }
  const limit = site.consent?.newslettersPerMonth;
  const text = site.consent?.text;
  if (typeof limit !== "number" || typeof text !== "string") return [];
  const where = "content/site.json, Feld „consent.text“";
  const problems: string[] = [];
  const stated = statedMonthlyLimits(text);
  if (stated.length === 0)
    problems.push(
      `${where}: muss sagen, wie viele E-Mails im Monat höchstens kommen („höchstens … E-Mails im Monat“), passend zu consent.newslettersPerMonth (${limit})`,
    );
  for (const number of stated)
    if (number !== limit)
      problems.push(
        `${where}: verspricht höchstens ${Number.isNaN(number) ? "eine unbekannte Zahl" : number} E-Mails im Monat, consent.newslettersPerMonth sagt ${limit} – ändere beide zusammen`,
      );
  for (const file of copyFiles(dir)) {
    const placeholder = file.startsWith("emails/") ? LIMIT_PLACEHOLDERS.emails : LIMIT_PLACEHOLDERS.pages;
    for (const match of fs.readFileSync(path.join(dir, file), "utf8").matchAll(PROMISE))
      if (!isPlaceholder(match[1]!))
        problems.push(
          `content/${file}: „${match[0]}“ nennt die Zahl selbst; schreib „höchstens ${placeholder}“, dann folgt der Satz consent.newslettersPerMonth in content/site.json (${limit})`,
        );
  }
  return problems;
}
