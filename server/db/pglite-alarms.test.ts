/**
 * PostgreSQL's statement_timeout works in the embedded database: a sleeping or file-spilling statement is
 * cancelled when its time is up (before, PGlite ran it to the end), and without a timeout nothing changes.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createPgliteDatabase, type TestDatabase } from "../test-support/databases";

describe("statement_timeout in PGlite", () => {
  let database: TestDatabase;

  before(async () => {
    database = await createPgliteDatabase();
  });
  after(async () => {
    await database?.drop();
  });

  for (const sql of ["SELECT pg_sleep(5)", "SELECT count(*) FROM generate_series(1, 50000000)"]) {
    it(`cancels ${sql} after 200 ms`, async () => {
      const started = performance.now();
      await assert.rejects(
        database.db.transaction(async (tx) => {
          await tx.query("SET LOCAL statement_timeout = 200");
          await tx.query(sql);
        }),
        { code: "57014" },
      );
      const took = performance.now() - started;
      assert.ok(took < 1_500, `cancelled after ${Math.round(took)} ms`);
    });
  }

  it("lets statements run to their end without a timeout, and answers afterwards", async () => {
    const started = performance.now();
    await database.db.query("SELECT pg_sleep(0.3)");
    assert.ok(performance.now() - started >= 290);
    const { rows } = await database.db.query<{ answer: number }>("SELECT 42 AS answer");
    assert.deepEqual(rows, [{ answer: 42 }]);
  });
});
