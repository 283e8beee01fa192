/**
 * A restored backup must not bring back who unsubscribed or was erased after it was taken: the list of
 * unsubscribes and erasures outside the database enters them again, says so on the command line and in the
 * audit log, and the server does the same when it starts, before it sends mail.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import { openDb, type Db } from "../db";
import { createPostgresDatabaseUrl, databaseTargets, postgresSkipReason } from "../test-support/databases";
import { ErasureLedger, LEDGER_FILE } from "../services/erasure-ledger";
import { unsubscribeLead } from "../services/lead-unsubscribe";
import { newToken } from "../services/link-tokens";
import { runCli } from "./run";

const ERASED = "geloescht@beispiel.de";
const LEAVER = "abgemeldet@beispiel.de";
const STAYS = "bleibt@beispiel.de";
const COMES_BACK = "wieder-da@beispiel.de";
/** Withdrew by letter; the owner entered it with `leads unsubscribe`. */
const BY_LETTER = "per-brief@beispiel.de";

async function confirmedLead(db: Db, email: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO leads (email, name, form_page, submitted_at, consent_text_version, privacy_version, status, confirmed_at)
     VALUES ($1, 'Test', '/', now() - interval '2 days', 'v', 'p', 'confirmed', now() - interval '1 day') RETURNING id`,
    [email],
  );
  await db.query(
    `INSERT INTO lead_consents (lead_id, form_page, submitted_at, consent_text_version, privacy_version, confirmed_at)
     VALUES ($1, '/', now() - interval '2 days', 'v', 'p', now() - interval '1 day')`,
    [rows[0]!.id],
  );
  return rows[0]!.id;
}

async function unsubscribeLink(db: Db, leadId: number): Promise<string> {
  const { token, hash } = newToken();
  await db.query("INSERT INTO lead_tokens (lead_id, token_hash, purpose) VALUES ($1, $2, 'unsubscribe')", [leadId, hash]);
  return token;
}

const postgres = databaseTargets().find((target) => target.driver === "postgres")!;
const noPsql = spawnSync("psql", ["--version"]).status !== 0 && "psql ist nicht installiert";

describe("restoring an older backup", { skip: postgresSkipReason() || noPsql }, () => {
  it("erases again who was erased and unsubscribes again who unsubscribed since, and tells the owner", async () => {
    const database = await postgres.create();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "urkraft-ledger-"));
    const restoredDb = await createPostgresDatabaseUrl();
    const env = { DATABASE_URL: database.config.databaseUrl, DATA_DIR: dataDir };
    const restoredEnv = { DATABASE_URL: restoredDb.url, DATA_DIR: dataDir };
    const ledger = new ErasureLedger(dataDir);
    try {
      const { db } = database;
      await confirmedLead(db, ERASED);
      await db.query(
        "INSERT INTO contact_requests (name, email, message, form_page) VALUES ('Test', $1, 'Hallo', '/kontakt-unterstuetzung')",
        [ERASED],
      );
      const leaverLink = await unsubscribeLink(db, await confirmedLead(db, LEAVER));
      await confirmedLead(db, STAYS);
      const returnerLink = await unsubscribeLink(db, await confirmedLead(db, COMES_BACK));
      await confirmedLead(db, BY_LETTER);
      const dump = path.join(dataDir, "sicherung.sql");
      assert.equal(await runCli(["backup", "--out", dump], () => undefined, env), 0);

      // After the backup: one person is erased, three unsubscribe (one by letter), and one of them signs up and confirms again.
      assert.equal(await runCli(["erase", ERASED.toUpperCase()], () => undefined, env), 0);
      assert.equal(await unsubscribeLead(db, leaverLink, ledger), "done");
      assert.equal(await unsubscribeLead(db, returnerLink, ledger), "done");
      assert.equal(await runCli(["unsubscribe", BY_LETTER, "--notiz", "per Brief"], () => undefined, env), 0);
      const ledgerText = await readFile(path.join(dataDir, LEDGER_FILE), "utf8");
      assert.equal(ledgerText.trim().split("\n").length, 4);
      for (const address of [ERASED, LEAVER, COMES_BACK, BY_LETTER])
        assert.ok(!ledgerText.includes(address), "no address in the list");

      // The failure: the database is lost and the backup goes back into an empty one.
      const restore = spawnSync("psql", [restoredDb.url, "-v", "ON_ERROR_STOP=1", "-1", "-q", "-f", dump], { encoding: "utf8" });
      assert.equal(restore.status, 0, restore.stderr);
      const restored = await openDb({ databaseUrl: restoredDb.url, dataDir }, { migrate: false });
      try {
        const before = await restored.query("SELECT email FROM leads WHERE status = 'confirmed' ORDER BY email");
        assert.equal(before.rows.length, 5, "the backup brings all five back as subscribed");
        // The returner signed up and confirmed again after unsubscribing: that new choice stays.
        await restored.query(
          "UPDATE leads SET submitted_at = now(), confirmed_at = now() + interval '1 second' WHERE email = $1",
          [COMES_BACK],
        );

        const lines: string[] = [];
        assert.equal(await runCli(["restore-check"], (line) => lines.push(line), restoredEnv), 0);
        assert.match(lines.join("\n"), /Abmelde- und Löschliste: 4 Einträge \(/);
        assert.match(
          lines.join("\n"),
          /Erneut eingetragen: 1 Person erneut gelöscht, 2 Anmeldungen erneut abgemeldet\. Im Protokoll/,
        );

        const leads = await restored.query<{ email: string; status: string }>("SELECT email, status FROM leads ORDER BY email");
        assert.deepEqual(leads.rows, [
          { email: LEAVER, status: "unsubscribed" },
          { email: STAYS, status: "confirmed" },
          { email: BY_LETTER, status: "unsubscribed" },
          { email: COMES_BACK, status: "confirmed" },
        ]);
        const requests = await restored.query("SELECT 1 FROM contact_requests WHERE lower(email) = $1", [ERASED]);
        assert.equal(requests.rows.length, 0, "the erased person's request is gone again");
        const proof = await restored.query<{ unsubscribed_at: Date | null }>(
          "SELECT c.unsubscribed_at FROM lead_consents c JOIN leads l ON l.id = c.lead_id WHERE l.email = $1",
          [LEAVER],
        );
        assert.ok(proof.rows[0]!.unsubscribed_at, "the proof of consent records the unsubscribe again");
        const log = await restored.query<{ owner_email: string; object: string }>(
          "SELECT owner_email, object FROM audit_log WHERE action = 'ledger-replayed'",
        );
        assert.deepEqual(log.rows, [
          { owner_email: "Wiederherstellung", object: "1 Person erneut gelöscht, 2 Anmeldungen erneut abgemeldet" },
        ]);

        const again: string[] = [];
        assert.equal(await runCli(["restore-check"], (line) => again.push(line), restoredEnv), 0);
        assert.match(again.join("\n"), /Nichts erneut einzutragen/);
      } finally {
        await restored.close();
      }
    } finally {
      await restoredDb.drop();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("keeps entries only as long as a backup could bring someone back", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "urkraft-ledger-"));
    try {
      const ledger = new ErasureLedger(dataDir);
      const now = new Date("2026-12-01T12:00:00Z");
      ledger.record("alt@beispiel.de", "gelöscht", new Date("2026-11-10T12:00:00Z"));
      ledger.record("neu@beispiel.de", "abgemeldet", new Date("2026-11-25T12:00:00Z"));
      assert.equal(ledger.prune(15, now), 1);
      assert.deepEqual(
        ledger.entries().map((entry) => entry.kind),
        ["abgemeldet"],
      );
      assert.equal(ledger.keyOf(" Neu@Beispiel.DE "), ledger.keyOf("neu@beispiel.de"), "the key ignores case and spaces");
      const otherDir = await mkdtemp(path.join(os.tmpdir(), "urkraft-ledger-"));
      try {
        assert.notEqual(new ErasureLedger(otherDir).keyOf("neu@beispiel.de"), ledger.keyOf("neu@beispiel.de"));
      } finally {
        await rm(otherDir, { recursive: true, force: true });
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
