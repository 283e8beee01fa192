/**
 * The forms' proof of work through app.inject, on PGlite and PostgreSQL: a challenge from GET /api/challenge,
 * solved, lets a post through once; a used, expired or forged solution is refused in German and stores nothing;
 * a post without one goes through under the stricter limit; two instances on one database share key and used list.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { PROOF_FIELD, PROOF_MESSAGES, encodeProof, type ProofChallenge } from "../../common/forms/proof-of-work";
import { API_PATHS } from "../../common/routes";
import { databaseTargets, type TestDatabase } from "../test-support/databases";
import { solveProof, solvedProof } from "../test-support/proof";
import { buildTestApp, postForm, postJson, type TestApp } from "../test-support/test-app";
import { proofOfWork } from "./proof-of-work";

const FROM_HOME = { origin: "http://localhost", referer: "http://localhost/" };
const FROM_CONTACT = { origin: "http://localhost", referer: "http://localhost/kontakt-unterstuetzung" };

let counter = 0;
const uniqueEmail = (who: string) => `${who}.${(counter += 1)}.${Date.now()}@beispiel.de`;

for (const target of databaseTargets()) {
  describe(`proof of work on ${target.driver}`, { skip: target.skip }, () => {
    let database: TestDatabase;
    let test: TestApp;
    let strict: TestApp;

    const stored = async (table: "leads" | "contact_requests", email: string) =>
      (await database.db.query(`SELECT 1 FROM ${table} WHERE email = $1`, [email])).rows.length;
    const lead = (app: TestApp, fields: Record<string, string>) =>
      postJson(app.app, API_PATHS.leads, { name: "Markus", email: uniqueEmail("markus"), website: "", ...fields }, FROM_HOME);

    before(async () => {
      database = await target.create();
      test = await buildTestApp(database);
      strict = await buildTestApp(database, { RATE_LIMIT_MAX: "100", RATE_LIMIT_UNSOLVED: "2" });
    });
    after(async () => {
      await strict?.close();
      await test?.close();
      await database?.drop();
    });

    it("hands out a signed challenge that expires, stored nowhere and without a cookie", async () => {
      const response = await test.app.inject({ method: "GET", url: API_PATHS.challenge });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers["cache-control"], "no-store");
      assert.equal(response.headers["set-cookie"], undefined);
      const challenge = response.json<ProofChallenge>();
      assert.equal(challenge.algorithm, "SHA-256");
      assert.match(challenge.challenge, /^[0-9a-f]{64}$/);
      assert.match(challenge.signature, /^[0-9a-f]{64}$/);
      const expires = Number(/\?expires=(\d+)&$/.exec(challenge.salt)?.[1]) * 1000;
      assert.ok(expires > Date.now() + 5 * 60_000 && expires < Date.now() + 60 * 60_000, challenge.salt);
      assert.ok(challenge.maxnumber >= 10_000);
    });

    it("accepts a valid solution with both forms, as JSON and as a form post", async () => {
      const email = uniqueEmail("jens");
      const json = await postJson(
        test.app,
        API_PATHS.leads,
        { name: "Jens", email, website: "", [PROOF_FIELD]: await solvedProof(test.app) },
        FROM_HOME,
      );
      assert.equal(json.statusCode, 202, json.body);
      assert.equal(await stored("leads", email), 1);

      const contactEmail = uniqueEmail("paula");
      const form = await postForm(
        test.app,
        API_PATHS.contact,
        { name: "Paula", email: contactEmail, message: "Hallo", website: "", [PROOF_FIELD]: await solvedProof(test.app) },
        FROM_CONTACT,
      );
      assert.equal(form.statusCode, 303, form.body);
      assert.equal(await stored("contact_requests", contactEmail), 1);
    });

    it("refuses a solution used before, in German, and stores nothing", async () => {
      const proof = await solvedProof(test.app);
      assert.equal((await lead(test, { [PROOF_FIELD]: proof })).statusCode, 202);

      const email = uniqueEmail("again");
      const again = await postJson(
        test.app,
        API_PATHS.contact,
        { name: "Zweiter", email, message: "Noch einmal", website: "", [PROOF_FIELD]: proof },
        FROM_CONTACT,
      );
      assert.equal(again.statusCode, 400);
      assert.deepEqual(again.json(), { error: PROOF_MESSAGES.refused });
      assert.equal(await stored("contact_requests", email), 0);

      // Without JavaScript the error page says the same and leads back to the form.
      const page = await postForm(
        test.app,
        API_PATHS.leads,
        { name: "Dritter", email, website: "", [PROOF_FIELD]: proof },
        FROM_HOME,
      );
      assert.equal(page.statusCode, 400);
      assert.match(page.headers["content-type"] as string, /text\/html/);
      assert.ok(page.body.includes("Die Sicherheitsprüfung deines Formulars ist abgelaufen oder ungültig."), page.body);
      assert.ok(page.body.includes('href="/#info-form"'), page.body);
      assert.equal(await stored("leads", email), 0);
    });

    it("does not use up a solution on a post with field errors", async () => {
      const proof = await solvedProof(test.app);
      const invalid = await lead(test, { email: "keine-adresse", [PROOF_FIELD]: proof });
      assert.equal(invalid.statusCode, 400);
      assert.ok(invalid.json().errors.email);
      assert.equal((await lead(test, { [PROOF_FIELD]: proof })).statusCode, 202);
    });

    it("refuses an expired solution", async () => {
      // Signed with the same key as the app's, but its time ran out a minute ago.
      const expired = await proofOfWork(database.db, { maxNumber: 1000, lifetimeMs: -60_000 }).challenge();
      const email = uniqueEmail("spaet");
      const response = await lead(test, { email, [PROOF_FIELD]: solveProof(expired) });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json(), { error: PROOF_MESSAGES.refused });
      assert.equal(await stored("leads", email), 0);
    });

    it("refuses a wrong number, a foreign signature and garbage", async () => {
      const response = await test.app.inject({ method: "GET", url: API_PATHS.challenge });
      const challenge = response.json<ProofChallenge>();
      const right = JSON.parse(atob(solveProof(challenge))) as { number: number };
      const foreign = await proofOfWork(
        { query: async () => ({ rows: [{ secret: "ein anderer Schlüssel" }] as never[] }), exec: async () => undefined },
        { maxNumber: 1000 },
      ).challenge();
      for (const value of [
        encodeProof(challenge, right.number + 1),
        solveProof(foreign),
        encodeProof({ ...challenge, salt: challenge.salt.replace(/expires=\d+/, "expires=9999999999") }, right.number),
        "kein base64 {",
        btoa("[]"),
      ]) {
        const result = await lead(test, { [PROOF_FIELD]: value });
        assert.equal(result.statusCode, 400, value);
        assert.deepEqual(result.json(), { error: PROOF_MESSAGES.refused });
      }
      assert.equal((await lead(test, { [PROOF_FIELD]: encodeProof(challenge, right.number) })).statusCode, 202);
    });

    it("lets a post without a solution through under the stricter limit, per form", async () => {
      for (let post = 1; post <= 2; post += 1) assert.equal((await lead(strict, {})).statusCode, 202, `post ${post}`);
      const third = await lead(strict, {});
      assert.equal(third.statusCode, 429);
      assert.match(third.json().error, /^Zu viele Anfragen in kurzer Zeit\. Bitte warte \d+ Minuten/);
      assert.ok(Number(third.headers["retry-after"]) > 60);
      const page = await postForm(
        strict.app,
        API_PATHS.leads,
        { name: "Ohne", email: uniqueEmail("ohne"), website: "" },
        FROM_HOME,
      );
      assert.equal(page.statusCode, 429);
      assert.match(page.body, /Zu viele Anfragen/);
      // A solved post is not held back by it, nor is the other form.
      assert.equal((await lead(strict, { [PROOF_FIELD]: await solvedProof(strict.app) })).statusCode, 202);
      const contact = await postJson(
        strict.app,
        API_PATHS.contact,
        { name: "Paula", email: uniqueEmail("paula"), message: "Hallo", website: "" },
        FROM_CONTACT,
      );
      assert.equal(contact.statusCode, 202);
    });

    it("shares key and used solutions between instances on one database", async () => {
      const proof = await solvedProof(test.app);
      assert.equal((await lead(strict, { [PROOF_FIELD]: proof })).statusCode, 202, "the other instance accepts it");
      assert.equal((await lead(test, { [PROOF_FIELD]: proof })).statusCode, 400, "and this one then refuses it");
    });
  });
}
