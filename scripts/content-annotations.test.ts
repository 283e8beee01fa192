/**
 * `npm run check:content -- --github` on a broken copy of content/: each German message becomes an
 * annotation on the file and the line of the named field, as the pull-request workflow shows them.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";

const repoDir = path.resolve(__dirname, "..");
const scratch = mkdtempSync(path.join(os.tmpdir(), "urkraft-annotations-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

function brokenCopy(file: string, change: (text: string) => string): string {
  const content = mkdtempSync(path.join(scratch, "project-"));
  cpSync(path.join(repoDir, "content"), path.join(content, "content"), { recursive: true });
  const full = path.join(content, "content", file);
  writeFileSync(full, change(readFileSync(full, "utf8")));
  return path.join(content, "content");
}

function annotationsFor(content: string): string[] {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/check-content.ts", content, "--github"], {
    cwd: repoDir,
    encoding: "utf8",
  });
  assert.equal(result.status, 1, result.stdout + result.stderr);
  return result.stdout.split("\n").filter((line) => line.startsWith("::error"));
}

describe("npm run check:content -- --github", () => {
  it("puts a JSON syntax error on its own line and column, not on the first line", () => {
    // Line 4 of faq.json, the first entry's answer, loses the comma before it.
    const content = brokenCopy("faq.json", (text) => {
      const lines = text.split("\n");
      lines[2] = lines[2]!.replace(/,$/, "");
      return lines.join("\n");
    });
    const annotations = annotationsFor(content);
    assert.equal(annotations.length, 1, annotations.join("\n"));
    assert.match(annotations[0]!, /^::error file=content\/faq\.json,line=4,col=5,title=Inhaltsprüfung::/);
    assert.match(annotations[0]!, /kein gültiges JSON in Zeile 4, Spalte 5/);
  });

  it("names a field a list entry does not know, in German and on its line", () => {
    const content = brokenCopy("testimonials.json", (text) =>
      text.replace('"rating": 5,', '"rating": 5,\n    "photo": "markus.jpg",'),
    );
    const text = readFileSync(path.join(content, "testimonials.json"), "utf8");
    const line = text.slice(0, text.indexOf('"photo"')).split("\n").length;
    const annotations = annotationsFor(content);
    assert.deepEqual(annotations, [
      `::error file=content/testimonials.json,line=${line},col=5,title=Inhaltsprüfung::content/testimonials.json, Eintrag 1 („Markus“): unbekanntes Feld: photo`,
    ]);
  });

  it("writes an ::error annotation with file and line for each problem", () => {
    const content = path.join(scratch, "content");
    cpSync(path.join(repoDir, "content"), content, { recursive: true });
    const file = path.join(content, "testimonials.json");
    const text = readFileSync(file, "utf8");
    const second = text.indexOf('"rating": 5', text.indexOf('"rating": 5') + 1);
    writeFileSync(file, `${text.slice(0, second)}"rating": 9${text.slice(second + '"rating": 5'.length)}`);
    const expectedLine = text.slice(0, second).split("\n").length;

    const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/check-content.ts", content, "--github"], {
      cwd: repoDir,
      encoding: "utf8",
    });
    assert.equal(result.status, 1);
    assert.match(result.stderr, /Fehler in den Inhaltsdateien/);
    const annotations = result.stdout.split("\n").filter((line) => line.startsWith("::error"));
    assert.equal(annotations.length, 1, result.stdout);
    assert.equal(
      annotations[0],
      `::error file=content/testimonials.json,line=${expectedLine},col=5,title=Inhaltsprüfung::content/testimonials.json, Eintrag 2 („Stefan“), Feld „rating“: muss zwischen 1 und 5 liegen`,
    );
  });
});
