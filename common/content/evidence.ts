/**
 * The evidence behind every figure and testimonial (§ 5 Abs. 1, § 5b Abs. 3 UWG): each survey figure carries
 * its record (period, people asked, answers, where the documents are kept), each testimonial the day its
 * author agreed to publication, and a tagline that speaks of energy the day the owner checked that no drink
 * is advertised with it without an authorised health claim (Art. 10 Abs. 3 HCVO). Only the owner can give these facts. While one is empty the site builds
 * (with a reminder), but a production start refuses; and no text may tie a figure to the e-mail plan when
 * its survey ran before the site sent that plan.
 */
import fs from "node:fs";
import path from "node:path";
import { GERMAN_MONTHS } from "../german-months";

/** The first day this site's software sent the 7-day plan by e-mail (server/mail/plan-mails.ts). */
export const EMAIL_PLAN_SINCE = "2026-11-23";

export const EVIDENCE_FIELDS = ["surveyFrom", "surveyTo", "asked", "answers", "documentation"] as const;
export type Evidence = Record<(typeof EVIDENCE_FIELDS)[number], string>;

/** One figure with what it claims and the record behind it. */
interface Figure {
  /** "content/site.json, Feld „stats.usersEvidence“" */
  where: string;
  /** The texts that present the figure (its basis, label and intro), each with where it stands. */
  texts: [where: string, text: string][];
  evidence: Partial<Evidence> | undefined;
  /** A count of people the figure claims (15.000 satisfied): it cannot exceed the answers. */
  people?: number;
}

/** Words that tie a figure to the programme as the site now sends it. */
const EMAIL_PLAN = /per\s+E-Mail|E-Mail-Plan|E-Mails?\s+des\s+(7-Tage-)?Plans|Plan-E-Mails?/i;
const MONTHS: readonly string[] = GERMAN_MONTHS;
/** "Stand: Oktober 2026" → "2026-10-31", the last day the figure can speak of. */
function standDay(text: string): string | undefined {
  const match = /Stand:?\s+(\p{L}+)\s+(\d{4})/u.exec(text);
  const month = match ? MONTHS.indexOf(match[1]!) : -1;
  if (!match || month < 0) return undefined;
  const last = new Date(Date.UTC(Number(match[2]), month + 1, 0));
  return last.toISOString().slice(0, 10);
}

const germanDay = (iso: string) => iso.split("-").reverse().join(".");

function readJson(dir: string, file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  } catch {
    return undefined; // read-content.ts reports a missing or broken file
  }
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The FAQ's answers that repeat a figure („78 %“), so the figure's record is checked against them too. */
function faqAnswersNaming(dir: string, percent: unknown): [string, unknown][] {
  const faq = readJson(dir, "faq.json");
  if (typeof percent !== "number" || !Array.isArray(faq)) return [];
  const figure = new RegExp(`(^|\\D)${percent}\\s*(%|Prozent)`);
  return faq.flatMap((entry, index): [string, unknown][] => {
    const answer = asRecord(entry).answer;
    return typeof answer === "string" && figure.test(answer)
      ? [[`content/faq.json, Eintrag ${index + 1}, Feld „answer“`, answer]]
      : [];
  });
}

function figuresOf(dir: string): Figure[] {
  const site = asRecord(readJson(dir, "site.json"));
  const stats = asRecord(site.stats);
  const homePage = asRecord(readJson(dir, "pages/home.json"));
  const survey = asRecord(homePage.results);
  const home = asRecord(homePage.badges);
  const nutritionResults = asRecord(asRecord(readJson(dir, "pages/ernaehrung-traditionell.json")).results);
  const strings = (...values: [string, unknown][]) =>
    values.filter((entry): entry is [string, string] => typeof entry[1] === "string");
  const RESULTS = "content/pages/home.json, Feld „results.";
  const intro: [string, unknown] = [`${RESULTS}intro“`, survey.intro];
  // The results after three months stand on the nutrition page, under its own intro.
  const resultsIntro: [string, unknown] = [
    "content/pages/ernaehrung-traditionell.json, Feld „results.intro“",
    nutritionResults.intro,
  ];
  const figures: Figure[] = [
    {
      where: "content/site.json, Feld „stats.usersEvidence“",
      texts: strings(
        ["content/site.json, Feld „stats.usersBasis“", stats.usersBasis],
        ["content/pages/home.json, Feld „badges.usersText“", home.usersText],
      ),
      evidence: stats.usersEvidence as Partial<Evidence> | undefined,
      people: typeof stats.users === "number" ? stats.users : undefined,
    },
    {
      where: "content/site.json, Feld „stats.weekTwoEvidence“",
      texts: strings(
        ["content/site.json, Feld „stats.weekTwoBasis“", stats.weekTwoBasis],
        [`${RESULTS}weekTwoLabel“`, survey.weekTwoLabel],
        intro,
        ...faqAnswersNaming(dir, stats.weekTwoPercent),
      ),
      evidence: stats.weekTwoEvidence as Partial<Evidence> | undefined,
    },
  ];
  // The three results after three months are one survey: one basis and one record for all three.
  figures.push({
    where: "content/pages/ernaehrung-traditionell.json, Feld „results.evidence“",
    texts: strings(["content/pages/ernaehrung-traditionell.json, Feld „results.basis“", nutritionResults.basis], resultsIntro),
    evidence: nutritionResults.evidence as Partial<Evidence> | undefined,
  });
  return figures;
}

