/**
 * `npm run leads -- erfahrungsbericht-entfernen <Name> --ersatz DATEI`: against a real bare repository as
 * CONTENT_GIT_REMOTE with several commits and a second branch naming the person, releases (one live) and a
 * preview showing them, and an editor's draft. Afterwards a fresh clone's `git log -p --all`, every object of
 * the server's clone, the release and preview folders and the drafts hold the name nowhere.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { listFileProblems } from "../../common/content/read-content";
import { TESTIMONIAL_COUNT } from "../../common/constants";
import { openDb } from "../db";
import { RELEASE_FILE, switchCurrent } from "../release/releases";
import { PREVIEW_FILE } from "../release/previews";
import { git, seedContentRemote } from "../test-support/content-remote";
import { seedPgliteDataDir } from "../test-support/databases";
import { runCli } from "./run";

const NAME = "Markus";
const REPLACEMENT = {
  name: "Heike",
  location: "Landshut",
  rating: 5,
  text: "Zehn Minuten Bewegung nach dem Frühstück sind bei mir inzwischen so selbstverständlich wie Zähneputzen.",
  date: "2026-10-05",
  consentDate: "2026-10-06",
  topic: "bewegung",
};

/** Every file under `dir` that contains `text`, as paths relative to it. */
function filesHolding(dir: string, text: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && readFileSync(path.join(entry.parentPath, entry.name), "utf8").includes(text))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

