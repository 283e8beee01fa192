/**
 * The consent's promise of "höchstens zwei E-Mails im Monat" and the number the server keeps it by
 * (`consent.newslettersPerMonth` in content/site.json) must say the same. The check reads the number out
 * of the consent text and out of every mail text that repeats the promise.
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

const PROMISE = /höchstens\s+(\S+)\s+(?:E-Mails?|Newsletter)\s+(?:im|pro)\s+Monat/gi;

/** Every number of mails a month the text promises at most ("höchstens zwei E-Mails im Monat" → 2). */
export function statedMonthlyLimits(text: string): number[] {
  return [...text.matchAll(PROMISE)].map((match) => {
    const word = match[1]!.toLowerCase();
    return /^\d+$/.test(word) ? Number(word) : (NUMBER_WORDS[word] ?? Number.NaN);
  });
}

/** The problems of the consent text and the number beside it, and of the mail texts that repeat the promise. */
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
  const emails = path.join(dir, "emails");
  const files = fs.existsSync(emails) ? fs.readdirSync(emails).filter((name) => name.endsWith(".md")) : [];
  for (const file of files.sort()) {
    for (const number of statedMonthlyLimits(fs.readFileSync(path.join(emails, file), "utf8")))
      if (number !== limit)
        problems.push(
          `content/emails/${file}: verspricht höchstens ${Number.isNaN(number) ? "eine unbekannte Zahl" : number} E-Mails im Monat, consent.newslettersPerMonth in content/site.json sagt ${limit}`,
        );
  }
  return problems;
}
