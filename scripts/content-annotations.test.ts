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

describe("npm run check:content -- --github", () => {
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
      `::error file=content/testimonials.json,line=${expectedLine},title=Inhaltsprüfung::content/testimonials.json, Eintrag 2 („Stefan“), Feld „rating“: muss zwischen 1 und 5 liegen`,
    );
  });
});