describe("leads erfahrungsbericht-entfernen", () => {
  let dir: string;
  let remote: string;
  let env: Record<string, string>;
  let releasesDir: string;
  let previewsDir: string;
  const workTree = () => path.join(dir, "data", "content-repo");

  const cli = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await runCli(["erfahrungsbericht-entfernen", ...args], (line) => lines.push(line), env);
    return { code, output: lines.join("\n") };
  };

  /** A release as a deploy leaves it: a page, the content copy it was built from, release.json. */
  function release(id: string, page: string, contentDir: string): void {
    const at = path.join(releasesDir, id);
    mkdirSync(path.join(at, "public"), { recursive: true });
    writeFileSync(path.join(at, "public", "index.html"), `<!DOCTYPE html><html lang="de"><body>${page}</body></html>`);
    cpSync(contentDir, path.join(at, "content"), { recursive: true });
    writeFileSync(
      path.join(at, RELEASE_FILE),
      JSON.stringify({ id, commit: id.split("-")[1], createdAt: new Date().toISOString(), serverFingerprint: "x" }),
    );
  }

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "urkraft-widerruf-test-"));
    const seeded = seedContentRemote(dir);
    remote = seeded.remote;
    const other = seeded.other;
    // Two more commits on main naming the person, in the file and in a message, and a branch of its own.
    const file = path.join(other, "content", "testimonials.json");
    const list = JSON.parse(readFileSync(file, "utf8")) as { name: string; text: string; location: string }[];
    list.find((entry) => entry.name === NAME)!.text = "Nach drei Wochen bin ich morgens wacher.";
    writeFileSync(file, `${JSON.stringify(list, null, 2)}\n`);
    git(other, "commit", "--quiet", "-am", `Bericht von ${NAME} gekürzt`);
    git(other, "tag", "stand-oktober");
    list.find((entry) => entry.name === NAME)!.text =
      "Nach drei Wochen bin ich morgens wacher und brauche keinen zweiten Kaffee.";
    writeFileSync(file, `${JSON.stringify(list, null, 2)}\n`);
    git(other, "commit", "--quiet", "-am", "Erfahrungsberichte überarbeitet");
    git(other, "push", "--quiet", "origin", "main", "stand-oktober");
    git(other, "checkout", "--quiet", "-b", "entwurf");
    list.find((entry) => entry.name === NAME)!.location = "Augsburg-Haunstetten";
    writeFileSync(file, `${JSON.stringify(list, null, 2)}\n`);
    git(other, "commit", "--quiet", "-am", "Ort ergänzt");
    git(other, "push", "--quiet", "origin", "entwurf");

    releasesDir = path.join(dir, "releases");
    previewsDir = path.join(dir, "vorschauen");
    const page = `<blockquote>Nach drei Wochen bin ich morgens wacher.</blockquote><cite>${NAME}, Augsburg</cite>`;
    release("20261101T100000Z-aaaaaaa", page, path.join(other, "content"));
    release("20261120T100000Z-bbbbbbb", page, path.join(other, "content"));
    switchCurrent(releasesDir, "20261120T100000Z-bbbbbbb");
    const token = "AbCdEfGhIjKlMnOpQrStUv";
    mkdirSync(path.join(previewsDir, token, "public", "page-data", "index"), { recursive: true });
    writeFileSync(
      path.join(previewsDir, token, "public", "page-data", "index", "page-data.json"),
      JSON.stringify({ result: { data: { testimonials: [{ name: NAME, location: "Augsburg" }] } } }),
    );
    writeFileSync(
      path.join(previewsDir, token, PREVIEW_FILE),
      JSON.stringify({ name: "inhalte-x", token, commit: "c", createdAt: new Date().toISOString() }),
    );
    writeFileSync(path.join(dir, "ersatz.json"), JSON.stringify(REPLACEMENT));
    writeFileSync(path.join(dir, "kaputt.json"), JSON.stringify({ ...REPLACEMENT, topic: "schlaf" }));

    env = {
      DATA_DIR: path.join(dir, "data"),
      CONTENT_GIT_REMOTE: remote,
      RELEASES_DIR: releasesDir,
      PREVIEWS_DIR: previewsDir,
    };
    await seedPgliteDataDir(env.DATA_DIR!);
    const db = await openDb({ databaseUrl: undefined, dataDir: env.DATA_DIR! });
    await db.query(
      "INSERT INTO content_drafts (editor_email, file, data, base_commit) VALUES ('r@urkraft.de', 'testimonials.json', $1, 'x')",
      [JSON.stringify(list)],
    );
    await db.close();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("refuses without a replacement, or with one the content check refuses, and changes nothing", async () => {
    const before = git(remote, "rev-parse", "main");
    const without = await cli(NAME);
    assert.equal(without.code, 2);
    assert.match(without.output, /^Die Seite zeigt genau 7 Erfahrungsberichte: gib mit --ersatz DATEI den Bericht an/);
    const broken = await cli(NAME, "--ersatz", path.join(dir, "kaputt.json"));
    assert.equal(broken.code, 2);
    assert.match(
      broken.output,
      /Mit dem Ersatzbericht stimmt etwas nicht:\n- content\/testimonials\.json, Eintrag 1 \(„Heike“\), Feld „topic“: muss eines davon sein/,
    );
    assert.equal(git(remote, "rev-parse", "main"), before);
    assert.equal(readdirSync(previewsDir).length, 1);
  });

  it("removes the person from every commit, preview, old release and draft, and says the live release waits for the deploy", async () => {
    const { code, output } = await cli(NAME, "--ersatz", path.join(dir, "ersatz.json"));
    assert.equal(code, 0, output);
    assert.match(
      output,
      /^Erfahrungsbericht von „Markus“ entfernt:\n- Versionsgeschichte: 4 Commit\(s\) neu geschrieben, ersetzt durch den Bericht von „Heike“\./,
    );
    assert.match(output, /- Hochgeladen \(mit --force-with-lease\): (?=.*entwurf)(?=.*main)(?=.*stand-oktober)/);
    assert.match(
      output,
      /- Vorschauen gelöscht: 1 \(AbCdEfGhIjKlMnOpQrStUv\)\.\n- Ältere Releases gelöscht: 1 \(20261101T100000Z-aaaaaaa\)\.\n- Unveröffentlichte Entwürfe gelöscht: 1\./,
    );
    assert.match(output, /NOCH NICHT FERTIG: Die laufende Website \(Release 20261120T100000Z-bbbbbbb\) zeigt den Bericht noch/);
    assert.match(output, /neu klonen/);

    // The content workflow ships the pushed branch: a new release from a fresh clone, live.
    const shipped = path.join(dir, "ausgeliefert");
    git(dir, "clone", "--quiet", remote, shipped);
    release("20261204T100000Z-ccccccc", "<cite>Heike, Landshut</cite>", path.join(shipped, "content"));
    switchCurrent(releasesDir, "20261204T100000Z-ccccccc");
    const again = await cli(NAME);
    assert.equal(again.code, 0, again.output);
    assert.match(
      again.output,
      /- Versionsgeschichte: war schon frei davon\.[\s\S]*- Ältere Releases gelöscht: 1 \(20261120T100000Z-bbbbbbb\)\./,
    );
    assert.doesNotMatch(again.output, /NOCH NICHT FERTIG/);

    const fresh = path.join(dir, "frisch");
    git(dir, "clone", "--quiet", "--no-local", remote, fresh);
    assert.deepEqual(git(remote, "for-each-ref", "--format=%(refname)").split("\n").sort(), [
      "refs/heads/entwurf",
      "refs/heads/main",
      "refs/tags/stand-oktober",
    ]);
    assert.doesNotMatch(git(fresh, "log", "-p", "--all", "--format=%H%n%B"), /Markus/);
    const objects = spawnSync("git", ["cat-file", "--batch-all-objects", "--batch"], {
      cwd: workTree(),
      maxBuffer: 256 * 1024 * 1024,
    });
    assert.equal(objects.status, 0);
    assert.ok(objects.stdout.length > 1_000_000, "the clone's objects, pictures included, are read");
    assert.equal(objects.stdout.includes(NAME), false);
    assert.doesNotMatch(git(workTree(), "log", "-p", "--all"), /Markus/);
    assert.deepEqual(filesHolding(releasesDir, NAME), []);
    assert.deepEqual(filesHolding(previewsDir, NAME), []);
    assert.deepEqual(readdirSync(releasesDir).sort(), ["20261204T100000Z-ccccccc", "current"]);

    // Every version keeps the testimonials the specification fixes, with the replacement in the person's place.
    for (const ref of ["origin/main", "origin/main~1", "origin/main~2", "origin/entwurf", "stand-oktober"]) {
      const list = JSON.parse(git(fresh, "show", `${ref}:content/testimonials.json`)) as { name: string }[];
      assert.equal(list.length, TESTIMONIAL_COUNT, ref);
      assert.equal(list[0]!.name, "Heike", ref);
    }
    assert.match(git(fresh, "log", "--format=%s", "origin/main"), /Bericht von \(entfernt\) gekürzt/);
    assert.deepEqual(
      listFileProblems(path.join(fresh, "content")).filter((problem) => problem.includes("testimonials")),
      [],
    );
    const db = await openDb({ databaseUrl: undefined, dataDir: env.DATA_DIR! });
    try {
      assert.equal((await db.query("SELECT 1 FROM content_drafts")).rows.length, 0);
    } finally {
      await db.close();
    }
  });

  it("refuses a name found nowhere", async () => {
    const { code, output } = await cli(NAME);
    assert.equal(code, 2);
    assert.match(
      output,
      /^„Markus“ steht in keinem Erfahrungsbericht, keinem Commit, keiner Vorschau und keinem Release\. Stimmt die Schreibweise\?/,
    );
  });
});

