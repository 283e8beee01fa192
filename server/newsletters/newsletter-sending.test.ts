/**
 * Newsletters through the real outbox and a real SMTP server that refuses some recipients for good (550)
 * and some once (421), on both drivers: who gets one (and only one), what unsubscribing or an erasure while
 * it goes out does, the figures, the headers, a body with HTML and script tags, and the monthly limit.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { FastifyInstance } from "fastify";
import { findFreePort } from "../../rig/server-load/server-process";
import { SmtpSink, type ReceivedMail } from "../test-support/smtp-sink";
import { emptyPostgresDatabase, postgresSkipReason } from "../test-support/databases";
import { onBothDrivers, pathOf, startApp, testConfig, waitUntil } from "../test-support/app-harness";
import { newToken } from "../services/link-tokens";
import { erasePerson, showPerson } from "../services/privacy";
import { NewsletterLimitError } from "./limit";
import { createNewsletter, getNewsletter, scheduleNewsletter } from "./newsletters";

const READERS = 20;

function headerValue(mail: ReceivedMail, name: string): string | undefined {
  const value = mail.parsed.headerLines.find((line) => line.key === name)?.line;
  return value
    ?.slice(value.indexOf(":") + 1)
    .replace(/\r?\n\s+/g, " ")
    .trim();
}

/** Confirmed leads whose plan is over, and the ones that must get nothing. */
async function seedLeads(app: FastifyInstance): Promise<void> {
  const lead = (email: string, status: string, confirmedDaysAgo: number) =>
    app.db.query(
      `INSERT INTO leads (email, name, form_page, submitted_at, consent_text_version, privacy_version, status, confirmed_at,
                          unsubscribed_at)
       VALUES ($1, $2, '/', now() - interval '30 days', 'v1', 'p1', $3, now() - $4::integer * interval '1 day',
               CASE WHEN $3 = 'unsubscribed' THEN now() END)`,
      [email, `Leser ${email.split("@")[0]}`, status, confirmedDaysAgo],
    );
  for (let i = 1; i <= READERS; i += 1) await lead(`reader${i}@example.de`, "confirmed", 10);
  await lead("bounce1@example.de", "confirmed", 10);
  await lead("bounce2@example.de", "confirmed", 10);
  await lead("busy1@example.de", "confirmed", 10);
  await lead("fresh@example.de", "confirmed", 2);
  await lead("gone@example.de", "unsubscribed", 10);
  await lead("pending@example.de", "pending", 0);
}

const BODY = [
  "Hallo {{name}},",
  "## Neu im Programm",
  "<script>alert('x')</script> und <b>fett</b> bleiben Text.",
  `Eine sehr lange Zeile: ${"Kraft ".repeat(400).trim()}`,
  "[Zu den Rezepten](https://www.urkraft.de/rezepte)",
].join("\n\n");

