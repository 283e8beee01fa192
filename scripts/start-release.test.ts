/** `npm run start:release` before the first deploy says what to run first; with a release it runs its server.mjs. */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";

function startRelease(releasesDir: string) {
  return spawnSync("npm", ["run", "-s", "start:release"], {
    env: { ...process.env, RELEASES_DIR: releasesDir },
    encoding: "utf8",
    timeout: 30_000,
  });
}

test("without a release it names the command to run first, in German, without a stack trace", (t) => {
  const releasesDir = mkdtempSync(path.join(tmpdir(), "urkraft-no-release-"));
  t.after(() => rmSync(releasesDir, { recursive: true, force: true }));
  const run = startRelease(releasesDir);
  assert.equal(run.status, 1);
  assert.match(run.stderr, /Es ist noch keine Release live/);
  assert.match(run.stderr, /npm run deploy/);
  assert.doesNotMatch(run.stderr, /Cannot find module|ERR_MODULE_NOT_FOUND|at .*\(node:/);
});

test("with a release it runs the live release's server.mjs with the script's node flags", (t) => {
  const releasesDir = mkdtempSync(path.join(tmpdir(), "urkraft-release-"));
  t.after(() => rmSync(releasesDir, { recursive: true, force: true }));
  mkdirSync(path.join(releasesDir, "r1"));
  writeFileSync(
    path.join(releasesDir, "r1", "server.mjs"),
    "console.log(JSON.stringify({ flags: process.execArgv, releasesDir: process.env.RELEASES_DIR }));\n",
  );
  symlinkSync("r1", path.join(releasesDir, "current"));
  const run = startRelease(releasesDir);
  assert.equal(run.status, 0, run.stderr);
  const started = JSON.parse(run.stdout.trim()) as { flags: string[]; releasesDir: string };
  assert.equal(started.releasesDir, releasesDir);
  for (const flag of ["--liftoff-only", "--max-semi-space-size=4", "--max-old-space-size=128", "--enable-source-maps"]) {
    assert.ok(started.flags.includes(flag), `${flag} fehlt in ${started.flags.join(" ")}`);
  }
});
