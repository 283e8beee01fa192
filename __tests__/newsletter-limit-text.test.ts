/** @jest-environment node */
/**
 * The consent's monthly limit is one number: `consent.newslettersPerMonth`. The consent text states it in
 * words and is checked against it; every other content file and every owner screen takes it from there.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { newsletterLimitProblems, statedMonthlyLimits } from "../common/content/newsletter-limit";
import { fillPlaceholders, numberWord } from "../common/content/placeholders";
import { CONTENT_DIR, readContent } from "./support/content";

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function changed(file: string, change: (text: string) => string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "urkraft-limit-"));
  dirs.push(dir);
  fs.cpSync(CONTENT_DIR, dir, { recursive: true });
  const full = path.join(dir, file);
  fs.writeFileSync(full, change(fs.readFileSync(full, "utf8")));
  return dir;
}

describe("the monthly limit in the texts", () => {
  it("holds for the project's content", () => {
    expect(newsletterLimitProblems(CONTENT_DIR)).toEqual([]);
  });

  it("refuses the number written out in a page, naming the file and the placeholder to use", () => {
    const dir = changed("pages/home.json", (text) =>
      text.replace("höchstens {{wort:consent.newslettersPerMonth}} E-Mails im Monat", "höchstens zwei E-Mails im Monat"),
    );
    expect(newsletterLimitProblems(dir)).toEqual([
      "content/pages/home.json: „höchstens zwei E-Mails im Monat“ nennt die Zahl selbst; schreib „höchstens {{wort:consent.newslettersPerMonth}}“, dann folgt der Satz consent.newslettersPerMonth in content/site.json (2)",
    ]);
  });

  it("refuses it in a mail and in a legal text too", () => {
    const mail = changed("emails/lead-welcome.md", (text) => text.replace("{{newslettersPerMonth}}", "2"));
    expect(newsletterLimitProblems(mail)).toEqual([
      expect.stringMatching(
        /^content\/emails\/lead-welcome\.md: „höchstens 2 E-Mails im Monat“ nennt die Zahl selbst; schreib „höchstens \{\{newslettersPerMonth\}\}“/,
      ),
    ]);
    const legal = changed("legal/personenbezogene-daten.md", (text) =>
      text.replace(
        "höchstens {{wort:consent.newslettersPerMonth}} E-Mails im Kalendermonat",
        "höchstens zwei E-Mails im Kalendermonat",
      ),
    );
    expect(newsletterLimitProblems(legal)).toEqual([
      expect.stringMatching(/^content\/legal\/personenbezogene-daten\.md: „höchstens zwei E-Mails im Kalendermonat“/),
    ]);
  });

  it("changes every page with the number: only the consent text must be changed by hand", () => {
    const dir = changed("site.json", (text) => text.replace('"newslettersPerMonth": 2', '"newslettersPerMonth": 3'));
    expect(newsletterLimitProblems(dir)).toEqual([
      "content/site.json, Feld „consent.text“: verspricht höchstens 2 E-Mails im Monat, consent.newslettersPerMonth sagt 3 – ändere beide zusammen",
    ]);
    const site = readContent<any>("site.json");
    const three = { ...site, consent: { ...site.consent, newslettersPerMonth: 3 } };
    const home = readContent<any>("pages/home.json");
    const point = fillPlaceholders(home.form.points[2], three);
    expect(point).toMatch(/^danach höchstens drei E-Mails im Monat/);
    expect(statedMonthlyLimits(fillPlaceholders(home.form.points[2], site))).toEqual([site.consent.newslettersPerMonth]);
    expect(numberWord(1)).toBe("eine");
    expect(numberWord(13)).toBe("13");
  });

  it("is written nowhere in the owner screens or the server's messages: they take it from the server", () => {
    const sources = ["src/owner", "server/newsletters", "server/routes/owner"].flatMap((dir) =>
      fs
        .readdirSync(path.resolve(dir), { recursive: true, encoding: "utf8" })
        .filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".test.ts"))
        .map((file) => path.join(dir, file)),
    );
    const literal = /höchstens\s+(zwei|drei|vier|\d+)\s+(im|pro)\s+(Kalender)?[Mm]onat/;
    expect(sources.filter((file) => literal.test(fs.readFileSync(path.resolve(file), "utf8")))).toEqual([]);
    expect(fs.readFileSync(path.resolve("src/owner/pages/NewsletterPage.tsx"), "utf8")).not.toMatch(/perMonth \?\? \d/);
  });
});
