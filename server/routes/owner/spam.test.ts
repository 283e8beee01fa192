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
      test = await buildTestApp(database, { OWNER_EMAILS: OWNER, MAIL_WORKER: "false" });
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
  });
}
