/**
 * A bot flood straight at the API does not fill the owners' inbox: requests marked as spam send no
 * notification one by one; every owner gets at most one summary a day when spam came, counting what was
 * marked since the last one. A person's request from the page still notifies at once.
 */
import assert from "node:assert/strict";
import type { FastifyInstance } from "fastify";
import { onBothDrivers, startApp, testConfig, waitUntil } from "../test-support/app-harness";
import { postJson } from "../test-support/test-app";
import { queueSpamSummary } from "./spam-summary";

const OWNERS = ["inhaberin@beispiel.de", "inhaber@beispiel.de"];
const CONTACT_PAGE = { referer: "http://localhost/kontakt-unterstuetzung" };

async function count(app: FastifyInstance, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await app.db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${sql}`, params);
  return rows[0]!.n;
}

async function spamPosts(app: FastifyInstance, count: number, prefix: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let start = 0; start < count; start += 20) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, count - start) }, (_, j) =>
        // No Referer, no Origin: as bots post straight at the API.
        postJson(app, "/api/contact", {
          name: "Bot",
          email: `${prefix}.${start + j}@beispiel.de`,
          message: "Hallo",
          website: "",
        }),
      ),
    );
    statuses.push(...batch.map((response) => response.statusCode));
  }
  return statuses;
}

const notifications = (app: FastifyInstance) => count(app, "mail_outbox WHERE kind LIKE 'contact-notification%'");
const summariesTo = (app: FastifyInstance, owner: string) =>
  count(app, "mail_outbox WHERE kind = 'owner-spam-summary' AND recipient LIKE $1", [`%${owner}%`]);

async function newestSummary(app: FastifyInstance): Promise<{ subject: string; text: string }> {
  const { rows } = await app.db.query<{ subject: string; text: string }>(
    "SELECT subject, message ->> 'text' AS text FROM mail_outbox WHERE kind = 'owner-spam-summary' ORDER BY id DESC LIMIT 1",
  );
  return rows[0]!;
}

/** A day goes by: everything stored so far, the last summary included, is 25 hours older. */
async function aDayLater(app: FastifyInstance): Promise<void> {
  await app.db.query("UPDATE audit_log SET at = at - interval '25 hours'");
  await app.db.query("UPDATE contact_requests SET submitted_at = submitted_at - interval '25 hours'");
  await app.db.query("UPDATE leads SET submitted_at = submitted_at - interval '25 hours'");
}

onBothDrivers("spam reaches the owners as one summary a day, not one mail a request", async (_t, database) => {
  const env = { OWNER_EMAILS: OWNERS.join(","), MAIL_WORKER: "false" };
  const config = testConfig(database, env);
  let app = await startApp(config);
  try {
    // The flood: 200 requests and 5 sign-ups straight at the API.
    assert.deepEqual([...new Set(await spamPosts(app, 200, "bot"))], [202]);
    for (let i = 0; i < 5; i += 1) {
      const signup = await postJson(app, "/api/leads", { name: "Bot", email: `anmeldung.${i}@beispiel.de`, website: "" });
      assert.equal(signup.statusCode, 202, signup.body);
    }
    assert.equal(await count(app, "contact_requests WHERE spam IS NOT NULL"), 200, "all stored and marked");
    assert.equal(await notifications(app), 0, "no notification of a request marked as spam");
    assert.equal(await count(app, "mail_outbox"), 0, "no mail at all at once");

    // The summary: one to each owner, however often it is looked for.
    for (let i = 0; i < 3; i += 1) await queueSpamSummary(app.db, app.mail, config.ownerEmails);
    for (const owner of OWNERS) assert.equal(await summariesTo(app, owner), 1, owner);
    const first = await newestSummary(app);
    assert.match(first.subject, /200 Anfragen und 5 Anmeldungen als Spam markiert/);
    assert.match(first.text, /200 Anfragen und 5 Anmeldungen als Spam markiert/);
    assert.match(first.text, /\/verwaltung\/anfragen/);

    // A person's request from the page notifies at once, as before.
    const person = await postJson(
      app,
      "/api/contact",
      { name: "Paula", email: "paula@beispiel.de", message: "Eine echte Frage.", website: "" },
      CONTACT_PAGE,
    );
    assert.equal(person.statusCode, 202, person.body);
    assert.equal(
      await count(app, "mail_outbox WHERE kind LIKE 'contact-notification%' AND person_email = $1", ["paula@beispiel.de"]),
      1,
    );
    assert.equal(await notifications(app), 1);

    // More spam the same day: no mail, no second summary.
    assert.deepEqual([...new Set(await spamPosts(app, 20, "spaeter"))], [202]);
    assert.equal(await queueSpamSummary(app.db, app.mail, config.ownerEmails), undefined);
    for (const owner of OWNERS) assert.equal(await summariesTo(app, owner), 1, owner);
    assert.equal(await notifications(app), 1);

    // A day later the next summary counts what came since the last one, and none comes without spam.
    await aDayLater(app);
    assert.deepEqual([...new Set(await spamPosts(app, 3, "naechster-tag"))], [202]);
    assert.deepEqual(await queueSpamSummary(app.db, app.mail, config.ownerEmails), { requests: 23, signups: 0 });
    assert.match((await newestSummary(app)).subject, /: 23 Anfragen als Spam markiert/);
    await aDayLater(app);
    assert.equal(await queueSpamSummary(app.db, app.mail, config.ownerEmails), undefined, "no spam, no summary");
    for (const owner of OWNERS) assert.equal(await summariesTo(app, owner), 2, owner);

    // The job of the mail worker's instance sends it by itself (server/jobs.ts).
    assert.deepEqual([...new Set(await spamPosts(app, 1, "einzeln"))], [202]);
    await app.close();
    app = await startApp(testConfig(database, { ...env, MAIL_WORKER: "true" }));
    assert.ok(app.jobs.names.includes("spam summary"));
    await waitUntil(async () => (await count(app, "mail_outbox WHERE kind = 'owner-spam-summary'")) === 6, "the job's summary");
    assert.match((await newestSummary(app)).subject, /: 1 Anfrage als Spam markiert/);
  } finally {
    await app.close();
  }
});
