/**
 * The check's lines tied to the form's fields: an entry of a list file, a field of an object file, and an
 * experiment of experiments.json with the variant its text is, so „Inhalte“ shows each message at its field.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { checkWithEdits, parseProblem } from "./check";

const CONTENT = path.resolve(__dirname, "..", "..", "content");

describe("the content check's lines as fields of the form", () => {
  it("ties an entry of a list file and a field of an object file to their fields", () => {
    assert.deepEqual(
      parseProblem("content/testimonials.json, Eintrag 3 („Jürgen“), Feld „rating“: muss zwischen 1 und 5 liegen"),
      {
        file: "testimonials.json",
        path: [2, "rating"],
        message: "muss zwischen 1 und 5 liegen",
        line: "content/testimonials.json, Eintrag 3 („Jürgen“), Feld „rating“: muss zwischen 1 und 5 liegen",
      },
    );
    assert.deepEqual(parseProblem("content/experiments.json, Feld „experiments[0].share“: mindestens 10").path, [
      "experiments",
      0,
      "share",
    ]);
  });

  it("ties an experiment's line to its field in the list of experiments, a variant's text to its variant", () => {
    const variant = parseProblem(
      "content/experiments.json, Experiment 2 („startseite-titel“), Feld „variants[1]“ (Variante C): ist derselbe Text wie das Original",
    );
    assert.deepEqual(
      { file: variant.file, path: variant.path, message: variant.message },
      { file: "experiments.json", path: ["experiments", 1, "variants", 1], message: "ist derselbe Text wie das Original" },
    );
    const field = parseProblem(
      "content/experiments.json, Experiment 1 („titel-test“), Feld „field“: „hero.titel“ der Seite / gibt es in der Datei der Seite nicht",
    );
    assert.deepEqual(field.path, ["experiments", 0, "field"]);
    assert.equal(field.message, "„hero.titel“ der Seite / gibt es in der Datei der Seite nicht");
  });

  it("shows the check's refusals of an edited experiments file at their fields", async () => {
    const home = JSON.parse(readFileSync(path.join(CONTENT, "pages", "home.json"), "utf8")) as { hero: { title: string } };
    const experiment = {
      id: "startseite-titel",
      page: "/",
      field: "hero.title",
      variants: ["Mehr Kraft im Alltag – mit ein paar Minuten am Tag", home.hero.title],
      share: 50,
      start: "2026-12-07",
      end: "2027-01-10",
      status: "läuft",
    };
    const text = `${JSON.stringify({ $schema: "./schemas/experiments.schema.json", experiments: [experiment] }, null, 2)}\n`;
    const problems = (await checkWithEdits(CONTENT, new Map([["experiments.json", text]]))).filter(
      (problem) => problem.file === "experiments.json",
    );
    assert.deepEqual(
      problems.map(({ path: at, message }) => ({ at, message })),
      [{ at: ["experiments", 0, "variants", 1], message: "ist derselbe Text wie das Original" }],
    );
  });
});
