/** The crash test as part of the server tests: a few seconds of load, SIGKILL, restart, count. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createPostgresDatabaseUrl, postgresSkipReason } from "../server/test-support/databases";
import { runCrashTest } from "./server-load/crash-test";

describe("crash test: SIGKILL under load loses no acknowledged submission", () => {
  it("on PGlite", { timeout: 240_000 }, async () => {
    const result = await runCrashTest({ loadMs: 3000, concurrency: 8 });
    assert.ok(result.accepted >= 20, `only ${result.accepted} submissions were accepted before the kill`);
    assert.deepEqual(result.missing, []);
    assert.deepEqual(result.duplicates, []);
    assert.equal(result.storedAccepted, result.accepted);
  });

  it("on PostgreSQL", { timeout: 240_000, skip: postgresSkipReason() }, async () => {
    const database = await createPostgresDatabaseUrl();
    try {
      const result = await runCrashTest({ databaseUrl: database.url, loadMs: 3000, concurrency: 8 });
      assert.ok(result.accepted >= 20, `only ${result.accepted} submissions were accepted before the kill`);
      assert.deepEqual(result.missing, []);
      assert.deepEqual(result.duplicates, []);
      assert.equal(result.storedAccepted, result.accepted);
    } finally {
      await database.drop();
    }
  });
});
