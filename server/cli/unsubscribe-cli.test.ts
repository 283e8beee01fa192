/**
 * `npm run leads -- unsubscribe <email> [--notiz "…"]`: a withdrawal that came by message, entered on the
 * command line, does what the unsubscribe link does (proof of consent kept with its end, queued mails
 * cancelled, the ledger a restore replays) and lands in the owner area's audit log; German output.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { openDb, type Db } from "../db";
import { databaseTargets, type TestDatabase } from "../test-support/databases";
import { ErasureLedger } from "../services/erasure-ledger";
import { runCli } from "./run";

const CONFIRMED = "juergen@beispiel.de";
const PENDING = "offen@beispiel.de";

async function store(db: Db): Promise<void> {
  for (const [email, status] of [
    [CONFIRMED, "confirmed"],
    [PENDING, "pending"],
  ] as const) {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO leads (email, name, form_page, consent_text_version, privacy_version, status, confirmed_at)
       VALUES ($1, 'Jürgen', '/', 'v1', 'p1', $2, CASE WHEN $2 = 'confirmed' THEN now() END) RETURNING id`,
      [email, status],
    );
    const id = rows[0]!.id;
    await db.query(
      `INSERT INTO lead_consents (lead_id, form_page, submitted_at, consent_text_version, privacy_version, confirmed_at)
       VALUES ($1, '/', now(), 'v1', 'p1', CASE WHEN $2 = 'confirmed' THEN now() END)`,
      [id, status],
    );
    await db.query(
      `INSERT INTO mail_outbox (kind, recipient, person_email, lead_id, subject, status, due_at, message)
       VALUES ('lead-plan-day', $1, $1, $2, 'Tag 3', 'pending', now() + interval '2 days', '{"text": "Tag 3"}')`,
      [email, id],
    );
  }
}

for (const target of databaseTargets()) {
  describe(`leads unsubscribe on ${target.driver}`, { skip: target.skip }, () => {
    let database: TestDatabase;
    let env: Record<string, string | undefined>;

    const cli = async (...args: string[]) => {
      const lines: string[] = [];
      const code = await runCli(["unsubscribe", ...args], (line) => lines.push(line), env);
      return { code, output: lines.join("\n") };
    };
    /** Opened after the command: PGlite admits one process at a time, and the CLI opens the database itself. */
    async function read<T>(work: (db: Db) => Promise<T>): Promise<T> {
      const db = await openDb({ databaseUrl: database.config.databaseUrl, dataDir: database.config.dataDir });
      try {
        return await work(db);
      } finally {
        await db.close();
      }
    }
    const stateOf = (email: string) =>
      read(async (db) => {
        const lead = await db.query<{ status: string; ended: boolean; mail: string }>(
          `SELECT l.status, bool_and(c.unsubscribed_at IS NOT NULL) FILTER (WHERE c.confirmed_at IS NOT NULL) AS ended,
                  (SELECT status FROM mail_outbox WHERE lead_id = l.id) AS mail
             FROM leads l JOIN lead_consents c ON c.lead_id = l.id WHERE l.email = $1 GROUP BY l.id`,
          [email],
        );
        return lead.rows[0]!;
      });
    const audit = () =>
      read(
        async (db) =>
          (
            await db.query<{ owner_email: string; object: string }>(
              "SELECT owner_email, object FROM audit_log WHERE action = 'unsubscribe' ORDER BY id",
            )
          ).rows,
      );

    before(async () => {
      database = await target.create();
      await store(database.db);
      env = { DATA_DIR: database.config.dataDir, DATABASE_URL: database.config.databaseUrl };
      if (target.driver === "pglite") await database.db.close();
    });
    after(async () => {
      await database?.drop();
    });

    it("unsubscribes a confirmed address as the link would, keeps the proof, and logs the note", async () => {
      const { code, output } = await cli("Juergen@Beispiel.de", "--notiz", "per Brief vom 24.11.");
      assert.equal(code, 0, output);
      assert.equal(
        output,
        "Abgemeldet: Juergen@Beispiel.de (war bestätigt). Noch geplante E-Mails an die Adresse sind abgesagt.\n" +
          "Der Nachweis der Einwilligung bleibt gespeichert; die Abmeldung steht im Protokoll der Verwaltung.",
      );
      assert.deepEqual({ ...(await stateOf(CONFIRMED)) }, { status: "unsubscribed", ended: true, mail: "cancelled" });
      assert.deepEqual(await audit(), [
        { owner_email: "Kommandozeile", object: "j***@beispiel.de (war bestätigt): per Brief vom 24.11." },
      ]);
      const ledger = new ErasureLedger(database.config.dataDir);
      assert.deepEqual(
        ledger.entries().map((entry) => [entry.kind, entry.key]),
        [["abgemeldet", ledger.keyOf(CONFIRMED)]],
      );

      const again = await cli(CONFIRMED);
      assert.equal(again.code, 0);
      assert.equal(again.output, "juergen@beispiel.de ist schon abgemeldet. Nichts geändert.");
      assert.equal((await audit()).length, 1);
      assert.equal(ledger.entries().length, 1);
    });

    it("unsubscribes a pending sign-up without a note", async () => {
      const { code, output } = await cli(PENDING);
      assert.equal(code, 0, output);
      assert.match(output, /^Abgemeldet: offen@beispiel\.de \(war unbestätigt\)\./);
      assert.equal((await stateOf(PENDING)).status, "unsubscribed");
      assert.equal((await stateOf(PENDING)).mail, "cancelled");
      assert.equal((await audit()).at(-1)!.object, "o***@beispiel.de (war unbestätigt)");
    });

    it("says so for an address without sign-up, and explains its usage", async () => {
      const unknown = await cli("niemand@beispiel.de");
      assert.equal(unknown.code, 0);
      assert.equal(unknown.output, "Zu niemand@beispiel.de gibt es keine Anmeldung für unsere E-Mails. Nichts geändert.");
      for (const args of [
        [],
        ["a@beispiel.de", "b@beispiel.de"],
        ["a@beispiel.de", "--notiz"],
        ["a@beispiel.de", "--grund", "x"],
      ]) {
        const wrong = await cli(...args);
        assert.equal(wrong.code, 2, args.join(" "));
        assert.match(
          wrong.output,
          /Aufruf:[\s\S]*unsubscribe <email> \[--notiz "…"\] +meldet eine Person von unseren E-Mails ab/,
        );
      }
      const long = await cli("a@beispiel.de", "--notiz", "x".repeat(201));
      assert.equal(long.code, 2);
      assert.match(long.output, /Die Notiz ist zu lang \(höchstens 200 Zeichen\)/);
    });
  });
}