onBothDrivers("newsletters through the outbox", async (t, database) => {
  let acceptedCount = 0;
  let onAccepted: ((count: number) => Promise<void>) | undefined;
  const sink = new SmtpSink({
    answerRecipient: (address, offered) =>
      address.startsWith("bounce") ? 550 : address.startsWith("busy") && offered === 1 ? 421 : undefined,
    beforeAccept: async () => {
      acceptedCount += 1;
      await onAccepted?.(acceptedCount);
      return true;
    },
  });
  await sink.start();
  const app = await startApp(
    testConfig(database, {
      SMTP_URL: sink.url,
      // Nobody listens there: the deliveries wait in their table, where the test reads them.
      WEBHOOK_URLS: `http://127.0.0.1:${await findFreePort()}/hooks`,
      WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString("base64")}`,
    }),
  );
  t.after(async () => {
    await app.close();
    await sink.stop();
  });
  await seedLeads(app);
  // What a reader keeps from an earlier mail: an unsubscribe link.
  const earlier = newToken();
  await app.db.query(
    "INSERT INTO lead_tokens (token_hash, lead_id, purpose) SELECT $1, id, 'unsubscribe' FROM leads WHERE email = 'reader18@example.de'",
    [earlier.hash],
  );
  const sent = (id: number) =>
    waitUntil(async () => (await getNewsletter(app.db, id))?.status === "sent", `newsletter ${id} sent`, 20_000);
  const newsletterMails = (subject: string) => sink.received.filter((mail) => mail.parsed.subject === subject);

  await t.test("goes once to every recipient; an unsubscribe and an erasure halfway stop it for them", async () => {
    // After the third accepted mail, reader18 unsubscribes (through the earlier link) and reader19 is erased.
    onAccepted = async (count) => {
      if (count !== 3) return;
      const response = await app.inject({
        method: "POST",
        url: `/api/leads/unsubscribe?token=${earlier.token}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "List-Unsubscribe=One-Click",
      });
      assert.ok(response.statusCode < 400, String(response.statusCode));
      await erasePerson(app.db, "reader19@example.de");
    };
    const id = await createNewsletter(
      app.db,
      app.mail,
      { subject: "Neues aus der Küche", preheader: "Drei Rezepte", body: BODY },
      "inhaber@urkraft.de",
    );
    await scheduleNewsletter(app.db, app.mail, id);
    await sent(id);
    const mails = newsletterMails("Neues aus der Küche");
    const to = (address: string) => mails.filter((mail) => mail.rcptTo.includes(address)).length;
    for (let i = 1; i <= READERS; i += 1) {
      if (i === 18 || i === 19) assert.equal(to(`reader${i}@example.de`), 0, `reader${i} left halfway`);
      else assert.equal(to(`reader${i}@example.de`), 1, `reader${i}`);
    }
    assert.equal(to("busy1@example.de"), 1, "a 421 is retried and then delivered once");
    for (const address of [
      "bounce1@example.de",
      "bounce2@example.de",
      "fresh@example.de",
      "gone@example.de",
      "pending@example.de",
    ])
      assert.equal(to(address), 0, address);
    const newsletter = (await getNewsletter(app.db, id))!;
    // Recipients: 20 readers, 2 bounces, busy1; reader19's row went with the erasure.
    assert.deepEqual(newsletter.figures, {
      recipients: 22,
      sent: 19,
      waiting: 0,
      failed: 0,
      undeliverable: 2,
      cancelled: 1,
      unsubscribed: 0,
    });
    const hooks = await app.db.query<{ payload: string }>(
      "SELECT payload FROM webhook_deliveries WHERE event_type = 'newsletter.sent'",
    );
    assert.equal(hooks.rows.length, 1);
    const payload = JSON.parse(hooks.rows[0]!.payload) as { data: Record<string, unknown> };
    assert.deepEqual(payload.data, {
      id,
      subject: "Neues aus der Küche",
      finishedAt: newsletter.finishedAt,
      ...newsletter.figures,
    });
    const { rows } = await app.db.query<{ email: string; undeliverable_at: Date | null }>(
      "SELECT email, undeliverable_at FROM leads WHERE undeliverable_at IS NOT NULL ORDER BY email",
    );
    assert.deepEqual(
      rows.map((row) => row.email),
      ["bounce1@example.de", "bounce2@example.de"],
    );
    // What `npm run leads -- show` and the person view print.
    const shown = await showPerson(app.db, "bounce1@example.de");
    assert.ok(shown.leads[0]!.undeliverable_at);
    assert.equal(shown.leads[0]!.undeliverable_reason, "EENVELOPE 550 RCPT TO");
    assert.deepEqual(
      shown.mails.map((mail) => [mail.kind, mail.status, mail.last_error]),
      [["newsletter", "failed", "unzustellbar: EENVELOPE 550 RCPT TO"]],
    );
  });
  onAccepted = undefined;

  await t.test("each mail carries one-click unsubscribe and a visible link, the body stays text, nothing tracks", () => {
    const mail = newsletterMails("Neues aus der Küche").find((m) => m.rcptTo.includes("reader1@example.de"))!;
    assert.equal(headerValue(mail, "list-unsubscribe-post"), "List-Unsubscribe=One-Click");
    const text = String(mail.parsed.text);
    const visible = /Hier abmelden \((https?:\/\/[^)]+\/api\/leads\/unsubscribe\?token=[\w-]+)\)/.exec(text)![1];
    assert.equal(headerValue(mail, "list-unsubscribe")?.split(",")[0]?.trim(), `<${visible}>`);
    const html = String(mail.parsed.html);
    assert.match(text, /Hallo Leser reader1,/);
    assert.match(html, /Hier abmelden<\/a>/);
    assert.doesNotMatch(html, /<script|<img|<b>/i);
    assert.match(html, /&lt;script&gt;alert/);
    assert.ok(text.includes("Kraft ".repeat(400).trim()), "the long line arrives whole");
    assert.match(html, /href="https:\/\/www\.urkraft\.de\/rezepte"/);
    assert.match(html, /display:none[^>]*>Drei Rezepte</);
  });

  await t.test("unsubscribing through a newsletter counts for that newsletter", async () => {
    const mail = newsletterMails("Neues aus der Küche").find((m) => m.rcptTo.includes("reader2@example.de"))!;
    const link = /https?:\/\/\S+\/api\/leads\/unsubscribe\?token=[A-Za-z0-9_-]+/.exec(String(mail.parsed.text))![0];
    const response = await app.inject({
      method: "POST",
      url: pathOf(link),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    assert.ok(response.statusCode < 400);
    const { rows } = await app.db.query<{ id: number }>("SELECT id FROM newsletters ORDER BY id LIMIT 1");
    assert.equal((await getNewsletter(app.db, rows[0]!.id))!.figures.unsubscribed, 1);
  });

  await t.test("a newsletter a week after the first goes out; one right after it is refused with from when", async () => {
    // The first went out eight days ago (as far as the limit and the gap count it).
    const { rows: firstRows } = await app.db.query<{ id: number }>("SELECT id FROM newsletters ORDER BY id LIMIT 1");
    await app.db.query("UPDATE newsletters SET send_at = send_at - interval '8 days' WHERE id = $1", [firstRows[0]!.id]);
    await app.db.query("UPDATE mail_outbox SET due_at = due_at - interval '8 days' WHERE newsletter_id = $1", [firstRows[0]!.id]);
    const second = await createNewsletter(
      app.db,
      app.mail,
      { subject: "Zweiter Brief", preheader: "", body: "Kurz und gut." },
      "inhaber@urkraft.de",
    );
    await scheduleNewsletter(app.db, app.mail, second);
    await sent(second);
    assert.equal(newsletterMails("Zweiter Brief").length, READERS - 3 + 1, "without reader2, 18, 19; with busy1");
    const third = await createNewsletter(
      app.db,
      app.mail,
      { subject: "Dritter Brief", preheader: "", body: "Zu viel." },
      "inhaber@urkraft.de",
    );
    await assert.rejects(scheduleNewsletter(app.db, app.mail, third), (error: Error) => {
      assert.ok(error instanceof NewsletterLimitError);
      assert.match(
        error.message,
        /^Nicht gesendet: Ein anderer Newsletter geht am \d+\. \S+ \d{4}, \d\d:\d\d Uhr hinaus\. Zwischen zwei Newslettern liegen mindestens 7 Tage, damit niemand mehrere kurz hintereinander bekommt\. Möglich ist dieser ab \d+\. \S+ \d{4}, \d\d:\d\d Uhr\.$/,
      );
      return true;
    });
    assert.equal((await getNewsletter(app.db, third))!.status, "draft");
  });
});