/** Words of the tagline that are a general health reference once a drink is advertised with them. */
const ENERGY_WORDS = /energie/i;

/** The tagline and the home page's title, where they speak of energy, with where they stand. */
function energyTexts(dir: string): [where: string, text: string][] {
  const site = asRecord(readJson(dir, "site.json"));
  const hero = asRecord(asRecord(readJson(dir, "pages/home.json")).hero);
  const texts: [string, unknown][] = [
    ["content/site.json, Feld „tagline“", site.tagline],
    ["content/pages/home.json, Feld „hero.title“", hero.title],
  ];
  return texts.filter((entry): entry is [string, string] => typeof entry[1] === "string" && ENERGY_WORDS.test(entry[1]));
}

const TAGLINE_CHECK = "content/site.json, Feld „taglineCheckedOn“";

/** The tagline's check (see energyTexts): empty while a text speaks of energy is refused in production. */
function taglineProblems(dir: string, production: boolean, today: string): string[] {
  const checkedOn = asRecord(readJson(dir, "site.json")).taglineCheckedOn;
  if (typeof checkedOn !== "string") return []; // the shape check names it
  if (checkedOn > today) return [`${TAGLINE_CHECK}: liegt in der Zukunft (${checkedOn})`];
  const texts = energyTexts(dir);
  if (!production || checkedOn !== "" || texts.length === 0) return [];
  const quoted = texts.map(([where, text]) => `„${text}“ (${where.replace(/^content\//, "")})`).join(" und ");
  return [
    `${TAGLINE_CHECK}: ist noch leer; ${quoted} ${texts.length > 1 ? "sprechen" : "spricht"} von Energie – wirbt ein Drink von Urkraft damit, ist das eine allgemeine gesundheitsbezogene Angabe, die nur mit einer zugelassenen speziellen Angabe daneben erlaubt ist (Art. 10 Abs. 3 HCVO). Prüf eure Drinks und ihre Werbung und trag den Tag ein (JJJJ-MM-TT), oder nimm „Energie“ aus diesen Texten`,
  ];
}

const FIELD_NAMES: Record<(typeof EVIDENCE_FIELDS)[number], string> = {
  surveyFrom: "Beginn der Befragung",
  surveyTo: "Ende der Befragung",
  asked: "Zahl der Befragten",
  answers: "Zahl der Antworten",
  documentation: "Ablageort der Unterlagen",
};

/**
 * What is wrong with the evidence: always a contradiction (more answers than people asked, a survey that
 * ends before it begins or after its „Stand“, results tied to the e-mail plan from before it existed, a
 * consent given after today); in production also every empty field.
 */
