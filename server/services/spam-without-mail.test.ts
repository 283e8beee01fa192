/**
 * Posts that look automated (sent without any page of the site) mail nobody but the owner: a contact request
 * so marked gets no acknowledgment and a sign-up so marked no confirmation request. Both are stored and shown
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
    assert.equal(await mailsTo(app, "contact-notification"), 3, "the owner hears of them");

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
