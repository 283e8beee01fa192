/** @jest-environment node */
/**
 * Every figure carries its record and every testimonial the day of its author's consent (§ 5, § 5b UWG):
 * the content check names what is missing or contradicts, a production build refuses empty records, and no
 * text ties results from before the e-mail plan to that plan. The pages show the record beside the figure.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { contentProblems } from "../common/content/read-content";
import { emptyEvidence, EMAIL_PLAN_SINCE, evidenceProblems } from "../common/content/evidence";
import { evidenceText } from "../common/content/evidence-text";
import { CONTENT_DIR } from "./support/content";

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function changedJson(changes: Record<string, (data: any) => void>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "urkraft-evidence-"));
  dirs.push(dir);
  fs.cpSync(CONTENT_DIR, dir, { recursive: true });
  for (const [file, change] of Object.entries(changes)) {
    const full = path.join(dir, file);
    const data = JSON.parse(fs.readFileSync(full, "utf8"));
    change(data);
    fs.writeFileSync(full, JSON.stringify(data, null, 2));
  }
  return dir;
}

const RECORD = {
  surveyFrom: "2026-07-01",
  surveyTo: "2026-09-30",
  asked: "3100",
  answers: "1240",
  documentation: "Ordner „Befragungen 2026“, Büro München",
};
/** Every record and consent filled in, as the owner would before going live. */
const complete = {
  "site.json": (site: any) => {
    site.stats.usersEvidence = { ...RECORD, asked: "21000", answers: "16400" };
    site.stats.weekTwoEvidence = RECORD;
    site.deployment.checkedOn = "2026-11-26";
    site.taglineCheckedOn = "2026-11-26";
  },
  "pages/ernaehrung-traditionell.json": (page: any) => (page.results.evidence = { ...RECORD, asked: "2000", answers: "860" }),
  "testimonials.json": (items: any[]) => items.forEach((item) => (item.consentDate = "2026-10-01")),
};

