/**
 * Writing a JSON content file from the form's data keeps the file's own characters: a raw no-break space
 * stays raw and "\u00a0" stays "\u00a0", so a commit shows only what the editor changed.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { editableFile } from "../../common/content/editable-files";
import { fileTextOf } from "./content-files";

const NBSP = "\u00a0";
const today = "2026-11-27";

describe("writing a JSON content file", () => {
  const entry = editableFile("testimonials.json")!;
  const original = [
    "[",
    "  {",
    `    "name": "Anna${NBSP}K.",`,
    `    "text": "Seit drei${NBSP}Wochen gehe ich barfuß, jeden Morgen 10\\u00a0Minuten."`,
    "  },",
    "  {",
    `    "name": "Bert\\u00a0M.",`,
    `    "text": "Treppe statt Aufzug, 6${NBSP}Stockwerke."`,
    "  }",
    "]",
    "",
  ].join("\n");

  it("writes an unchanged file byte for byte as it was, raw no-break spaces and escapes alike", async () => {
    const text = await fileTextOf(entry, JSON.parse(original), original, {}, today);
    assert.equal(text, original);
  });

  it("keeps a raw no-break space raw in a changed text, and each escape where it was", async () => {
    const data = JSON.parse(original) as { name: string; text: string }[];
    data[0]!.text = data[0]!.text.replace("barfuß", "barfuß durch den Garten");
    data[1]!.text = `Neu: 3${NBSP}Stockwerke.`;
    const text = await fileTextOf(entry, data, original, {}, today);
    assert.ok(text.includes(`"Seit drei${NBSP}Wochen gehe ich barfuß durch den Garten, jeden Morgen 10\\u00a0Minuten."`), text);
    assert.ok(text.includes(`"Neu: 3${NBSP}Stockwerke."`), text);
    assert.ok(text.includes(`"name": "Anna${NBSP}K."`) && text.includes(`"name": "Bert\\u00a0M."`), text);
    assert.deepEqual(JSON.parse(text), data);
  });

  it("writes a real content file unchanged when its data did not change", async () => {
    const file = path.resolve(__dirname, "../../content/pages/home.json");
    const source = readFileSync(file, "utf8");
    assert.ok(source.includes(NBSP) && source.includes("\\u00a0"), "the file holds both spellings");
    const data = JSON.parse(source) as Record<string, unknown>;
    delete data.$schema;
    const text = await fileTextOf(editableFile("pages/home.json")!, data, source, {}, today);
    assert.equal(text, source);
  });
});