test("two instances on one PostgreSQL start and send a newsletter once", { skip: postgresSkipReason() }, async (t) => {
  const database = await emptyPostgresDatabase();
  const sink = new SmtpSink();
  await sink.start();
  const config = testConfig(database, { SMTP_URL: sink.url });
  const first = await startApp(config);
  const second = await startApp(config);
  t.after(async () => {
    await first.close();
    await second.close();
    await sink.stop();
    await database.drop();
  });
  await first.db.query(
    `INSERT INTO leads (email, name, form_page, submitted_at, consent_text_version, privacy_version, status, confirmed_at)
     SELECT 'zwei' || i || '@example.de', 'Leser', '/', now() - interval '30 days', 'v1', 'p1', 'confirmed', now() - interval '20 days'
       FROM generate_series(1, 60) AS i`,
  );
  const id = await createNewsletter(first.db, first.mail, { subject: "Zwei Server", preheader: "", body: "Einmal." }, "owner");
  await scheduleNewsletter(second.db, second.mail, id);
  await waitUntil(async () => (await getNewsletter(first.db, id))?.status === "sent", "sent", 20_000);
  await new Promise((resolve) => setTimeout(resolve, 500));
  assert.equal(sink.received.length, 60);
  for (let i = 1; i <= 60; i += 1) assert.equal(sink.to(`zwei${i}@example.de`).length, 1, `zwei${i}`);
  const { rows } = await first.db.query<{ n: number }>("SELECT count(*)::int AS n FROM mail_outbox WHERE newsletter_id = $1", [
    id,
  ]);
  assert.equal(rows[0]!.n, 60);
});
