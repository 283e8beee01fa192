/**
 * A fresh checkout has no releases/ folder yet: the server starts without a warning and serving previews
 * works from the first start on.
 */
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { emptyPgliteDatabase } from "../test-support/databases";
import { LogCapture, startApp, testConfig } from "../test-support/app-harness";

test("a first start without a releases folder logs no warning and creates the previews folder", async () => {
  const releases = path.join(mkdtempSync(path.join(os.tmpdir(), "urkraft-releases-")), "releases");
  const database = await emptyPgliteDatabase();
  const log = new LogCapture();
  const app = await startApp(testConfig(database, { RELEASES_DIR: releases }), log);
  try {
    const warnings = log.lines.filter((line) => Number(line.level) >= 40).map((line) => line.msg);
    assert.deepEqual(warnings, []);
    assert.ok(existsSync(path.join(releases, "previews")));
  } finally {
    await app.close();
    await database.drop();
    rmSync(path.dirname(releases), { recursive: true, force: true });
  }
});
