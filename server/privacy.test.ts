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
import { readConsentVersions } from "./services/consent-versions";
import { openDb } from "./db";
import { loadConfig } from "./config";
import { clickThrough, linkIn, onBothDrivers, outboxSettled, startApp, testConfig, waitUntil } from "./test-support/app-harness";
import type { EmptyDatabase } from "./test-support/databases";

async function cli(database: EmptyDatabase, ...argv: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await runCli(argv, (line) => lines.push(line), { ...database.env, LOG_LEVEL: "silent" });
  return { code, output: lines.join("\n") };
}

async function confirmLinkFor(database: EmptyDatabase, email: string): Promise<string> {
  const dir = path.join(database.config.dataDir, "outbox");
  for (const file of (await readdir(dir)).filter((name) => name.endsWith("lead-confirmation.eml"))) {
    const mail = await simpleParser(await readFile(path.join(dir, file)));
    if (mail.to && !Array.isArray(mail.to) && mail.to.value[0]?.address === email) {
      return linkIn(mail.text ?? "", "/api/leads/confirm?token=");
    }
  }
  throw new Error(`no confirmation mail for ${email}`);
}

onBothDrivers("privacy commands", async (t, database) => {
  const app = await startApp(testConfig(database));
  const post = (url: string, payload: Record<string, string>) =>
    app.inject({ method: "POST", url, headers: { origin: "http://localhost" }, payload: { website: "", ...payload } });
  await post("/api/leads", { name: "Anna Auskunft", email: "anna@example.de" });
  await post("/api/contact", { name: "Anna Auskunft", email: "anna@example.de", message: "Meine Frage an euch." });
  await post("/api/leads", { name: "Bernd Bleibt", email: "bernd@example.de" });
  await post("/api/contact", { name: "Bernd Bleibt", email: "bernd@example.de", message: "Bernds Frage." });
  await outboxSettled(app);
  assert.equal(await clickThrough(app, await confirmLinkFor(database, "anna@example.de")), "/anmeldung-bestaetigt");
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
    assert.equal(lead.consent_text_version, readConsentVersions(path.resolve("content")).consentText);
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
      ...Array<string>(6).fill("lead-plan-day"),
      "lead-plan-final",
      "lead-welcome",
    ]);
    // Each mail with kind, status and due time, in the order they are due: the sent ones, then the plan.
    const sent = data.mails!.filter((m) => m.status === "sent");
    assert.deepEqual(sent.map((m) => m.kind).sort(), [
      "contact-acknowledgment",
      "contact-notification",
      "lead-confirmation",
      "lead-welcome",
    ]);
    assert.ok(sent.every((m) => m.due_at && m.sent_at));
    const plan = data.mails!.filter((m) => String(m.kind).startsWith("lead-plan-"));
    assert.ok(plan.every((m) => m.status === "pending" && m.sent_at === null));
    const due = data.mails!.map((m) => Date.parse(String(m.due_at)));
    assert.deepEqual(
      due,
      [...due].sort((a, b) => a - b),
      "listed in the order they are due",
    );
    const planDue = plan.map((m) => Date.parse(String(m.due_at)));
    assert.ok(planDue[0]! > Date.now(), "the plan starts tomorrow");
    planDue.slice(1).forEach((time, index) => {
      const hours = (time - planDue[index]!) / 3_600_000;
      assert.ok(hours === 24 || hours === 23 || hours === 25, `one a day, ${hours} h apart`);
    });
    assert.ok(!output.includes("bernd"), "nothing about anyone else");
  });

  await t.test("erase: the person is gone from leads, links, contact requests and the outbox", async () => {
    const { code, output } = await cli(database, "erase", "Anna@Example.de");
    assert.equal(code, 0);
    assert.match(output, /1 Lead\(s\), 1 Kontaktanfrage\(n\), 11 E-Mail\(s\)/, "the seven scheduled plan mails too");

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
    assert.match(output, /; 0 Einwilligungsnachweis\(e\) 3 Jahre nach der Abmeldung gelöscht/);

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

  await t.test("purge: after consentProofYears an unsubscribed lead is thinned to its block-list entry", async () => {
    const { consentProofYears } = site.retention;
    const db = await openDb(loadConfig(database.env));
    let unsubscribedAt: string;
    try {
      // Unsubscribed one day past the period, and one day short of it; both with their full proof.
      const unsubscribed = async (email: string, age: string) => {
        const { rows } = await db.query<{ id: number; unsubscribed_at: Date }>(
          `INSERT INTO leads (email, name, form_page, consent_text_version, privacy_version, status,
                              submitted_at, confirmation_sent_at, confirmed_at, unsubscribed_at)
           VALUES ($1, 'Ehemals', '/bewegung-alltag', '2026-11-21', 'sha256:alt', 'unsubscribed',
                   now() - interval '5 years', now() - interval '5 years', now() - interval '5 years',
                   now() - $2::interval)
           RETURNING id, unsubscribed_at`,
          [email, age],
        );
        const lead = rows[0]!;
        await db.query("INSERT INTO lead_tokens (token_hash, lead_id, purpose) VALUES ($1, $2, 'unsubscribe')", [
          `h-${email}`,
          lead.id,
        ]);
        // A mail record young enough for the mail period: only the end of the proof removes it.
        await db.query(
          `INSERT INTO mail_outbox (kind, recipient, person_email, lead_id, subject, status, sent_at)
           VALUES ('lead-welcome', $1, $1, $2, 'Willkommen', 'sent', now())`,
          [email, lead.id],
        );
        return lead;
      };
      const expired = await unsubscribed("abgemeldet-alt@example.de", `${consentProofYears} years 1 day`);
      unsubscribedAt = expired.unsubscribed_at.toISOString();
      await unsubscribed("abgemeldet-jung@example.de", `${consentProofYears} years -1 day`);
    } finally {
      await db.close();
    }

    const { code, output } = await cli(database, "purge");
    assert.equal(code, 0);
    assert.match(
      output,
      new RegExp(`1 E-Mail-Eintrag/Einträge .*; 1 Einwilligungsnachweis\\(e\\) ${consentProofYears} Jahre nach`),
    );

    const show = async (email: string) =>
      JSON.parse((await cli(database, "show", email)).output) as Record<string, Record<string, unknown>[]>;
    const old = await show("abgemeldet-alt@example.de");
    assert.equal(old.leads!.length, 1, "the address stays on the block list");
    const { id, ...entry } = old.leads![0]!;
    assert.ok(id);
    assert.deepEqual(entry, {
      email: "abgemeldet-alt@example.de",
      status: "unsubscribed",
      unsubscribed_at: unsubscribedAt!,
      name: null,
      form_page: null,
      submitted_at: null,
      confirmation_sent_at: null,
      confirmed_at: null,
      consent_text_version: null,
      privacy_version: null,
      source: null,
      medium: null,
      campaign: null,
      undeliverable_at: null,
      spam: null,
      undeliverable_reason: null,
    });
    assert.deepEqual([old.leadLinks, old.mails], [[], []], "no link or mail record of the old lead is left");

    const young = await show("abgemeldet-jung@example.de");
    assert.equal(young.leads![0]!.name, "Ehemals", "a proof within its period is kept whole");
    assert.equal(young.leads![0]!.consent_text_version, "2026-11-21");
    assert.ok(young.leads![0]!.confirmed_at);
    assert.equal(young.leadLinks!.length, 1);
    assert.equal(young.mails!.length, 1);

    const again = await cli(database, "purge");
    assert.match(again.output, /; 0 Einwilligungsnachweis\(e\)/, "a thinned entry is not counted twice");

    const check = await openDb(loadConfig(database.env));
    try {
      await assert.rejects(
        check.query("INSERT INTO leads (email, status) VALUES ('ohne-nachweis@example.de', 'confirmed')"),
        /leads_proof_kept_until_unsubscribed|null value/,
        "only an unsubscribed lead may lack its proof",
      );
    } finally {
      await check.close();
    }
  });

  await t.test("the server's own purge thins too, and a thinned address can sign up again", async () => {
    const db = await openDb(loadConfig(database.env));
    try {
      await db.query(
        `INSERT INTO leads (email, name, form_page, consent_text_version, privacy_version, status, submitted_at, unsubscribed_at)
         VALUES ('server-purge@example.de', 'Ehemals', '/', 'v', 'v', 'unsubscribed', now() - interval '9 years',
                 now() - $1::integer * interval '1 year' - interval '1 day')`,
        [site.retention.consentProofYears],
      );
    } finally {
      await db.close();
    }
    const app = await startApp(testConfig(database));
    try {
      const nameOf = async (email: string) =>
        (await app.db.query<{ name: string | null }>("SELECT name FROM leads WHERE email = $1", [email])).rows[0]?.name;
      await waitUntil(async () => (await nameOf("server-purge@example.de")) === null, "the purge run at start");

      const response = await app.inject({
        method: "POST",
        url: "/api/leads",
        headers: { referer: "http://localhost/" },
        payload: { website: "", name: "Neu Dabei", email: "server-purge@example.de" },
      });
      assert.equal(response.statusCode, 202);
      const { rows } = await app.db.query<Record<string, unknown>>("SELECT * FROM leads WHERE email = 'server-purge@example.de'");
      assert.equal(rows.length, 1);
      assert.equal(rows[0]!.status, "pending");
      assert.equal(rows[0]!.name, "Neu Dabei");
      for (const field of ["form_page", "submitted_at", "consent_text_version", "privacy_version"])
        assert.ok(rows[0]![field], field);
      const mails = async () =>
        (
          await app.db.query<{ kind: string; status: string }>(
            "SELECT kind, status FROM mail_outbox WHERE person_email = 'server-purge@example.de'",
          )
        ).rows;
      await waitUntil(async () => (await mails()).every((mail) => mail.status === "sent"), "the new mail to be sent");
      assert.deepEqual(
        (await mails()).map((mail) => mail.kind),
        ["lead-confirmation"],
        "the new confirmation request is the only mail",
      );
    } finally {
      await app.close();
    }
  });

  await t.test("a missing or extra argument is a usage error", async () => {
    assert.equal((await cli(database, "show")).code, 2);
    assert.equal((await cli(database, "erase", "a@example.de", "b@example.de")).code, 2);
    assert.equal((await cli(database, "purge", "--all")).code, 2);
  });
});
