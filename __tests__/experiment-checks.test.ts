/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { allContentProblems } from "../common/content/content-check";
import { CONTENT_DIR, contentCopy, removeContentCopies } from "./support/content";

afterAll(removeContentCopies);

const experiment = (changes: Record<string, unknown> = {}) => ({
  id: "startseite-titel",
  page: "/",
  field: "hero.title",
  variants: ["Mehr Kraft im Alltag – mit ein paar Minuten am Tag"],
  share: 50,
  start: "2026-12-01",
  end: "2026-12-31",
  status: "läuft",
  ...changes,
});

function withExperiments(...experiments: unknown[]): string {
  const dir = contentCopy();
  fs.writeFileSync(path.join(dir, "experiments.json"), JSON.stringify({ experiments }, null, 2));
  return dir;
}

const experimentProblems = (dir: string) => allContentProblems(dir).filter((problem) => problem.includes("experiments.json"));

describe("content/experiments.json", () => {
  it("starts empty, so the site is unchanged", () => {
    expect(JSON.parse(fs.readFileSync(path.join(CONTENT_DIR, "experiments.json"), "utf8")).experiments).toEqual([]);
    expect(experimentProblems(CONTENT_DIR)).toEqual([]);
  });

  it("accepts a headline with another text", () => {
    expect(experimentProblems(withExperiments(experiment()))).toEqual([]);
  });

  it("refuses a text the specification fixes, naming the field", () => {
    const dir = withExperiments(experiment({ page: "/kontakt-unterstuetzung", variants: ["Schreib uns"] }));
    expect(experimentProblems(dir)).toEqual([
      "content/experiments.json, Experiment 1 („startseite-titel“), Feld „field“: „hero.title“ der Seite /kontakt-unterstuetzung enthält „Kontakt & Unterstützung“, einen Text, den die Spezifikation wörtlich festlegt – er bleibt, wie er ist",
    ]);
  });

  it("refuses a legal page, a field for search engines, a picture and a field the page does not have", () => {
    const problems = experimentProblems(
      withExperiments(
        experiment({ id: "agb", page: "/agb" }),
        experiment({ id: "seo", page: "/bewegung-alltag", field: "seo.title" }),
        experiment({ id: "bild", page: "/gesunde-rezepte", field: "hero.image" }),
        experiment({ id: "fehlt", page: "/gesunde-rezepte", field: "hero.untertitel" }),
      ),
    );
    expect(problems).toEqual([
      expect.stringMatching(/Feld „experiments\[0\].page“: muss eine dieser Seiten sein: .* \(Rechtstexte, E-Mails/),
      expect.stringMatching(/„seo“\), Feld „field“: „seo.title“ der Seite \/bewegung-alltag ist ein Text für Suchmaschinen/),
      expect.stringMatching(/„bild“\), Feld „field“: „hero.image“ der Seite \/gesunde-rezepte ist kein Text, den ein Experiment/),
      expect.stringMatching(
        /„fehlt“\), Feld „field“: „hero.untertitel“ der Seite \/gesunde-rezepte gibt es in der Datei der Seite nicht/,
      ),
    ]);
  });

  it("checks a variant like the text it replaces: figures, health claims, placeholders, the drink under the headline", () => {
    const problems = experimentProblems(
      withExperiments(
        experiment({ variants: ["92 % spüren mehr Energie"] }),
        experiment({ id: "drink", page: "/ernaehrung-traditionell", variants: ["Der Drink gegen das Nachmittagstief"] }),
        experiment({ id: "platzhalter", page: "/bewegung-alltag", variants: ["Antwort in {{antwortZeit}}"] }),
        experiment({ id: "lead", field: "hero.lead", variants: ["Mit unserem Ingwer-Drink durch den Tag"], status: "beendet" }),
      ),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/Feld „experiments\[0\].variants\[0\]“: nennt 92\s%\sohne Hinweis auf die Grundlage/),
        expect.stringMatching(/Feld „experiments\[1\].variants\[0\]“: verbindet den Drink mit/),
        expect.stringMatching(/Feld „experiments\[2\].variants\[0\]“: den Platzhalter \{\{antwortZeit\}\} gibt es nicht/),
        expect.stringMatching(/„lead“\), Feld „variants\[0\]“ \(Variante B\): nennt „-Drink“ unter der Überschrift/),
      ]),
    );
  });

  it("refuses three variants, a variant equal to the original, an end before the start and two at once on a page", () => {
    const original = JSON.parse(fs.readFileSync(path.join(CONTENT_DIR, "pages/home.json"), "utf8")).hero.title;
    const problems = experimentProblems(
      withExperiments(
        experiment({ variants: ["Eins", "Zwei", "Drei"] }),
        experiment({ id: "gleich", variants: [original], end: "2026-11-01" }),
        experiment({ id: "zweites" }),
      ),
    );
    expect(problems).toEqual(
      expect.arrayContaining([expect.stringMatching(/Feld „experiments\[0\].variants“: höchstens zwei andere Texte/)]),
    );
    const single = experimentProblems(
      withExperiments(
        experiment(),
        experiment({ id: "alt", end: "2026-11-01", status: "beendet" }),
        experiment({ id: "zweites" }),
      ),
    );
    expect(single).toEqual([
      "content/experiments.json, Experiment 2 („alt“), Feld „end“: liegt vor dem Start (2026-12-01)",
      "content/experiments.json, Experiment 3 („zweites“), Feld „status“: auf / läuft schon „startseite-titel“; eine Seite testet eins nach dem anderen",
    ]);
    expect(experimentProblems(withExperiments(experiment({ variants: [original] })))).toEqual([
      "content/experiments.json, Experiment 1 („startseite-titel“), Feld „variants[0]“ (Variante B): ist derselbe Text wie das Original",
    ]);
    // Once adopted, the winner is the page's text.
    expect(experimentProblems(withExperiments(experiment({ variants: [original], status: "übernommen" })))).toEqual([]);
  });
});
