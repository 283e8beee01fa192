/**
 * `npm run deploy -- --ship`, as the workflow runs it after the tests, here to a folder on this machine
 * instead of over SSH (the same rsync and the same activation command): the release arrives complete and
 * is live on the target.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { pointedRelease, readRelease } from "./releases";
import { createReleasesFixture } from "../test-support/release-fixture";
import { parseTarget } from "./ship";

const repoDir = path.resolve(__dirname, "../..");
const target = mkdtempSync(path.join(os.tmpdir(), "urkraft-ship-"));
const releases = createReleasesFixture();
after(() => {
  rmSync(target, { recursive: true, force: true });
  releases.remove();
});

describe("npm run deploy -- --ship", () => {
  it("copies the live release to the target and makes it live there", async () => {
    const release = await releases.add({
      id: "20261125T100000Z-abcdef1",
      marker: "Versandt",
      bundle: "app-abcdefabcdefabcdefab.js",
    });
    for (const name of ["package.json", "node_modules", "scripts", "server", "src", "tsconfig.json"]) {
      symlinkSync(path.join(repoDir, name), path.join(target, name));
    }
    mkdirSync(path.join(target, "releases"));
    const result = spawnSync("npm", ["run", "-s", "deploy", "--", "--ship"], {
      cwd: repoDir,
      encoding: "utf8",
      env: { ...process.env, RELEASES_DIR: releases.releasesDir, DEPLOY_TARGET: target },
    });
    assert.equal(result.status, 0, result.stderr + result.stdout);
    assert.match(result.stdout, new RegExp(`Release ${release.id} ist auf ${target} live`));
    const shipped = path.join(target, "releases");
    assert.equal(pointedRelease(shipped), release.id);
    assert.deepEqual(readRelease(shipped, release.id), release);
    assert.match(readFileSync(path.join(shipped, "current", "public", "index.html"), "utf8"), /Versandt/);
  });

  it("reads DEPLOY_TARGET as host:path or a folder, and says what is wrong", () => {
    assert.deepEqual(parseTarget("deploy@www.urkraft.de:/srv/urkraft"), {
      host: "deploy@www.urkraft.de",
      projectDir: "/srv/urkraft",
    });
    assert.deepEqual(parseTarget("/srv/urkraft"), { host: undefined, projectDir: "/srv/urkraft" });
    assert.throws(() => parseTarget(undefined), /DEPLOY_TARGET fehlt/);
    assert.throws(() => parseTarget("srv/urkraft"), /weder host:\/pfad noch ein absoluter Pfad/);
  });
});
