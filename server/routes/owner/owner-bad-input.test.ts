/**
 * Crafted parameters on every owner route, on PGlite and PostgreSQL: each gets a German 4xx and never a
 * 5xx (nothing reaches the database that it would refuse), and an unknown path under /api/verwaltung
 * answers 404 as privately as the rest of the owner API.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createSession } from "../../services/owner-sessions";
import { databaseTargets, type TestDatabase } from "../../test-support/databases";
import { buildTestApp, type TestApp } from "../../test-support/test-app";
import { OWNER_MESSAGES } from "./messages";

const OWNER = "inhaber@urkraft-test.de";

interface Case {
  method?: "GET" | "POST" | "DELETE";
  url: string;
  body?: unknown;
  status: number;
  message?: string;
}

const GERMAN = /[äöüß]|Bitte|nicht|ungültig|Diese|Unbekannt/;

const CASES: Case[] = [
  // Cursors of the request list: days that do not exist, years PostgreSQL has not, ids beyond integer.
  { url: "/api/verwaltung/anfragen?vor=2026-02-30T00:00:00.000Z_1", status: 400, message: OWNER_MESSAGES.badCursor },
  { url: "/api/verwaltung/anfragen?vor=2026-01-01T00:00:00.000Z_9999999999", status: 400, message: OWNER_MESSAGES.badCursor },
  { url: "/api/verwaltung/anfragen?vor=0000-01-01T00:00:00.000Z_1", status: 400, message: OWNER_MESSAGES.badCursor },
  { url: "/api/verwaltung/anfragen?vor=2026-13-01T00:00:00.000Z_1", status: 400 },
  { url: "/api/verwaltung/anfragen?vor=2026-01-01T24:00:00.000Z_1", status: 400 },
  { url: "/api/verwaltung/anfragen?vor=2026-01-01T00:00:60.000Z_1", status: 400 },
  { url: "/api/verwaltung/anfragen?vor=2026-01-01T00:00:00.000Z_0", status: 400 },
  { url: "/api/verwaltung/anfragen?vor=2026-01-01T00:00:00.000Z_2147483648", status: 400 },
  { url: "/api/verwaltung/anfragen?vor=1969-12-31T23:59:59.999Z_1", status: 400 },
  { url: "/api/verwaltung/anfragen?vor=2026-01-01T00:00:00.000Z_1&vor=x", status: 400 },
  { url: "/api/verwaltung/anfragen?vor=", status: 400 },
  { url: `/api/verwaltung/anfragen?vor=${"9".repeat(5000)}`, status: 400 },
  { url: "/api/verwaltung/anfragen?filter=offen&filter=alle", status: 400, message: OWNER_MESSAGES.badFilter },
  { url: "/api/verwaltung/anfragen?filter=%00", status: 400 },
  { url: "/api/verwaltung/anfragen?q=a&q=b", status: 400, message: OWNER_MESSAGES.badSearch },
  { url: "/api/verwaltung/anfragen?q=%00", status: 400 },
  // Record ids in the path.
  { url: "/api/verwaltung/anfragen/2147483648", status: 400, message: OWNER_MESSAGES.badId },
  { url: "/api/verwaltung/anfragen/-1", status: 400 },
  { url: "/api/verwaltung/anfragen/1e3", status: 400 },
  { url: "/api/verwaltung/anfragen/%2B1", status: 400 },
  { url: "/api/verwaltung/anfragen/0x10", status: 400 },
  { url: "/api/verwaltung/anfragen/1.5", status: 400 },
  { url: "/api/verwaltung/anfragen/%20%201", status: 400 },
  { url: "/api/verwaltung/anfragen/2147483647", status: 404, message: OWNER_MESSAGES.requestMissing },
  { method: "POST", url: "/api/verwaltung/anfragen/9999999999/antwort", body: { text: "Hallo" }, status: 400 },
  { method: "POST", url: "/api/verwaltung/anfragen/abc/beantwortet", body: {}, status: 400 },
  { method: "POST", url: "/api/verwaltung/anfragen/1/antwort", body: { text: ["Hallo"] }, status: 400 },
  { method: "POST", url: "/api/verwaltung/anfragen/1/antwort", body: { text: "Hallo\u0000" }, status: 400 },
  { method: "POST", url: "/api/verwaltung/webhooks/99999999999/erneut", body: {}, status: 400 },
  { method: "POST", url: "/api/verwaltung/webhooks/0/erneut", body: {}, status: 400 },
  // Leads and the audit log page by id.
  { url: "/api/verwaltung/leads?vor=2147483648", status: 400, message: OWNER_MESSAGES.badCursor },
  { url: "/api/verwaltung/leads?vor=0", status: 400 },
  { url: "/api/verwaltung/leads?vor=1&vor=2", status: 400 },
  { url: "/api/verwaltung/leads?status=confirmed&status=pending", status: 400 },
  { url: "/api/verwaltung/protokoll?vor=99999999999", status: 400, message: OWNER_MESSAGES.badCursor },
  { url: "/api/verwaltung/protokoll?vor=-5", status: 400 },
  { url: "/api/verwaltung/protokoll?vor=abc", status: 400 },
  // Person view: the address and the download flag.
  { url: "/api/verwaltung/person?email=a@b.de&email=c@d.de", status: 400, message: OWNER_MESSAGES.emailInvalid },
  { url: `/api/verwaltung/person?email=${"a".repeat(250)}@example.de`, status: 400 },
  { url: "/api/verwaltung/person?email=a@b.de&download=ja", status: 400, message: OWNER_MESSAGES.badDownload },
  { url: "/api/verwaltung/person?email=a@b.de&download=1&download=1", status: 400 },
  { method: "POST", url: "/api/verwaltung/person/loeschen", body: { email: ["a@b.de"], confirmation: "a@b.de" }, status: 400 },
  // Passkey ids and names.
  // Longer than any path parameter the router takes: no such path.
  { method: "DELETE", url: `/api/verwaltung/passkeys/${"A".repeat(1025)}`, status: 404, message: OWNER_MESSAGES.notFound },
  { method: "DELETE", url: "/api/verwaltung/passkeys/a.b", status: 400, message: OWNER_MESSAGES.badPasskeyId },
  { method: "DELETE", url: "/api/verwaltung/passkeys/a%20b", status: 400 },
  { method: "DELETE", url: "/api/verwaltung/passkeys/%00", status: 400 },
  { method: "DELETE", url: "/api/verwaltung/passkeys/abc", status: 404, message: OWNER_MESSAGES.passkeyMissing },
  { method: "POST", url: "/api/verwaltung/passkeys", body: { name: "x".repeat(61), response: {} }, status: 400 },
  { method: "POST", url: "/api/verwaltung/passkeys", body: { name: "Laptop", response: "kaputt" }, status: 400 },
  { method: "POST", url: "/api/verwaltung/passkeys", body: { name: "Laptop", response: { id: 5, response: [] } }, status: 400 },
  { method: "POST", url: "/api/verwaltung/bestaetigen", body: { response: { id: ["x"] } }, status: 400 },
  { method: "POST", url: "/api/verwaltung/passkey-anmeldung", body: { response: { id: { $ne: 1 } } }, status: 400 },
  // Webhook receivers: only a URL.
  {
    method: "POST",
    url: "/api/verwaltung/webhooks/endpunkt",
    body: { url: "kein url" },
    status: 400,
    message: OWNER_MESSAGES.badUrl,
  },
  { method: "POST", url: "/api/verwaltung/webhooks/endpunkt", body: { url: ["https://a.example/"] }, status: 400 },
  {
    method: "POST",
    url: "/api/verwaltung/webhooks/endpunkt",
    body: { url: `https://a.example/${"x".repeat(3000)}` },
    status: 400,
  },
  { method: "POST", url: "/api/verwaltung/webhooks/endpunkt", body: { url: "https://nicht-gelistet.example/" }, status: 404 },
  // Login routes.
  {
    method: "POST",
    url: "/api/verwaltung/sitzung",
    body: { token: "A".repeat(43) },
    status: 400,
    message: OWNER_MESSAGES.linkInvalid,
  },
  { method: "POST", url: "/api/verwaltung/sitzung", body: { token: { $gt: "" } }, status: 400 },
  { method: "POST", url: "/api/verwaltung/anmeldelink", body: { email: ["inhaber@urkraft-test.de"] }, status: 400 },
  // Every list takes only the parameters its schema declares, each once, as a plain value without NUL.
  { url: "/api/verwaltung/leads?suche=%00", status: 400 },
  { url: "/api/verwaltung/leads?status[]=x", status: 400 },
  { url: "/api/verwaltung/leads?status=confirmed&seite=2", status: 400 },
  { url: "/api/verwaltung/anfragen?filter[]=offen", status: 400 },
  { url: "/api/verwaltung/anfragen?suche=%00", status: 400 },
  { url: "/api/verwaltung/protokoll?vor[]=1", status: 400 },
  { url: "/api/verwaltung/protokoll?suche=%00", status: 400 },
  { url: "/api/verwaltung/besucher?tage=30&tage=90", status: 400, message: OWNER_MESSAGES.badPeriod },
  { url: "/api/verwaltung/besucher?tage[]=30", status: 400 },
  { url: "/api/verwaltung/besucher?suche=%00", status: 400 },
  { url: "/api/verwaltung/besucher/export.csv?tage=30&tage=30", status: 400, message: OWNER_MESSAGES.badPeriod },
  { url: "/api/verwaltung/person?email=a@b.de&suche=%00", status: 400 },
  { url: "/api/verwaltung/webhooks?suche=%00", status: 400 },
  { url: "/api/verwaltung/newsletter?status[]=x", status: 400 },
  // Unknown paths answer 404 in German.
  { url: "/api/verwaltung/gibt-es-nicht", status: 404, message: OWNER_MESSAGES.notFound },
  { method: "POST", url: "/api/verwaltung/anfragen/1/loeschen", body: {}, status: 404, message: OWNER_MESSAGES.notFound },
  { url: "/api/verwaltung", status: 404 },
];

for (const target of databaseTargets()) {
  describe(`crafted owner parameters on ${target.driver}`, { skip: target.skip }, () => {
    let database: TestDatabase;
    let test: TestApp;
    let cookie: string;

    before(async () => {
      database = await target.create();
      test = await buildTestApp(database, { OWNER_EMAILS: OWNER, MAIL_WORKER: "false", OWNER_LOGIN_LIMIT: "100000" });
      await test.app.ready();
      cookie = `__Host-urkraft-verwaltung=${await createSession(database.db, OWNER, "link")}`;
    });
    after(async () => {
      await test?.close();
      await database?.drop();
    });

    for (const testCase of CASES) {
      it(`${testCase.method ?? "GET"} ${testCase.url.slice(0, 90)} → ${testCase.status}`, async () => {
        const response = await test.app.inject({
          method: testCase.method ?? "GET",
          url: testCase.url,
          headers: {
            accept: "application/json",
            origin: "http://localhost",
            cookie,
            ...(testCase.body !== undefined ? { "content-type": "application/json" } : {}),
          },
          payload: testCase.body !== undefined ? JSON.stringify(testCase.body) : undefined,
        });
        assert.equal(response.statusCode, testCase.status, response.body);
        const { error } = response.json() as { error: string };
        assert.match(error, GERMAN);
        if (testCase.message) assert.equal(error, testCase.message);
        assert.equal(response.headers["cache-control"], "no-store");
        assert.equal(response.headers["x-robots-tag"], "noindex, nofollow");
      });
    }

    it("the lists still answer what the screens ask", async () => {
      for (const url of [
        "/leads?status=confirmed",
        "/leads?status=alle&vor=5",
        "/anfragen?filter=alle&q=x",
        "/protokoll",
        "/besucher?tage=90",
        "/webhooks",
        "/newsletter",
      ]) {
        const response = await test.app.inject({ url: `/api/verwaltung${url}`, headers: { accept: "application/json", cookie } });
        assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
      }
    });

    it("a crafted query without a session gets 401 first, as before", async () => {
      const response = await test.app.inject({
        url: "/api/verwaltung/leads?status[]=x",
        headers: { accept: "application/json" },
      });
      assert.equal(response.statusCode, 401);
      assert.equal(response.json().error, OWNER_MESSAGES.loginNeeded);
    });

    it("wrote no server error to the log and still answers", async () => {
      const failures = test.logs.filter((line) => /"level":50|request failed/.test(line));
      assert.deepEqual(failures, []);
      const session = await test.app.inject({ method: "GET", url: "/api/verwaltung/sitzung", headers: { cookie } });
      assert.equal(session.statusCode, 200);
    });
  });
}
