/**
 * Erasing a person while another transaction holds some of their queued mails and then waits for one the
 * erasure holds (as the mail worker can): PostgreSQL ends the erasure's transaction as the deadlock's victim
 * ("deadlock detected"), and the erasure runs again once the other has gone on, instead of failing.
 * PostgreSQL only: PGlite runs one transaction at a time and cannot deadlock.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import pg from "pg";
import { databaseTargets, type TestDatabase } from "../test-support/databases";
import { erasePerson } from "./privacy";

const target = databaseTargets().find((candidate) => candidate.driver === "postgres")!;
const EMAIL = "erna.konflikt@beispiel.de";

describe("an erasure meeting a deadlock (PostgreSQL)", { skip: target.skip }, () => {
  let database: TestDatabase;
  let other: pg.Client;

  before(async () => {
    database = await target.create();
    other = new pg.Client({ connectionString: database.config.databaseUrl });
    await other.connect();
  });

  after(async () => {
    await other?.end();
    await database?.drop();
  });

  it("is run again after PostgreSQL ends it as the deadlock's victim, and erases everything", async () => {
    const { rows } = await database.db.query<{ id: string }>(
      `INSERT INTO mail_outbox (kind, recipient, person_email, subject)
       VALUES ('lead-welcome', $1, $1, 'Willkommen'), ('lead-plan', $1, $1, 'Tag 1') RETURNING id`,
      [EMAIL],
    );
    const [first, second] = rows.map((row) => Number(row.id));
    // The other transaction holds the second mail; the erasure takes the first and waits for the second.
    await other.query("BEGIN");
    await other.query("SELECT id FROM mail_outbox WHERE id = $1 FOR UPDATE", [second]);
    const erasure = erasePerson(database.db, EMAIL);
    const settled = erasure.then(
      (result) => ({ result }),
      (error: Error) => ({ error }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Now the other waits for the first: a cycle. The erasure waited first, so its check finds it and it is ended.
    const otherWaits = other.query("SELECT id FROM mail_outbox WHERE id = $1 FOR UPDATE", [first]);
    await otherWaits;
    await other.query("COMMIT");

    const outcome = await settled;
    assert.equal("error" in outcome ? outcome.error.message : undefined, undefined);
    assert.deepEqual("result" in outcome && outcome.result, { leads: 0, contactRequests: 0, mails: 2 });
    const left = await database.db.query("SELECT id FROM mail_outbox WHERE person_email = $1", [EMAIL]);
    assert.equal(left.rows.length, 0);
  });
});
