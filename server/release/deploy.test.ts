/**
 * Deploys into a temporary releases folder with the real content check and the real server build; the
 * Gatsby build is a small stand-in that writes public/ (the real one runs in `npm run bench:deploy` and the
 * browser test). Each fault leaves the live release as it was and says in German what happened.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { ReleaseError, listReleases, liveRelease, pointedRelease } from "./releases";
import { realBuildSteps, type BuildSteps } from "./build-steps";
import { deploy, prune, releaseTable, rollback } from "./deploy";

const repoDir = path.resolve(__dirname, "../..");
const scratch = mkdtempSync(path.join(os.tmpdir(), "urkraft-deploy-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

function project(): string {
  const dir = mkdtempSync(path.join(scratch, "project-"));
  cpSync(path.join(repoDir, "content"), path.join(dir, "content"), { recursive: true });
  return dir;
}

function steps(page: (projectDir: string) => string, extra: Partial<BuildSteps> = {}): BuildSteps {
  return {
    checkContent: realBuildSteps.checkContent,
    async buildSite(projectDir) {
      mkdirSync(path.join(projectDir, "public"), { recursive: true });
      writeFileSync(path.join(projectDir, "public", "index.html"), page(projectDir));
    },
    buildServer: (_projectDir, outfile) => realBuildSteps.buildServer(repoDir, outfile),
    ...extra,
  };
}

let clock = Date.parse("2026-11-25T10:00:00Z");
const tick = () => new Date((clock += 60_000));
const quiet = () => {};

async function deployPage(projectDir: string, releasesDir: string, html: string, extra: Partial<BuildSteps> = {}) {
  return deploy({ projectDir, releasesDir, steps: steps(() => html, extra), now: tick(), log: quiet });
}

const livePage = (releasesDir: string) => readFileSync(path.join(releasesDir, "current", "public", "index.html"), "utf8");

describe("npm run deploy", () => {
  it("builds a release with public/, server and content, switches current, lists and rolls back", async () => {
    const dir = project();
    const releases = path.join(dir, "releases");
    const first = await deployPage(dir, releases, "<p>eins</p>");
    const second = await deployPage(dir, releases, "<p>zwei</p>");
    for (const file of ["server.mjs", "content/site.json", "release.json", "public/index.html"]) {
      assert.ok(existsSync(path.join(releases, second.id, file)), file);
    }
    assert.equal(pointedRelease(releases), second.id);
    assert.equal(livePage(releases), "<p>zwei</p>");
    assert.equal(first.serverFingerprint, second.serverFingerprint, "same server and server content");
    assert.match(releaseTable(releases), new RegExp(`live → ${second.id}[^\\n]*\\n\\s+${first.id}`));

    const started = Date.now();
    assert.equal(rollback(releases).id, first.id);
    assert.ok(Date.now() - started < 5000);
    assert.equal(livePage(releases), "<p>eins</p>");
    assert.throws(() => rollback(releases), /Kein früheres Release vorhanden: .* ist das älteste/);
    assert.equal(rollback(releases, second.id).id, second.id);
  });

  it("gives a new server fingerprint when mail texts change, not when a testimonial does", async () => {
    const dir = project();
    const releases = path.join(dir, "releases");
    const base = await deployPage(dir, releases, "a");
    const testimonials = path.join(dir, "content", "testimonials.json");
    writeFileSync(testimonials, readFileSync(testimonials, "utf8").replace("Markus", "Marco"));
    assert.equal((await deployPage(dir, releases, "b")).serverFingerprint, base.serverFingerprint);
    const mail = path.join(dir, "content", "emails", "lead-welcome.md");
    writeFileSync(mail, `${readFileSync(mail, "utf8")}\nNoch ein Satz.\n`);
    assert.notEqual((await deployPage(dir, releases, "c")).serverFingerprint, base.serverFingerprint);
  });

  it("keeps the five newest releases and the live one", async () => {
    const dir = project();
    const releases = path.join(dir, "releases");
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await deployPage(dir, releases, `<p>${i}</p>`));
    assert.deepEqual(
      listReleases(releases).map((release) => release.id),
      made
        .slice(2)
        .map((release) => release.id)
        .reverse(),
    );
    rollback(releases, made[2]!.id);
    for (let i = 0; i < 5; i++) await deployPage(dir, releases, `<p>neu ${i}</p>`);
    // The last deploy made its own release live, so the old one may go.
    assert.equal(listReleases(releases).length, 5);
    mkdirSync(path.join(releases, ".staging-20261125T000000Z-abc1234"));
    assert.deepEqual(prune(releases), [".staging-20261125T000000Z-abc1234"]);
  });

  it("refuses a content mistake naming file and field, and leaves the live release", async () => {
    const dir = project();
    const releases = path.join(dir, "releases");
    const live = await deployPage(dir, releases, "<p>live</p>");
    const testimonials = path.join(dir, "content", "testimonials.json");
    writeFileSync(testimonials, readFileSync(testimonials, "utf8").replace('"rating": 5', '"rating": 9'));
    let built = false;
    await assert.rejects(
      deployPage(dir, releases, "<p>kaputt</p>", { buildSite: async () => void (built = true) }),
      (error: Error) =>
        error instanceof ReleaseError &&
        /content\/testimonials\.json/.test(error.message) &&
        /rating/.test(error.message) &&
        error.message.includes(`Nichts veröffentlicht. Live bleibt Release ${live.id}.`),
    );
    assert.equal(built, false, "no build after a failed content check");
    assert.equal(pointedRelease(releases), live.id);
    assert.equal(livePage(releases), "<p>live</p>");
  });

  it("leaves the live release when the build fails halfway, with nothing half-made left", async () => {
    const dir = project();
    const releases = path.join(dir, "releases");
    const live = await deployPage(dir, releases, "<p>live</p>");
    await assert.rejects(
      deployPage(dir, releases, "", {
        async buildSite(projectDir) {
          writeFileSync(path.join(projectDir, "public", "index.html"), "<p>halb</p>");
          await realBuildSteps.buildSite(path.join(projectDir, "gibt-es-nicht"));
        },
      }),
      /Der Build der Seite \(npm run build:site\) (ist fehlgeschlagen|ließ sich nicht starten).* Nichts veröffentlicht\. Live bleibt Release/s,
    );
    assert.equal(pointedRelease(releases), live.id);
    assert.equal(livePage(releases), "<p>live</p>");
    assert.deepEqual(readdirSync(releases).sort(), [live.id, "current"].sort());
  });

  it("refuses a second deploy while one runs", async () => {
    const dir = project();
    const releases = path.join(dir, "releases");
    let finish = () => {};
    const building = new Promise<void>((resolve) => (finish = resolve));
    let started = () => {};
    const buildStarted = new Promise<void>((resolve) => (started = resolve));
    const first = deployPage(dir, releases, "<p>eins</p>", {
      async buildSite(projectDir) {
        started();
        await building;
        await steps(() => "<p>eins</p>").buildSite(projectDir);
      },
    });
    await buildStarted;
    await assert.rejects(deployPage(dir, releases, "<p>zwei</p>"), /Es läuft schon ein Deploy \(Prozess \d+\)/);
    assert.throws(() => rollback(releases), /Es läuft schon ein Deploy/);
    finish();
    await first;
    assert.equal(livePage(releases), "<p>eins</p>");
    // A lock left by a killed deploy does not block the next one.
    writeFileSync(path.join(releases, ".deploy.lock"), "999999999");
    await deployPage(dir, releases, "<p>drei</p>");
    assert.equal(livePage(releases), "<p>drei</p>");
  });

  it("falls back to the newest complete release when the live folder was deleted by hand", async () => {
    const dir = project();
    const releases = path.join(dir, "releases");
    const older = await deployPage(dir, releases, "<p>alt</p>");
    const newer = await deployPage(dir, releases, "<p>neu</p>");
    rmSync(path.join(releases, newer.id), { recursive: true });
    const live = liveRelease(releases);
    assert.equal(live.release?.id, older.id);
    assert.match(
      live.fallback ?? "",
      new RegExp(`Release ${newer.id} fehlt oder ist unvollständig.*neueste vollständige: ${older.id}`),
    );
    assert.match(releaseTable(releases), /fehlt oder ist unvollständig/);
    assert.throws(() => rollback(releases, newer.id), /gibt es nicht/);
    // A half-written folder (no release.json) never counts.
    mkdirSync(path.join(releases, "20991231T000000Z-abcdef1", "public"), { recursive: true });
    assert.equal(liveRelease(releases).release?.id, older.id);
  });

  it("keeps serving the old release after a crash between making the new link and renaming it", async () => {
    const dir = project();
    const releases = path.join(dir, "releases");
    const live = await deployPage(dir, releases, "<p>live</p>");
    symlinkSync("20991231T000000Z-abcdef1", path.join(releases, ".current-12345"));
    assert.equal(liveRelease(releases).release?.id, live.id);
    const next = await deployPage(dir, releases, "<p>neu</p>");
    assert.equal(liveRelease(releases).release?.id, next.id);
  });

  it(
    "says the disk is full and leaves the live release when the copy runs out of space",
    { skip: !isRoot() && "braucht root für ein kleines tmpfs" },
    async (t) => {
      const dir = project();
      const releases = path.join(dir, "releases");
      mkdirSync(releases);
      try {
        execFileSync("mount", ["-t", "tmpfs", "-o", "size=8m", "tmpfs", releases], { stdio: "ignore" });
      } catch {
        t.skip("tmpfs lässt sich hier nicht einhängen (Container ohne CAP_SYS_ADMIN)");
        return;
      }
      try {
        const live = await deployPage(dir, releases, "<p>live</p>");
        await assert.rejects(
          deployPage(dir, releases, `<p>${"x".repeat(5 * 1024 * 1024)}</p>`),
          /Kein Platz mehr auf dem Datenträger.*Nichts veröffentlicht\. Live bleibt Release/s,
        );
        assert.equal(livePage(releases), "<p>live</p>");
        assert.deepEqual(readdirSync(releases).sort(), [live.id, "current"].sort());
      } finally {
        execFileSync("umount", ["-l", releases]);
      }
    },
  );
});

function isRoot(): boolean {
  return process.getuid?.() === 0;
}
