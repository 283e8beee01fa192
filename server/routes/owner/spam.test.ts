/**
 * Posts that look automated (sent without any page of the site, as bots post straight at the API) are stored
 * but marked: the owner sees them apart under „Spam“, they count in no figure (open requests, leads, the
 * pages' sign-ups and their rate) and are erased together. The CSV of visits never shows a rate over 100 %.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import { databaseTargets, type TestDatabase } from "../../test-support/databases";
import { buildTestApp, postJson, type TestApp } from "../../test-support/test-app";
import { purgeExpired } from "../../services/privacy";
import { SPAM_KEPT_DAYS } from "../../../common/constants";

const OWNER = "inhaber@urkraft-test.de";
const ORIGIN = { origin: "http://localhost" };
const FROM_PAGE = { referer: "http://localhost/kontakt-unterstuetzung" };
const FROM_HOME = { referer: "http://localhost/" };

function cookieOf(response: LightMyRequestResponse): string {
  const match = /(__Host-urkraft-verwaltung=[^;]+)/.exec(String(response.headers["set-cookie"] ?? ""));
  assert.ok(match);
  return match[1]!;
}

for (const target of databaseTargets()) {
  describe(`spam in the owner area on ${target.driver}`, { skip: target.skip }, () => {
    let database: TestDatabase;
    let test: TestApp;
    let cookie: string;

    before(async () => {
      database = await target.create();
      test = await buildTestApp(database, {
        OWNER_EMAILS: OWNER,
        MAIL_WORKER: "false",
        // A receiver nobody listens at: the deliveries are only queued, which is what this test reads.
        WEBHOOK_URLS: "http://127.0.0.1:9/hooks",
        WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString("base64")}`,
      });
      await postJson(test.app, "/api/verwaltung/anmeldelink", { email: OWNER }, ORIGIN);
      await test.app.ownerLoginLinks.idle();
      const { rows } = await database.db.query<{ text: string }>(
        "SELECT message ->> 'text' AS text FROM mail_outbox WHERE kind = 'owner-login'",
      );
      const token = /anmelden\?token=([A-Za-z0-9_-]{43})/.exec(rows[0]!.text)![1]!;
      cookie = cookieOf(await postJson(test.app, "/api/verwaltung/sitzung", { token }, ORIGIN));
    });
    after(async () => {
      await test.close();
      await database.drop();
    });

    const get = (url: string) => test.app.inject({ method: "GET", url, headers: { accept: "application/json", cookie } });

    it("marks posts without a page view, shows them apart, counts them nowhere and erases them together", async () => {
      const contact = (name: string, headers: Record<string, string>) =>
        postJson(
          test.app,
          "/api/contact",
          { name, email: `${name.toLowerCase()}@beispiel.de`, message: "Hallo", website: "" },
          headers,
        );
      const signup = (name: string, headers: Record<string, string>) =>
        postJson(test.app, "/api/leads", { name, email: `${name.toLowerCase()}@beispiel.de`, website: "" }, headers);
      assert.equal((await contact("Paula", FROM_PAGE)).statusCode, 202);
      for (const name of ["BotA", "BotB", "BotC"]) assert.equal((await contact(name, {})).statusCode, 202);
      assert.equal((await signup("Lena", FROM_HOME)).statusCode, 202);
      for (const name of ["BotD", "BotE"]) assert.equal((await signup(name, {})).statusCode, 202);

      const open = (await get("/api/verwaltung/anfragen?filter=offen")).json();
      assert.deepEqual(
        open.requests.map((request: { name: string }) => request.name),
        ["Paula"],
      );
      const all = (await get("/api/verwaltung/anfragen?filter=alle")).json();
      assert.equal(all.requests.length, 1, "„Alle“ leaves spam out too");
      const spam = (await get("/api/verwaltung/anfragen?filter=spam")).json();
      assert.deepEqual(spam.requests.map((request: { name: string }) => request.name).sort(), ["BotA", "BotB", "BotC"]);
      assert.equal(spam.requests[0].spam, "ohne Aufruf einer Seite gesendet");

      const overview = (await get("/api/verwaltung/uebersicht")).json();
      assert.equal(overview.openRequests, 1);
      assert.equal(overview.leads.pending, 1);
      const today = overview.days.at(-1);
      assert.deepEqual([today.requests, today.leads], [1, 1]);

      // The pages' sign-ups: only the post from a page is credited, and no rate passes 100 %.
      await test.app.visitStats!.write();
      const visits = (await get("/api/verwaltung/besucher")).json();
      const leadsOfPages = visits.routes.reduce((sum: number, row: { leads: number }) => sum + row.leads, 0);
      assert.equal(leadsOfPages, 1, JSON.stringify(visits.routes));
      const csv = (await get("/api/verwaltung/besucher/export.csv")).body;
      for (const share of csv.matchAll(/(\d+(?:,\d)?) %/g))
        assert.ok(Number(share[1]!.replace(",", ".")) <= 100, `${share[0]} in ${csv}`);

      const erased = await postJson(test.app, "/api/verwaltung/spam/loeschen", {}, { ...ORIGIN, cookie });
      assert.equal(erased.statusCode, 200, erased.body);
      assert.deepEqual(erased.json(), { requests: 3, leads: 2 });
      assert.equal((await get("/api/verwaltung/anfragen?filter=spam")).json().requests.length, 0);
      const left = await database.db.query<{ n: number }>(
        "SELECT (SELECT count(*) FROM contact_requests) + (SELECT count(*) FROM leads) AS n",
      );
      assert.equal(Number(left.rows[0]!.n), 2, "the person's request and sign-up stay");
      const audit = await database.db.query("SELECT 1 FROM audit_log WHERE action = 'spam-erased'");
      assert.equal(audit.rows.length, 1);
    });

    it("sends no spam to the webhook receivers and deletes it after 30 days, the real requests kept", async () => {
      const contact = (name: string, headers: Record<string, string>) =>
        postJson(
          test.app,
          "/api/contact",
          { name, email: `${name.toLowerCase()}@beispiel.de`, message: "Hallo", website: "" },
          headers,
        );
      const signup = (name: string) =>
        postJson(test.app, "/api/leads", { name, email: `${name.toLowerCase()}@beispiel.de`, website: "" }, {});
      for (const [name, headers] of [
        ["Echt", FROM_PAGE],
        ["BotAlt", {}],
        ["BotNeu", {}],
        ["EchtAlt", FROM_PAGE],
      ] as const)
        assert.equal((await contact(name, headers)).statusCode, 202);
      assert.equal((await signup("BotLead")).statusCode, 202);
      const hooks = await database.db.query<{ email: string }>(
        `SELECT c.email FROM webhook_deliveries w JOIN contact_requests c ON w.payload::jsonb -> 'data' ->> 'email' = c.email
          WHERE w.event_type = 'contact.received' ORDER BY c.email`,
      );
      assert.deepEqual(
        hooks.rows.map((row) => row.email),
        ["echt@beispiel.de", "echtalt@beispiel.de", "paula@beispiel.de"],
        "Paula's request of the test before has its delivery too; no bot's has one",
      );

      // One day past the period, and one day short of it; a real request as old stays (its period is 180 days).
      const age = (email: string, days: number, table = "contact_requests") =>
        database.db.query(`UPDATE ${table} SET submitted_at = now() - $2::integer * interval '1 day' WHERE email = $1`, [
          email,
          days,
        ]);
      await age("botalt@beispiel.de", SPAM_KEPT_DAYS + 1);
      await age("botneu@beispiel.de", SPAM_KEPT_DAYS - 1);
      await age("echtalt@beispiel.de", SPAM_KEPT_DAYS + 1);
      await age("botlead@beispiel.de", SPAM_KEPT_DAYS + 1, "leads");
      // A long period for unconfirmed sign-ups: the spam one goes all the same.
      const deleted = await purgeExpired(database.db, { ...test.app.mail.site.retention, unconfirmedLeadDays: 60 });
      assert.equal(deleted.spam, 2);
      const requests = await database.db.query<{ email: string }>("SELECT email FROM contact_requests ORDER BY email");
      assert.deepEqual(
        requests.rows.map((row) => row.email),
        ["botneu@beispiel.de", "echt@beispiel.de", "echtalt@beispiel.de", "paula@beispiel.de"],
      );
      const leads = await database.db.query("SELECT 1 FROM leads WHERE email = 'botlead@beispiel.de'");
      assert.equal(leads.rows.length, 0);
    });
  });
}
