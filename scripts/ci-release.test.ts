/**
 * `npm run ci:release` in a repository of its own (a copy of this project): a push that changes only
 * content/ takes the content path (no test suite), one that changes code as well runs the whole suite
 * first, and an unknown base counts as code. The test suite is a stand-in (CI_TEST_COMMAND) that leaves a
 * mark; the content change is a broken one, so the content path stops at its first step, before any build.
 */
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { changedFiles, contentChanges, isContentOnly, readablePath } from "./content-path/changes";
import { copyProjectFiles } from "../server/test-support/project-copy";

const repoDir = path.resolve(__dirname, "..");
const scratch = mkdtempSync(path.join(os.tmpdir(), "urkraft-ci-release-"));
const projectDir = path.join(scratch, "project");
const mark = path.join(scratch, "tests-ran");
after(() => rmSync(scratch, { recursive: true, force: true }));

const git = (...args: string[]) =>
  execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.org", ...args], {
    cwd: projectDir,
    encoding: "utf8",
  }).trim();

function commit(message: string, change: () => void): string {
  const before = git("rev-parse", "HEAD");
  change();
  git("add", "-A");
  git("commit", "-q", "-m", message);
  return before;
}

let runs = 0;

function ciRelease(base: string) {
  rmSync(mark, { force: true });
  const releasesDir = path.join(scratch, `releases-${++runs}`);
  const result = spawnSync("npm", ["run", "-s", "ci:release"], {
    cwd: projectDir,
    encoding: "utf8",
    env: {
      ...process.env,
      CI: "true",
      CI_BASE: base,
      CI_TEST_COMMAND: `touch ${mark} && echo Testreihe-Platzhalter && exit 3`,
      DEPLOY_TARGET: "",
      RELEASES_DIR: releasesDir,
    },
  });
  return { ...result, releasesDir, testsRan: existsSync(mark), output: result.stdout + result.stderr };
}

function editJson(file: string, edit: (value: { text: string; rating: number }[]) => void) {
  const full = path.join(projectDir, file);
  const value = JSON.parse(readFileSync(full, "utf8")) as { text: string; rating: number }[];
  edit(value);
  writeFileSync(full, `${JSON.stringify(value, null, 2)}\n`);
}

before(() => {
  copyProjectFiles(repoDir, projectDir);
  execFileSync("git", ["init", "-q", "-b", "main"], { cwd: projectDir });
  git("add", "-A");
  git("commit", "-q", "-m", "Stand");
});

describe("npm run ci:release", () => {
  it("takes the content path for a push that changes only content/, without the test suite", () => {
    const base = commit("Neue Bewertung", () =>
      editJson("content/testimonials.json", (entries) => {
        entries[0]!.text = "Seit ich jeden Morgen zehn Minuten gehe, bin ich mittags wacher.";
        entries[1]!.rating = 6;
      }),
    );
    assert.deepEqual(changedFiles(projectDir, base), ["content/testimonials.json"]);
    const [change] = contentChanges(projectDir, base, ["content/testimonials.json"]);
    // The fields by their German names from the content description, as the editor's form shows them.
    assert.equal(change!.summary, "geändert: Eintrag 1, Text; Eintrag 2, Bewertung (1–5)");
    assert.equal(readablePath("hero.lead"), "Kopfbereich › Einleitungstext");
    assert.equal(readablePath("[2].heroPoints[0]"), "Eintrag 3, Stichpunkte im Kopfbereich › Eintrag 1");
    assert.equal(readablePath("ohneTitel"), "ohneTitel");
    assert.deepEqual(change!.texts, ["Seit ich jeden Morgen zehn Minuten gehe, bin ich mittags wacher."]);

    const result = ciRelease(base);
    assert.equal(result.status, 1, result.output);
    assert.match(result.output, /Weg: nur Inhalte \(1 Datei unter content\/\)\. Ohne Testreihe\./);
    assert.equal(result.testsRan, false, "the test suite must not run for a content-only push");
    assert.match(result.output, /Eintrag 2 \(„[^“]+“\), Feld „rating“: muss zwischen 1 und 5 liegen/);
    assert.match(result.output, /Nichts veröffentlicht/);
  });

  it("runs the whole test suite first when a push changes code too, and stops when it fails", () => {
    const base = commit("Inhalt und Code", () => {
      editJson("content/testimonials.json", (entries) => {
        entries[1]!.rating = 5;
      });
      writeFileSync(
        path.join(projectDir, "common", "constants.ts"),
        `${readFileSync(path.join(projectDir, "common", "constants.ts"), "utf8")}\n`,
      );
    });
    assert.equal(isContentOnly(changedFiles(projectDir, base)!), false);
    const result = ciRelease(base);
    assert.equal(result.status, 1, result.output);
    assert.match(result.output, /Weg: vollständig\. Nicht nur Inhalte geändert: common\/constants\.ts/);
    assert.equal(result.testsRan, true);
    assert.match(result.output, /Die Testreihe \(.*\) ist fehlgeschlagen\. Nichts veröffentlicht\./);
    assert.equal(existsSync(result.releasesDir), false, "nothing built");
  });

  it("counts a base this checkout does not know as a code change", () => {
    assert.equal(changedFiles(projectDir, "0000000000000000000000000000000000000000"), undefined);
    const result = ciRelease("1234567890abcdef1234567890abcdef12345678");
    assert.match(result.output, /Weg: vollständig\. Der Stand vor dem Push/);
    assert.equal(result.testsRan, true);
  });
});