describe("the evidence behind figures and testimonials", () => {
  it("lets the site build without it, and lists what is still to fill in", () => {
    expect(contentProblems(CONTENT_DIR, { production: false })).toEqual([]);
    expect(emptyEvidence(CONTENT_DIR)).toEqual(
      expect.arrayContaining([
        "content/site.json, Feld „stats.usersEvidence“: surveyFrom, surveyTo, asked, answers, documentation",
        "content/testimonials.json: consentDate bei 7 von 7 Berichten",
        "content/site.json, Feld „taglineCheckedOn“ (Slogan mit „Energie“ geprüft am)",
      ]),
    );
  });

  it("refuses every empty record and consent date in production, naming file, entry and field in German", () => {
    const problems = evidenceProblems(CONTENT_DIR, { production: true });
    expect(problems).toContain(
      "content/site.json, Feld „stats.weekTwoEvidence.answers“: ist noch leer (Zahl der Antworten); ohne Nachweis darf die Zahl nicht live gehen – trag ihn ein oder nimm die Zahl heraus",
    );
    expect(problems).toContain(
      "content/pages/ernaehrung-traditionell.json, Feld „results.evidence.documentation“: ist noch leer (Ablageort der Unterlagen); ohne Nachweis darf die Zahl nicht live gehen – trag ihn ein oder nimm die Zahl heraus",
    );
    expect(problems).toContain(
      "content/testimonials.json, Eintrag 1 („Markus“), Feld „consentDate“: ist noch leer; ohne den Tag der schriftlichen Einwilligung zur Veröffentlichung darf der Bericht nicht live gehen – trag ihn ein oder nimm den Bericht heraus",
    );
    // Three surveys (users, week two, the three results after three months) of five fields each.
    expect(problems).toHaveLength(3 * 5 + 7 + 1);
    expect(evidenceProblems(changedJson(complete), { production: true })).toEqual([]);
  });

  it("refuses a record or a testimonial field that is missing altogether, in every build", () => {
    const dir = changedJson({
      "pages/ernaehrung-traditionell.json": (page: any) => delete page.results.evidence,
      "testimonials.json": (items: any[]) => delete items[2].consentDate,
    });
    expect(contentProblems(dir, { production: false })).toEqual([
      "content/testimonials.json, Eintrag 3 („Jürgen“), Feld „consentDate“: fehlt (leer lassen, solange unbekannt)",
      "content/pages/ernaehrung-traditionell.json, Feld „results.evidence“: fehlt",
    ]);
  });

  it("refuses records that contradict themselves or the figure", () => {
    const dir = changedJson({
      ...complete,
      "site.json": (site: any) => {
        complete["site.json"](site);
        site.stats.usersEvidence.answers = "9000";
        site.stats.weekTwoEvidence = { ...RECORD, surveyTo: "2026-11-15", answers: "4000" };
      },
    });
    expect(evidenceProblems(dir, { production: true })).toEqual([
      "content/site.json, Feld „stats.usersEvidence.answers“: die Seite nennt über 15.000 zufriedene Teilnehmer, die Befragung hat aber nur 9000 Antworten",
      "content/site.json, Feld „stats.weekTwoEvidence.answers“: 4000 Antworten, aber nur 3100 Befragte – das kann nicht stimmen",
      "content/site.json, Feld „stats.weekTwoEvidence.surveyTo“: liegt nach dem „Stand“ im Text (2026-10); Stand und Befragung müssen zusammenpassen",
    ]);
  });

  it(`refuses a text that ties results from before ${EMAIL_PLAN_SINCE} to the plan by e-mail`, () => {
    const dir = changedJson({
      "pages/home.json": (page: any) => {
        page.results.intro = "Das Urkraft-Programm ist der 7-Tage-Bewegungsplan per E-Mail. Das haben die Befragten angegeben:";
      },
    });
    const problems = contentProblems(dir, { production: false });
    expect(problems[0]).toBe(
      "content/pages/home.json, Feld „results.intro“: verbindet die Zahl aus content/site.json mit dem Plan per E-Mail („per E-Mail“), die Befragung liegt aber vor dem 23.11.2026, seit dem die Website ihn verschickt – beschreib das Programm so, wie es damals lief",
    );
    expect(problems).toHaveLength(1);
    // The results after three months stand under the nutrition page's intro: one survey, one problem.
    const nutrition = changedJson({
      "pages/ernaehrung-traditionell.json": (page: any) => {
        page.results.intro = "Das Urkraft-Programm ist der 7-Tage-Bewegungsplan per E-Mail. Das haben die Befragten angegeben:";
      },
    });
    const resultProblems = contentProblems(nutrition, { production: false });
    expect(resultProblems).toHaveLength(1);
    expect(resultProblems[0]).toMatch(
      /^content\/pages\/ernaehrung-traditionell\.json, Feld „results\.intro“: verbindet die Zahl aus content\/pages\/ernaehrung-traditionell\.json mit dem Plan/,
    );
  });

  it("refuses a testimonial from before the e-mail plan that speaks of the plan by e-mail", () => {
    const dir = changedJson({
      "testimonials.json": (items: any[]) => {
        items[1].text = "Die Plan-E-Mails kamen jeden Morgen pünktlich, und die Rezepte sind schnell gemacht.";
      },
    });
    expect(contentProblems(dir, { production: false })).toEqual([
      "content/testimonials.json, Eintrag 2 („Stefan“), Feld „text“: verbindet den Bericht vom 02.09.2026 mit dem Plan per E-Mail („Plan-E-Mails“), den die Website erst seit dem 23.11.2026 verschickt – beschreib das Programm so, wie die Person es damals erlebt hat",
    ]);
    const later = changedJson({
      "testimonials.json": (items: any[]) => {
        items[1].text = "Die Plan-E-Mails kamen jeden Morgen pünktlich, und die Rezepte sind schnell gemacht.";
        items[1].date = "2026-11-25";
      },
    });
    expect(contentProblems(later, { production: false })).toEqual([]);
  });

  it("refuses a tagline about energy in production until the owner has checked the drinks' advertising (HCVO)", () => {
    const tagline =
      "content/site.json, Feld „taglineCheckedOn“: ist noch leer; „Natürliche Energie für Männer“ (site.json, Feld „tagline“) und „Natürliche Energie für Männer, die mitten im Leben stehen“ (pages/home.json, Feld „hero.title“) sprechen von Energie – wirbt ein Drink von Urkraft damit, ist das eine allgemeine gesundheitsbezogene Angabe, die nur mit einer zugelassenen speziellen Angabe daneben erlaubt ist (Art. 10 Abs. 3 HCVO). Prüf eure Drinks und ihre Werbung und trag den Tag ein (JJJJ-MM-TT), oder nimm „Energie“ aus diesen Texten";
    expect(evidenceProblems(CONTENT_DIR, { production: true })).toContain(tagline);
    expect(evidenceProblems(CONTENT_DIR, { production: false })).not.toContain(tagline);
    // Checked, or no longer about energy: nothing to refuse.
    expect(evidenceProblems(changedJson(complete), { production: true })).toEqual([]);
    const withoutEnergy = changedJson({
      ...complete,
      "site.json": (site: any) => {
        complete["site.json"](site);
        site.taglineCheckedOn = "";
        site.tagline = "Bewegung und echtes Essen für Männer";
      },
      "pages/home.json": (page: any) => (page.hero.title = "Kraft aus dem Alltag, für Männer, die mitten im Leben stehen"),
    });
    expect(evidenceProblems(withoutEnergy, { production: true })).toEqual([]);
    expect(emptyEvidence(withoutEnergy)).toEqual([]);
    const future = changedJson({ "site.json": (site: any) => (site.taglineCheckedOn = "2999-01-01") });
    expect(contentProblems(future, { production: false })).toContain(
      "content/site.json, Feld „taglineCheckedOn“: liegt in der Zukunft (2999-01-01)",
    );
  });

  it("shows the record beside the figure once it is filled in, with the response rate", () => {
    expect(evidenceText(RECORD)).toBe(
      "Befragung vom 1. Juli 2026 bis 30. September 2026: 1.240 Antworten von 3.100 Befragten (Rücklauf 40\u00a0%).",
    );
    expect(evidenceText({ ...RECORD, answers: "" })).toBe("");
  });
});