describe("leads erfahrungsbericht-entfernen with the name in another file too", () => {
  let dir: string;
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("restores the history, pushes nothing and says where to look", async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "urkraft-widerruf-test-"));
    const { remote, other } = seedContentRemote(dir);
    const faq = path.join(other, "content", "faq.json");
    writeFileSync(faq, readFileSync(faq, "utf8").replace(/"answer": "/, `"answer": "Frag ${NAME}: `));
    git(other, "commit", "--quiet", "-am", "Antwort ergänzt");
    git(other, "push", "--quiet", "origin", "main");
    const before = git(remote, "rev-parse", "main");
    writeFileSync(path.join(dir, "ersatz.json"), JSON.stringify(REPLACEMENT));
    const env = { DATA_DIR: path.join(dir, "data"), CONTENT_GIT_REMOTE: remote, RELEASES_DIR: path.join(dir, "releases") };
    await seedPgliteDataDir(env.DATA_DIR);
    const lines: string[] = [];
    const code = await runCli(
      ["erfahrungsbericht-entfernen", NAME, "--ersatz", path.join(dir, "ersatz.json")],
      (line) => lines.push(line),
      env,
    );
    assert.equal(code, 2);
    assert.match(
      lines.join("\n"),
      /^„Markus“ steht nach dem Entfernen des Berichts noch an anderer Stelle in der Versionsgeschichte \(git log -p -S "Markus" zeigt, wo\)\. Nichts geändert, nichts hochgeladen\./,
    );
    assert.equal(git(remote, "rev-parse", "main"), before);
    const clone = path.join(dir, "data", "content-repo");
    assert.equal(git(clone, "rev-parse", "main"), before);
    assert.equal(git(clone, "for-each-ref", "refs/original/"), "");
    assert.equal(git(clone, "status", "--porcelain"), "");
  });
});
