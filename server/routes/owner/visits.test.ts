/** Besucher in the owner area's API, through app.inject on both drivers: the figures, the periods, the CSV. */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import { databaseTargets, type TestDatabase } from "../../test-support/databases";
import { buildTestApp, postJson, type TestApp } from "../../test-support/test-app";

const OWNER = "inhaber@urkraft-test.de";
const ORIGIN = { origin: "http://localhost" };

function cookieOf(response: LightMyRequestResponse): string {
  const match = /(__Host-urkraft-verwaltung=[^;]+)/.exec(String(response.headers["set-cookie"] ?? ""));
  assert.ok(match);
  return match[1]!;
}

for (const target of databaseTargets()) {
  describe(`Besucher in the owner area on ${target.driver}`, { skip: target.skip }, () => {
    let database: TestDatabase;
    let test: TestApp;
    let cookie: string;

    before(async () => {
      database = await target.create();
      test = await buildTestApp(database, { OWNER_EMAILS: OWNER });
      await postJson(test.app, "/api/verwaltung/anmeldelink", { email: OWNER }, ORIGIN);
      await test.app.ownerLoginLinks.idle();
      const { rows } = await database.db.query<{ text: string }>(
        "SELECT message ->> 'text' AS text FROM mail_outbox WHERE kind = 'owner-login'",
      );
      const token = /anmelden\?token=([A-Za-z0-9_-]{43})/.exec(rows[0]!.text)![1]!;
      cookie = cookieOf(await postJson(test.app, "/api/verwaltung/sitzung", { token }, ORIGIN));
      await database.db.query(`INSERT INTO visit_pages (day, route, device, views, leads) VALUES
        (current_date, '/', 'mobil', 50, 5), (current_date - 45, '/', 'desktop', 100, 1)`);
      await database.db.query(`INSERT INTO visit_sources (day, source, medium, campaign, visits, leads) VALUES
        (current_date, '=cmd|calc', 'e-mail', 'herbst', 20, 2)`);
    });
    after(async () => {
      await test.close();
      await database.drop();
    });

    const get = (url: string, withCookie = true) =>
      test.app.inject({ method: "GET", url, headers: { accept: "application/json", ...(withCookie ? { cookie } : {}) } });

    it("answers only the owner", async () => {
      assert.equal((await get("/api/verwaltung/besucher", false)).statusCode, 401);
      assert.equal((await get("/api/verwaltung/besucher/export.csv", false)).statusCode, 401);
    });

    it("gives 30 days by default and 90 on request, with one row per day", async () => {
      const thirty = (await get("/api/verwaltung/besucher")).json();
      assert.equal(thirty.days, 30);
      assert.equal(thirty.perDay.length, 30);
      assert.equal(thirty.counting, true);
      assert.deepEqual(
        thirty.routes.map((row: { route: string; views: number; leads: number }) => [row.route, row.views, row.leads]),
        [["/", 50, 5]],
      );
      const ninety = (await get("/api/verwaltung/besucher?tage=90")).json();
      assert.equal(ninety.perDay.length, 90);
      assert.equal(ninety.routes[0].views, 150);
      const refused = await get("/api/verwaltung/besucher?tage=7");
      assert.equal(refused.statusCode, 400);
      assert.match(refused.json().error, /wähle 30 oder 90 Tage/);
    });

    it("exports pages and sources as CSV for German Excel, formulas defused", async () => {
      const response = await get("/api/verwaltung/besucher/export.csv?tage=30");
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers["content-type"]), /^text\/csv; charset=utf-8/);
      assert.match(
        String(response.headers["content-disposition"]),
        /attachment; filename="besucher-\d{4}-\d\d-\d\d-bis-\d{4}-\d\d-\d\d\.csv"/,
      );
      const lines = response.body
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");
      assert.deepEqual(lines, [
        "Art;Seite oder Quelle;Medium;Kampagne;Aufrufe oder Besuche;Anmeldungen;Anmelderate;Bestätigt;nach 30 Tagen noch dabei;Anfragen",
        "Seite;/;;;50;5;10 %;0;–;0",
        "Quelle;'=cmd|calc;e-mail;herbst;20;2;10 %;0;–;0",
      ]);
    });
  });
}
