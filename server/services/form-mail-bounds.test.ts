/**
 * The forms cannot flood a stranger's mailbox, tried as an attacker would: 200 contact requests naming one
 * stranger's address, each from another client address (X-Forwarded-For behind a trusted proxy, as a
 * botnet's would be), and 200 sign-ups of the same address queue at most one acknowledgment and one
 * confirmation request a day; every request is still stored and reaches the owner. A name carrying a link
 * is refused. Past the usual rate, acknowledgments wait and the owners get one warning.
 */
import assert from "node:assert/strict";
import type { FastifyInstance } from "fastify";
import { MESSAGES } from "../../common/forms/schemas";
import { onBothDrivers, startApp, testConfig } from "../test-support/app-harness";
import { postJson } from "../test-support/test-app";
import { BRAKE_FLOOR_PER_HOUR } from "./form-mail-bounds";

const CONTACT_PAGE = { referer: "http://localhost/kontakt-unterstuetzung" };
const HOME = { referer: "http://localhost/" };
const STRANGER = "fremde.person@beispiel.de";
const OWNER = "inhaber@beispiel.de";

/** Each post from another client address, as a botnet's. */
let client = 0;
const fromNewClient = (headers: Record<string, string>) => {
  client += 1;
  return { ...headers, "x-forwarded-for": `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}` };
};

async function inParallel(count: number, post: (i: number) => Promise<{ statusCode: number; body: string }>) {
  const statuses: number[] = [];
  for (let start = 0; start < count; start += 20) {
    const batch = await Promise.all(Array.from({ length: Math.min(20, count - start) }, (_, j) => post(start + j)));
    statuses.push(...batch.map((response) => response.statusCode));
  }
  return statuses;
}

async function count(app: FastifyInstance, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await app.db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${sql}`, params);
  return rows[0]!.n;
}

const mailsTo = (app: FastifyInstance, address: string, kind: string) =>
  count(app, "mail_outbox WHERE lower(person_email) = lower($1) AND kind = $2", [address, kind]);

onBothDrivers("form mail to a stranger", async (_t, database) => {
  const config = testConfig(database, {
    TRUST_PROXY: "1",
    RATE_LIMIT_MAX: "10",
    MAIL_WORKER: "false",
    OWNER_EMAILS: OWNER,
  });
  const app = await startApp(config);
  try {
    // A person who writes twice reaches the owner twice, with one acknowledgment.
    const person = "zweimal@beispiel.de";
    for (const message of ["Erste Frage zu den Kursen.", "Noch eine Frage hinterher."]) {
      const answer = await postJson(app, "/api/contact", { name: "Zora", email: person, message, website: "" }, CONTACT_PAGE);
      assert.equal(answer.statusCode, 202, answer.body);
    }
    assert.equal(await count(app, "contact_requests WHERE email = $1", [person]), 2);
    assert.equal(await mailsTo(app, person, "contact-notification"), 2, "the owner hears of both");
    assert.equal(await mailsTo(app, person, "contact-acknowledgment"), 1);

    // A name carrying a link never reaches anyone: refused with the German message.
    const spam = await postJson(
      app,
      "/api/contact",
      { name: "Gewinn auf www.example.com", email: STRANGER, message: "Hallo", website: "" },
      fromNewClient(CONTACT_PAGE),
    );
    assert.equal(spam.statusCode, 400);
    assert.equal(spam.json().errors.name, MESSAGES.nameWithLink);

    // The flood: 200 contact requests and 200 sign-ups naming the stranger, each from its own client.
    const contacts = await inParallel(200, (i) =>
      postJson(
        app,
        "/api/contact",
        { name: "Erika", email: i % 2 ? STRANGER : STRANGER.toUpperCase(), message: `Nachricht ${i}`, website: "" },
        fromNewClient(CONTACT_PAGE),
      ),
    );
    assert.deepEqual([...new Set(contacts)], [202]);
    const signups = await inParallel(200, () =>
      postJson(app, "/api/leads", { name: "Erika", email: STRANGER, website: "" }, fromNewClient(HOME)),
    );
    assert.deepEqual([...new Set(signups)], [202]);

    const acknowledgments = await mailsTo(app, STRANGER, "contact-acknowledgment");
    const confirmations = await mailsTo(app, STRANGER, "lead-confirmation");
    console.log(`mails queued to the stranger: ${acknowledgments} acknowledgment(s), ${confirmations} confirmation request(s)`);
    assert.equal(acknowledgments, 1);
    assert.equal(confirmations, 1);
    assert.equal(await count(app, "contact_requests WHERE lower(email) = $1", [STRANGER]), 200, "every request is stored");
    assert.equal(await mailsTo(app, STRANGER, "contact-notification"), 200, "and reaches the owner");

    // A day later the stranger may get one more of each, no more.
    await app.db.query("UPDATE form_mail_guard SET sent_at = sent_at - interval '25 hours'");
    await app.db.query("UPDATE leads SET confirmation_sent_at = confirmation_sent_at - interval '25 hours'");
    for (let i = 0; i < 5; i += 1) {
      await postJson(
        app,
        "/api/contact",
        { name: "Erika", email: STRANGER, message: "Noch mal", website: "" },
        fromNewClient(CONTACT_PAGE),
      );
      await postJson(app, "/api/leads", { name: "Erika", email: STRANGER, website: "" }, fromNewClient(HOME));
    }
    assert.equal(await mailsTo(app, STRANGER, "contact-acknowledgment"), 2);
    assert.equal(await mailsTo(app, STRANGER, "lead-confirmation"), 2);

    // The brake: many different addresses within the hour. Past the usual rate acknowledgments wait a day,
    // and every owner gets one warning, however long it goes on.
    const many = BRAKE_FLOOR_PER_HOUR + 30;
    const statuses = await inParallel(many, (i) =>
      postJson(
        app,
        "/api/contact",
        { name: "Bot", email: `opfer.${i}@beispiel.de`, message: "Hallo", website: "" },
        fromNewClient(CONTACT_PAGE),
      ),
    );
    assert.deepEqual([...new Set(statuses)], [202]);
    const held = await count(
      app,
      "mail_outbox WHERE kind = 'contact-acknowledgment' AND person_email LIKE 'opfer.%' AND next_attempt_at > now() + interval '20 hours'",
    );
    const sentNow = await count(
      app,
      "mail_outbox WHERE kind = 'contact-acknowledgment' AND person_email LIKE 'opfer.%' AND next_attempt_at <= now()",
    );
    assert.ok(held >= 10, `${held} acknowledgments held`);
    // Posts arriving together are written by one statement, which sees the count before them: one round of 20 may pass.
    assert.ok(sentNow <= BRAKE_FLOOR_PER_HOUR + 20, `${sentNow} acknowledgments not held`);
    console.log(`brake: ${sentNow} acknowledgments sent at once, ${held} held`);
    for (let i = 0; i < 50 && (await count(app, "mail_outbox WHERE kind = 'owner-form-mail-brake'")) === 0; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(await count(app, "mail_outbox WHERE kind = 'owner-form-mail-brake' AND recipient LIKE $1", [`%${OWNER}%`]), 1);
    assert.equal(await count(app, "contact_requests WHERE email LIKE 'opfer.%'"), many, "every request is stored");
  } finally {
    await app.close();
  }
});
