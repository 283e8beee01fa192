/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { contentProblems } from "../../common/content/read-content";
import { contentCopy, removeContentCopies } from "../support/content";

afterAll(removeContentCopies);

/** A copy of the real content folder with one JSON file changed. */
function changed(file: string, change: (data: any) => unknown): string {
  const dir = contentCopy();
  const full = path.join(dir, file);
  fs.writeFileSync(full, JSON.stringify(change(JSON.parse(fs.readFileSync(full, "utf8"))), null, 2));
  return dir;
}

describe("validation of page copy, notices and images", () => {
  it("names a hero image that does not exist", () => {
    const dir = changed("pages/home.json", (page) => ({ ...page, hero: { ...page.hero, image: "../images/fehlt.jpg" } }));
    expect(contentProblems(dir)).toEqual([
      "content/pages/home.json, Feld „hero.image“: Bilddatei „../images/fehlt.jpg“ gibt es nicht",
    ]);
  });

  it("names a recipe whose picture file was deleted", () => {
    const dir = changed("recipes.json", (list) => list);
    fs.rmSync(path.join(dir, "images/rezepte/forelle.jpg"));
    // Its record in the pictures' credits names it too.
    expect(contentProblems(dir)).toEqual([
      "content/recipes.json, Eintrag 5 („Forelle mit Petersilienkartoffeln“), Feld „image“: Bilddatei „images/rezepte/forelle.jpg“ gibt es nicht",
      "content/image-credits.json, Feld „images[5].image“: Bilddatei „images/rezepte/forelle.jpg“ gibt es nicht",
    ]);
  });

  it("names a missing alt text", () => {
    const dir = changed("recipes.json", (list) => {
      delete list[0].imageAlt;
      return list;
    });
    expect(contentProblems(dir)).toEqual([
      "content/recipes.json, Eintrag 1 („Haferbrei mit Apfel und Walnüssen“), Feld „imageAlt“: fehlt oder ist leer",
    ]);
  });

  it("names a missing text in a page's copy", () => {
    const dir = changed("pages/home.json", (page) => ({
      ...page,
      results: { ...page.results, weekTwoLabel: "" },
    }));
    expect(contentProblems(dir)).toEqual(["content/pages/home.json, Feld „results.weekTwoLabel“: fehlt oder ist leer"]);
  });

  it("names a placeholder that site.json cannot fill", () => {
    const dir = changed("pages/kontakt-unterstuetzung.json", (page) => ({
      ...page,
      email: { ...page.email, note: "Antwort in {{replyHours}}\u00a0Stunden." },
    }));
    expect(contentProblems(dir)).toEqual([
      "content/pages/kontakt-unterstuetzung.json, Feld „email.note“: den Platzhalter {{replyHours}} gibt es nicht in content/site.json",
    ]);
  });

  it("names a link to a page the site does not have", () => {
    const dir = changed("pages/home.json", (page) => ({ ...page, heroLink: { ...page.heroLink, to: "/plan" } }));
    expect(contentProblems(dir)[0]).toMatch(
      /^content\/pages\/home\.json, Feld „heroLink\.to“: muss eine Seite der Website sein: \/, \/bewegung-alltag/,
    );
  });

  it("insists that the thank-you page links the three content pages and home", () => {
    const dir = changed("pages/danke-willkommen.json", (page) => ({
      ...page,
      links: { ...page.links, items: page.links.items.filter((l: any) => l.to !== "/gesunde-rezepte") },
    }));
    expect(contentProblems(dir)).toEqual([
      "content/pages/danke-willkommen.json, Feld „links.items“: der Link auf „/gesunde-rezepte“ fehlt",
    ]);
  });

  it("names a field nobody reads, e.g. a typo", () => {
    const dir = changed("notices.json", (notices) => ({ ...notices, disclamer: "…" }));
    expect(contentProblems(dir)).toEqual(["content/notices.json: unbekanntes Feld: disclamer"]);
    const site = changed("site.json", (settings) => ({ ...settings, websiteName: "Urkraft" }));
    expect(contentProblems(site)).toEqual(["content/site.json: unbekanntes Feld: websiteName"]);
    const two = changed("site.json", (settings) => ({ ...settings, websiteName: "Urkraft", colour: "grün" }));
    expect(contentProblems(two)).toEqual(["content/site.json: unbekannte Felder: websiteName, colour"]);
  });

  it("needs exactly one drink for the nutrition page, and its caffeine content", () => {
    const twoDrinks = changed("recipes.json", (list) =>
      list.map((r: any, i: number) => (i === 0 ? { ...r, category: "Drink", caffeineMgPerLitre: 0 } : r)),
    );
    expect(contentProblems(twoDrinks)).toEqual([
      "content/recipes.json, Feld „category“: genau ein Rezept braucht „Drink“ (für die Ernährungsseite), gefunden: 2",
    ]);
    const noCaffeine = changed("recipes.json", (list) => list.map((r: any) => ({ ...r, caffeineMgPerLitre: undefined })));
    expect(contentProblems(noCaffeine)).toEqual([
      "content/recipes.json, Eintrag 8, Feld „caffeineMgPerLitre“: Drinks brauchen den Koffeingehalt in mg pro Liter (0 für koffeinfrei)",
    ]);
  });

  it("needs testimonials for both sub-pages", () => {
    const dir = changed("testimonials.json", (list) => list.map((t: any) => ({ ...t, topic: "bewegung" })));
    expect(contentProblems(dir)).toEqual([
      "content/testimonials.json, Feld „topic“: mindestens 2 Einträge brauchen „ernaehrung“, gefunden: 0",
    ]);
  });

  it("names an unknown recipe category", () => {
    const dir = changed("recipes.json", (list) => list.map((r: any, i: number) => (i === 2 ? { ...r, category: "Dessert" } : r)));
    expect(contentProblems(dir)).toEqual([
      "content/recipes.json, Eintrag 3 („Ofenkartoffeln mit Kräuterquark“), Feld „category“: muss eines davon sein: Frühstück, Hauptgericht, Suppe, Salat, Drink",
    ]);
  });
});
