/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { contentProblems } from "../common/content/read-content";
import { legalPageProblems } from "../common/content/legal-pages";
import { CONTENT_DIR, contentCopy, removeContentCopies } from "./support/content";

afterAll(removeContentCopies);

/** A copy of the real content folder in which a test breaks one file. */
function brokenContent(file: string, change: (data: any) => unknown): string {
  const dir = contentCopy();
  const full = path.join(dir, file);
  const changed = change(JSON.parse(fs.readFileSync(full, "utf8")));
  fs.writeFileSync(full, typeof changed === "string" ? changed : JSON.stringify(changed, null, 2));
  return dir;
}

function brokenText(file: string, change: (text: string) => string): string {
  const dir = contentCopy();
  const full = path.join(dir, file);
  fs.writeFileSync(full, change(fs.readFileSync(full, "utf8")));
  return dir;
}

describe("content validation", () => {
  it("accepts the content as committed", () => {
    expect(contentProblems(CONTENT_DIR)).toEqual([]);
    expect(legalPageProblems(CONTENT_DIR)).toEqual([]);
  });

  it("names file, entry and field for a testimonial rating of 6", () => {
    const dir = brokenContent("testimonials.json", (list) => {
      list[2].rating = 6;
      return list;
    });
    const name = JSON.parse(fs.readFileSync(path.join(dir, "testimonials.json"), "utf8"))[2].name;
    expect(contentProblems(dir)).toEqual([
      `content/testimonials.json, Eintrag 3 („${name}“), Feld „rating“: muss zwischen 1 und 5 liegen`,
    ]);
  });

  it("names the recipe without a title", () => {
    const dir = brokenContent("recipes.json", (list) => {
      delete list[4].title;
      return list;
    });
    expect(contentProblems(dir)).toEqual(["content/recipes.json, Eintrag 5, Feld „title“: fehlt oder ist leer"]);
  });

  it("names a movement day whose duration is not a number", () => {
    const dir = brokenContent("movement-plan.json", (list) => {
      list[1].duration = "zehn";
      return list;
    });
    const problems = contentProblems(dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^content\/movement-plan\.json, Eintrag 2 \(„.+“\), Feld „duration“: muss eine Zahl sein/);
  });

  it("insists on the spec's durations 5, 10, 15, 5, 10, 20, 30", () => {
    const dir = brokenContent("movement-plan.json", (list) => {
      list[6].duration = 45;
      return list;
    });
    expect(contentProblems(dir)).toEqual(["content/movement-plan.json, Eintrag 7, Feld „duration“: muss 30 Minuten sein"]);
  });

  it("names the missing contact e-mail in site.json", () => {
    const dir = brokenContent("site.json", (site) => {
      delete site.email;
      return site;
    });
    expect(contentProblems(dir)).toEqual(["content/site.json, Feld „email“: fehlt oder ist leer"]);
  });

  it("names an invalid contact e-mail in site.json", () => {
    const dir = brokenContent("site.json", (site) => ({ ...site, email: "kontakt at urkraft" }));
    expect(contentProblems(dir)).toEqual(["content/site.json, Feld „email“: ist keine gültige E-Mail-Adresse"]);
  });

  it("reports a file that is not valid JSON", () => {
    const dir = brokenContent("faq.json", () => '[{"question": "Wie?",]');
    expect(contentProblems(dir)[0]).toMatch(/^content\/faq\.json: kein gültiges JSON/);
  });

  it("insists on the spec's counts, e.g. five principles", () => {
    const dir = brokenContent("principles.json", (list) => list.slice(0, 4));
    expect(contentProblems(dir)).toEqual(["content/principles.json: braucht genau 5 Einträge, hat 4"]);
  });

  it("names a legal page with the wrong number of sections", () => {
    const dir = brokenText("legal/agb.md", (text) => text.replace(/^## 12\. .*$/m, "## Schluss"));
    // The changed text also asks for a new fingerprint; that is not what this test is about.
    expect(legalPageProblems(dir).filter((problem) => !problem.includes("fingerprint"))).toEqual([
      "content/legal/agb.md: braucht genau 12 nummerierte Abschnitte „## 1. …“ bis „## 12. …“, gefunden: 11",
    ]);
  });

  it("refuses the statistics' period written as a number instead of its placeholder", () => {
    const dir = brokenText("legal/personenbezogene-daten.md", (text) =>
      text.replaceAll("nach {{visitStats.keptAfterDays}}&nbsp;Tagen noch", "nach 30 Tagen noch"),
    );
    const problems = legalPageProblems(dir).filter((problem) => !problem.includes("fingerprint"));
    expect(problems.length).toBeGreaterThan(0);
    expect(problems).toContain(
      "content/legal/personenbezogene-daten.md: „nach 30 Tagen noch“ nennt die Zahl selbst; schreib „nach {{visitStats.keptAfterDays}}&nbsp;Tagen noch“, dann folgt der Satz der Auswertung in der Verwaltung (30 Tage, common/visit-stats.ts)",
    );
  });

  it("names a placeholder that site.json cannot fill", () => {
    const dir = brokenText("legal/datenschutz.md", (text) => `${text}\nMehr unter {{kontakt.fax}}.\n`);
    expect(legalPageProblems(dir)).toEqual([
      "content/legal/datenschutz.md: Platzhalter „{{kontakt.fax}}“ gibt es in content/site.json nicht",
    ]);
  });
});

describe("page copy", () => {
  it("names a page without a search-engine description", () => {
    const dir = brokenContent("pages/gesunde-rezepte.json", (page) => {
      delete page.seo.description;
      return page;
    });
    expect(contentProblems(dir)).toEqual(["content/pages/gesunde-rezepte.json, Feld „seo.description“: fehlt oder ist leer"]);
  });
});
