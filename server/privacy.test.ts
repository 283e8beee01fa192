/**
 * The data-subject commands of `npm run leads`: show (Art. 15), erase (Art. 17) and purge (retention
 * periods of content/site.json), run through the CLI's own entry against real data.
 */
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import site from "../content/site.json";
import { runCli } from "./cli/run";
import { openDb } from "./db";
import { loadConfig } from "./config";
import { linkIn, onBothDrivers, outboxSettled, pathOf, startApp, testConfig } from "./mail/testing/harness";
import type { TestDatabase } from "./mail/testing/databases";

async function cli(database: TestDatabase, ...argv: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await runCli(argv, (line) => lines.push(line), { ...database.env, LOG_LEVEL: "silent" });
  return { code, output: lines.join("\n") };
}

async function confirmLinkFor(database: TestDatabase, email: string): Promise<string> {
  const dir = path.join(database.dataDir, "outbox");
  for (const file of (await readdir(dir)).filter((name) => name.endsWith("lead-confirmation.eml"))) {
    const mail = await simpleParser(await readFile(path.join(dir, file)));
    if (mail.to && !Array.isArray(mail.to) && mail.to.value[0]?.address === email) {
      return pathOf(linkIn(mail.text ?? "", "/api/leads/confirm?token="));
    }
  }
  throw new Error(`no confirmation mail for ${email}`);
}

