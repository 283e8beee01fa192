/**
 * Posts that look automated (sent without any page of the site) mail nobody: a contact request so marked gets
 * no acknowledgment and sends the owner no notification (the owners get a daily summary instead,
 * spam-summary.test.ts), and a sign-up so marked no confirmation request. Both are stored and shown
 * under „Spam“, and neither uses up the one mail a day the address may get: the person who then writes or signs
 * up from the page gets it.
 */
import assert from "node:assert/strict";
import type { FastifyInstance } from "fastify";
import { onBothDrivers, startApp, testConfig } from "../test-support/app-harness";
import { postJson } from "../test-support/test-app";

const CONTACT_PAGE = { referer: "http://localhost/kontakt-unterstuetzung" };
const HOME = { referer: "http://localhost/" };
const ADDRESS = "genannte.person@beispiel.de";

async function count(app: FastifyInstance, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await app.db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${sql}`, params);
  return rows[0]!.n;
}

const mailsTo = (app: FastifyInstance, kind: string) =>
  count(app, "mail_outbox WHERE lower(person_email) = $1 AND kind = $2", [ADDRESS, kind]);

onBothDrivers("posts marked as spam mail nobody", async (_t, database) => {
  const app = await startApp(testConfig(database, { MAIL_WORKER: "false" }));
  try {
    // Straight at the API, as bots post: stored and marked, without a mail to the address.
    for (let i = 0; i < 3; i += 1) {
      const contact = await postJson(app, "/api/contact", { name: "Erika", email: ADDRESS, message: `Hallo ${i}`, website: "" });
      assert.equal(contact.statusCode, 202, contact.body);
      const signup = await postJson(app, "/api/leads", { name: "Erika", email: ADDRESS, website: "" });
      assert.equal(signup.statusCode, 202, signup.body);
    }
    assert.equal(await count(app, "contact_requests WHERE email = $1 AND spam IS NOT NULL", [ADDRESS]), 3);
    assert.equal(await count(app, "leads WHERE email = $1 AND spam IS NOT NULL", [ADDRESS]), 1);
    assert.equal(await mailsTo(app, "contact-acknowledgment"), 0, "no acknowledgment of a request marked as spam");
    assert.equal(await mailsTo(app, "lead-confirmation"), 0, "no confirmation request for a sign-up marked as spam");
    assert.equal(await count(app, "lead_tokens"), 0, "no confirmation link either");
    assert.equal(await mailsTo(app, "contact-notification"), 0, "nor a notification to the owner, one by one");

    // The person from the page still gets one of each: the spam used up neither.
    const contact = await postJson(
      app,
      "/api/contact",
      { name: "Erika", email: ADDRESS, message: "Meine echte Frage.", website: "" },
      CONTACT_PAGE,
    );
    assert.equal(contact.statusCode, 202, contact.body);
    const signup = await postJson(app, "/api/leads", { name: "Erika", email: ADDRESS, website: "" }, HOME);
    assert.equal(signup.statusCode, 202, signup.body);
    assert.equal(await mailsTo(app, "contact-acknowledgment"), 1);
    assert.equal(await mailsTo(app, "lead-confirmation"), 1);
    assert.equal(await count(app, "leads WHERE email = $1 AND spam IS NULL", [ADDRESS]), 1, "the page's sign-up is a person's");

    // Spam after it neither mails again nor moves the bound.
    await postJson(app, "/api/leads", { name: "Erika", email: ADDRESS, website: "" });
    assert.equal(await mailsTo(app, "lead-confirmation"), 1);
  } finally {
    await app.close();
  }
});

onBothDrivers("a sign-up marked as spam leaves a person's pending or unsubscribed sign-up as it is", async (_t, database) => {
  const app = await startApp(testConfig(database, { MAIL_WORKER: "false" }));
  const PERSON = "wartende.person@beispiel.de";
  const LEFT = "abgemeldete.person@beispiel.de";
  const record = async (address: string) => {
    const { rows } = await app.db.query(
      `SELECT email, name, form_page, submitted_at, consent_text_version, privacy_version, status, spam,
              confirmation_sent_at, confirmed_at, unsubscribed_at
         FROM leads WHERE lower(email) = $1`,
      [address],
    );
    return rows;
  };
  const consents = (address: string) =>
    count(app, "lead_consents c JOIN leads l ON l.id = c.lead_id WHERE lower(l.email) = $1", [address]);
  const mails = (address: string) => count(app, "mail_outbox WHERE lower(person_email) = $1", [address]);
  try {
    // A person signs up from the page and waits for the confirmation link.
    const signup = await postJson(app, "/api/leads", { name: "Erika", email: PERSON, website: "" }, HOME);
    assert.equal(signup.statusCode, 202, signup.body);
    const before = await record(PERSON);
    assert.equal(before.length, 1);
    assert.equal((before[0] as { spam: string | null }).spam, null);
    const mailsBefore = await mails(PERSON);
    assert.equal(mailsBefore, 1, "the confirmation request");

    // A bot names the same address (another spelling, another name), straight at the API.
    for (const email of [PERSON, PERSON.toUpperCase()]) {
      const spam = await postJson(app, "/api/leads", { name: "Gewinnspiel", email, website: "" });
      assert.equal(spam.statusCode, 202, spam.body);
    }
    assert.deepEqual(await record(PERSON), before, "the person's declaration stays as it was, unmarked");
    assert.equal(await consents(PERSON), 1, "no declaration added to the proof");
    assert.equal(await mails(PERSON), mailsBefore, "nothing mailed");

    // The same for an address that unsubscribed: it stays unsubscribed and unmarked.
    await postJson(app, "/api/leads", { name: "Udo", email: LEFT, website: "" }, HOME);
    await app.db.query(
      "UPDATE leads SET status = 'unsubscribed', confirmed_at = now(), unsubscribed_at = now() WHERE lower(email) = $1",
      [LEFT],
    );
    const unsubscribed = await record(LEFT);
    await postJson(app, "/api/leads", { name: "Bot", email: LEFT, website: "" });
    assert.deepEqual(await record(LEFT), unsubscribed);
    assert.equal(await consents(LEFT), 1);
  } finally {
    await app.close();
  }
});