export function evidenceProblems(dir: string, { production }: { production: boolean }): string[] {
  const problems: string[] = [];
  const today = new Date().toISOString().slice(0, 10);
  for (const figure of figuresOf(dir)) {
    const evidence = figure.evidence;
    if (!evidence || typeof evidence !== "object") continue; // the shape check names the missing object
    if (production)
      for (const field of EVIDENCE_FIELDS)
        if (evidence[field] === "")
          problems.push(
            `${figure.where.replace(/“$/, `.${field}“`)}: ist noch leer (${FIELD_NAMES[field]}); ohne Nachweis darf die Zahl nicht live gehen – trag ihn ein oder nimm die Zahl heraus`,
          );
    const at = (field: string) => figure.where.replace(/“$/, `.${field}“`);
    const asked = Number(evidence.asked || Number.NaN);
    const answers = Number(evidence.answers || Number.NaN);
    if (answers > asked)
      problems.push(`${at("answers")}: ${answers} Antworten, aber nur ${asked} Befragte – das kann nicht stimmen`);
    if (figure.people !== undefined && figure.people > answers)
      problems.push(
        `${at("answers")}: die Seite nennt über ${figure.people.toLocaleString("de-DE")} zufriedene Teilnehmer, die Befragung hat aber nur ${answers} Antworten`,
      );
    const from = evidence.surveyFrom || undefined;
    const to = evidence.surveyTo || undefined;
    if (from && to && to < from) problems.push(`${at("surveyTo")}: endet vor dem Beginn der Befragung (${from})`);
    const stand = figure.texts.map(([, text]) => standDay(text)).find(Boolean);
    if (to && stand && to > stand)
      problems.push(
        `${at("surveyTo")}: liegt nach dem „Stand“ im Text (${stand.slice(0, 7)}); Stand und Befragung müssen zusammenpassen`,
      );
    const before = (day: string | undefined) => day !== undefined && day < EMAIL_PLAN_SINCE;
    if (before(from) || before(stand))
      for (const [where, text] of figure.texts.filter(([, text]) => EMAIL_PLAN.test(text)))
        problems.push(
          `${where}: verbindet die Zahl aus ${figure.where.replace(/, Feld „.*“$/, "")} mit dem Plan per E-Mail („${EMAIL_PLAN.exec(text)![0]}“), die Befragung liegt aber vor dem ${germanDay(EMAIL_PLAN_SINCE)}, seit dem die Website ihn verschickt – beschreib das Programm so, wie es damals lief`,
        );
  }
  problems.push(...taglineProblems(dir, production, today));
  const testimonials = readJson(dir, "testimonials.json");
  if (Array.isArray(testimonials))
    testimonials.forEach((item, index) => {
      const entry = asRecord(item);
      if (!("consentDate" in entry)) return; // the shape check names it
      const where = `content/testimonials.json, Eintrag ${index + 1}${typeof entry.name === "string" ? ` („${entry.name}“)` : ""}, Feld „consentDate“`;
      if (production && entry.consentDate === "")
        problems.push(
          `${where}: ist noch leer; ohne den Tag der schriftlichen Einwilligung zur Veröffentlichung darf der Bericht nicht live gehen – trag ihn ein oder nimm den Bericht heraus`,
        );
      if (typeof entry.consentDate === "string" && entry.consentDate > today)
        problems.push(`${where}: liegt in der Zukunft (${entry.consentDate})`);
      // A report from before the site sent the plan by e-mail cannot be about that plan.
      const plan = typeof entry.text === "string" ? EMAIL_PLAN.exec(entry.text) : null;
      if (plan && typeof entry.date === "string" && entry.date < EMAIL_PLAN_SINCE)
        problems.push(
          `${where.replace(/„consentDate“$/, "„text“")}: verbindet den Bericht vom ${germanDay(entry.date)} mit dem Plan per E-Mail („${plan[0]}“), den die Website erst seit dem ${germanDay(EMAIL_PLAN_SINCE)} verschickt – beschreib das Programm so, wie die Person es damals erlebt hat`,
        );
    });
  return problems;
}

/** Empty evidence fields, for the reminder outside production („Noch auszufüllen vor dem Livegang“). */
export function emptyEvidence(dir: string): string[] {
  const empty: string[] = [];
  for (const figure of figuresOf(dir)) {
    const fields = EVIDENCE_FIELDS.filter((field) => figure.evidence?.[field] === "");
    if (fields.length > 0) empty.push(`${figure.where}: ${fields.join(", ")}`);
  }
  const testimonials = readJson(dir, "testimonials.json");
  if (Array.isArray(testimonials)) {
    const missing = testimonials.filter((item) => asRecord(item).consentDate === "").length;
    if (missing > 0) empty.push(`content/testimonials.json: consentDate bei ${missing} von ${testimonials.length} Berichten`);
  }
  if (asRecord(readJson(dir, "site.json")).taglineCheckedOn === "" && energyTexts(dir).length > 0)
    empty.push(`${TAGLINE_CHECK} (Slogan mit „Energie“ geprüft am)`);
  return empty;
}