onBothDrivers("privacy commands", async (t, database) => {
  const app = await startApp(testConfig(database));
  const post = (url: string, payload: Record<string, string>) =>
    app.inject({ method: "POST", url, payload: { website: "", ...payload } });
  await post("/api/leads", { name: "Anna Auskunft", email: "anna@example.de" });
  await post("/api/contact", { name: "Anna Auskunft", email: "anna@example.de", message: "Meine Frage an euch." });
  await post("/api/leads", { name: "Bernd Bleibt", email: "bernd@example.de" });
  await post("/api/contact", { name: "Bernd Bleibt", email: "bernd@example.de", message: "Bernds Frage." });
  await outboxSettled(app);
  const confirm = await app.inject({ method: "GET", url: await confirmLinkFor(database, "anna@example.de") });
  assert.equal(confirm.headers.location, "/anmeldung-bestaetigt");
  await outboxSettled(app);
  // The CLI opens the database itself; PGlite allows one opener at a time.
  await app.close();

  await t.test("show: everything about one person as JSON, whatever the case of the address", async () => {
    const { code, output } = await cli(database, "show", "ANNA@example.de");
    assert.equal(code, 0);
    const data = JSON.parse(output) as Record<string, Record<string, unknown>[]>;
    assert.equal(data.leads!.length, 1);
    const lead = data.leads![0]!;
    assert.equal(lead.email, "anna@example.de");
    assert.equal(lead.name, "Anna Auskunft");
    assert.equal(lead.status, "confirmed");
    assert.equal(lead.consent_text_version, site.consent.version);
    for (const field of ["form_page", "submitted_at", "confirmed_at", "privacy_version", "confirmation_sent_at"]) {
      assert.ok(lead[field], `lead.${field}`);
    }
    assert.deepEqual(data.leadLinks!.map((l) => l.purpose).sort(), ["confirm", "unsubscribe"]);
    assert.ok(!output.includes("token_hash"), "hashes are of no use to the person and stay out");
    assert.deepEqual(
      data.contactRequests!.map((r) => r.message),
      ["Meine Frage an euch."],
    );
    assert.deepEqual(data.mails!.map((m) => m.kind).sort(), [
      "contact-acknowledgment",
      "contact-notification",
      "lead-confirmation",
      "lead-welcome",
    ]);
    assert.ok(data.mails!.every((m) => m.status === "sent"));
    assert.ok(!output.includes("bernd"), "nothing about anyone else");
  });

  await t.test("erase: the person is gone from leads, links, contact requests and the outbox", async () => {
    const { code, output } = await cli(database, "erase", "Anna@Example.de");
    assert.equal(code, 0);
    assert.match(output, /1 Lead\(s\), 1 Kontaktanfrage\(n\), 4 E-Mail\(s\)/);

    const after = JSON.parse((await cli(database, "show", "anna@example.de")).output) as Record<string, unknown[]>;
    assert.deepEqual([after.leads, after.leadLinks, after.contactRequests, after.mails], [[], [], [], []]);

    const db = await openDb(loadConfig(database.env));
    try {
      const { rows } = await db.query<{ hits: number }>(
        `SELECT (SELECT count(*) FROM lead_tokens t JOIN leads l ON l.id = t.lead_id WHERE l.email <> 'bernd@example.de')::int
              + (SELECT count(*) FROM lead_tokens WHERE lead_id NOT IN (SELECT id FROM leads))::int
              + (SELECT count(*) FROM mail_outbox WHERE message::text ILIKE '%anna%' OR person_email ILIKE '%anna%')::int
              + (SELECT count(*) FROM contact_requests WHERE message LIKE '%Meine Frage%')::int AS hits`,
      );
      assert.equal(rows[0]!.hits, 0, "no token, mail or message of hers remains");
    } finally {
      await db.close();
    }
    const bernd = JSON.parse((await cli(database, "show", "bernd@example.de")).output) as Record<string, unknown[]>;
    assert.equal(bernd.leads!.length, 1);
    assert.equal(bernd.contactRequests!.length, 1);
    assert.equal(bernd.mails!.length, 3);
  });

  await t.test("purge: deletes exactly what is past the periods of site.json", async () => {
    const { unconfirmedLeadDays, contactRequestDays, sentMailDays } = site.retention;
    const db = await openDb(loadConfig(database.env));
    try {
      const lead = async (email: string, status: string, ageDays: number) =>
        db.query(
          `INSERT INTO leads (email, name, form_page, consent_text_version, privacy_version, status, submitted_at)
           VALUES ($1, 'Alt', '/', 'v', 'v', $2, now() - $3::integer * interval '1 day' + interval '1 hour')`,
          [email, status, ageDays],
        );
      await lead("pending-old@example.de", "pending", unconfirmedLeadDays + 1);
      await lead("pending-young@example.de", "pending", unconfirmedLeadDays - 1);
      await lead("confirmed-old@example.de", "confirmed", 400);
      const contact = (email: string, ageDays: number) =>
        db.query(
          `INSERT INTO contact_requests (name, email, message, form_page, submitted_at)
           VALUES ('Alt', $1, 'Text', '/kontakt-unterstuetzung', now() - $2::integer * interval '1 day' + interval '1 hour')`,
          [email, ageDays],
        );
      await contact("contact-old@example.de", contactRequestDays + 1);
      await contact("contact-young@example.de", contactRequestDays - 1);
      const mail = (email: string, status: string, ageDays: number) =>
        db.query(
          `INSERT INTO mail_outbox (kind, recipient, person_email, subject, status, created_at, sent_at)
           VALUES ('lead-welcome', $1, $1, 'Betreff', $2, now() - $3::integer * interval '1 day',
                   CASE WHEN $2 = 'sent' THEN now() - $3::integer * interval '1 day' END)`,
          [email, status, ageDays],
        );
      await mail("mail-old@example.de", "sent", sentMailDays + 1);
      await mail("mail-young@example.de", "sent", sentMailDays - 1);
      await mail("mail-cancelled@example.de", "cancelled", sentMailDays + 1);
      await mail("mail-waiting@example.de", "pending", sentMailDays + 5);
    } finally {
      await db.close();
    }

    const { code, output } = await cli(database, "purge");
    assert.equal(code, 0);
    assert.match(
      output,
      /Gelöscht: 1 unbestätigte\(r\) Lead\(s\) älter als 7 Tage, 1 Kontaktanfrage\(n\) älter als 180 Tage, 2 E-Mail/,
    );

    const check = await openDb(loadConfig(database.env));
    try {
      const emails = async (sql: string) => (await check.query<{ email: string }>(sql)).rows.map((row) => row.email).sort();
      assert.deepEqual(await emails("SELECT email FROM leads WHERE name = 'Alt'"), [
        "confirmed-old@example.de",
        "pending-young@example.de",
      ]);
      assert.deepEqual(await emails("SELECT email FROM contact_requests WHERE name = 'Alt'"), ["contact-young@example.de"]);
      assert.deepEqual(await emails("SELECT recipient AS email FROM mail_outbox WHERE subject = 'Betreff'"), [
        "mail-waiting@example.de",
        "mail-young@example.de",
      ]);
    } finally {
      await check.close();
    }
  });

  await t.test("a missing or extra argument is a usage error", async () => {
    assert.equal((await cli(database, "show")).code, 2);
    assert.equal((await cli(database, "erase", "a@example.de", "b@example.de")).code, 2);
    assert.equal((await cli(database, "purge", "--all")).code, 2);
  });
});
