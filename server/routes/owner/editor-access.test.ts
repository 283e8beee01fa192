/**
 * Editors (EDITOR_EMAILS) log in like owners but reach only what is theirs: every route of the owner API
 * that does not say otherwise answers an editor's session 403, walked from the registered routes, so a
 * route added later is covered without touching this test.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import { databaseTargets, type TestDatabase } from "../../test-support/databases";
import { SoftwarePasskey } from "../../test-support/software-passkey";
import { buildTestApp, postJson, type TestApp } from "../../test-support/test-app";
import { OWNER_MESSAGES } from "./messages";

const OWNER = "inhaber@urkraft-test.de";
const EDITOR = "redaktion@urkraft-test.de";
const ORIGIN = { origin: "http://localhost" };

/** What editors may call besides the login steps: their session, their passkeys, the content screen. */
const EDITOR_ROUTES = [
  "GET /api/verwaltung/sitzung",
  "HEAD /api/verwaltung/sitzung",
  "POST /api/verwaltung/abmelden",
  "POST /api/verwaltung/sitzungen-beenden",
  "POST /api/verwaltung/bestaetigen/optionen",
  "POST /api/verwaltung/bestaetigen",
  "GET /api/verwaltung/passkeys",
  "HEAD /api/verwaltung/passkeys",
  "POST /api/verwaltung/passkeys/optionen",
  "POST /api/verwaltung/passkeys",
  "DELETE /api/verwaltung/passkeys/:id",
  "GET /api/verwaltung/inhalte",
  "HEAD /api/verwaltung/inhalte",
  "GET /api/verwaltung/inhalte/datei",
  "HEAD /api/verwaltung/inhalte/datei",
  "POST /api/verwaltung/inhalte/entwurf",
  "DELETE /api/verwaltung/inhalte/entwurf",
  "POST /api/verwaltung/inhalte/pruefen",
  "POST /api/verwaltung/inhalte/vorschau",
  "POST /api/verwaltung/inhalte/veroeffentlichen",
  "GET /api/verwaltung/inhalte/verlauf",
  "HEAD /api/verwaltung/inhalte/verlauf",
  "GET /api/verwaltung/inhalte/fassung",
  "HEAD /api/verwaltung/inhalte/fassung",
  "POST /api/verwaltung/inhalte/zuruecksetzen",
  "DELETE /api/verwaltung/inhalte/vorschlag",
  "POST /api/verwaltung/inhalte/planen",
  "DELETE /api/verwaltung/inhalte/geplant/:id",
  "GET /api/verwaltung/inhalte/bilder",
  "HEAD /api/verwaltung/inhalte/bilder",
  "POST /api/verwaltung/inhalte/bilder",
  "GET /api/verwaltung/inhalte/bild",
  "HEAD /api/verwaltung/inhalte/bild",
];

const PUBLIC_ROUTES = [
  "POST /api/verwaltung/anmeldelink",
  "POST /api/verwaltung/sitzung",
  "POST /api/verwaltung/passkey-anmeldung/optionen",
  "POST /api/verwaltung/passkey-anmeldung",
];

function cookieOf(response: LightMyRequestResponse): string {
  const match = /(__Host-urkraft-verwaltung=[^;]+)/.exec(String(response.headers["set-cookie"] ?? ""));
  assert.ok(match, "a session cookie is set");
  return match[1]!;
}

/** A concrete address for a route pattern: every parameter and wildcard filled in. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, "1").replace(/\*/g, "x");

for (const target of databaseTargets()) {
  describe(`editor access on ${target.driver}`, { skip: target.skip }, () => {
    let database: TestDatabase;
    let test: TestApp;

    const post = (url: string, body: unknown, cookie?: string) =>
      postJson(test.app, url, body, { ...ORIGIN, ...(cookie ? { cookie } : {}) });
    const call = (method: string, url: string, cookie: string) =>
      test.app.inject({
        method: method as "GET",
        url: concrete(url),
        headers: { ...ORIGIN, accept: "application/json", cookie, "content-type": "application/json" },
        ...(method === "GET" || method === "HEAD" ? {} : { payload: "{}" }),
      });

    async function login(email: string): Promise<string> {
      assert.equal((await post("/api/verwaltung/anmeldelink", { email })).statusCode, 202);
      await test.app.ownerLoginLinks.idle();
      const { rows } = await database.db.query<{ text: string }>(
        "SELECT message ->> 'text' AS text FROM mail_outbox WHERE kind = 'owner-login' AND recipient = $1 ORDER BY id DESC LIMIT 1",
        [email],
      );
      assert.ok(rows[0], `a login mail to ${email} is queued`);
      const token = /\?token=([A-Za-z0-9_-]{43})/.exec(rows[0].text)![1];
      const response = await post("/api/verwaltung/sitzung", { token });
      assert.equal(response.statusCode, 200, response.body);
      return cookieOf(response);
    }

    before(async () => {
      database = await target.create();
      test = await buildTestApp(database, {
        OWNER_EMAILS: OWNER,
        EDITOR_EMAILS: EDITOR,
        MAIL_WORKER: "false",
        OWNER_LOGIN_LIMIT: "1000",
      });
    });
    after(async () => {
      await test?.close();
      await database?.drop();
    });

    it("logs an editor in by link, as an editor, written to the audit log", async () => {
      const cookie = await login(EDITOR);
      const session = await test.app.inject({ method: "GET", url: "/api/verwaltung/sitzung", headers: { cookie } });
      assert.equal(session.statusCode, 200);
      assert.equal(session.json().email, EDITOR);
      assert.equal(session.json().role, "editor");
      const owner = await login(OWNER);
      const ownerSession = await test.app.inject({ method: "GET", url: "/api/verwaltung/sitzung", headers: { cookie: owner } });
      assert.equal(ownerSession.json().role, "owner");
      const { rows } = await database.db.query("SELECT 1 FROM audit_log WHERE owner_email = $1 AND action = 'login'", [EDITOR]);
      assert.equal(rows.length, 1);
    });

    it("answers an editor 403 on every owner route not opened to editors, and an owner never so", async () => {
      const editor = await login(EDITOR);
      const owner = await login(OWNER);
      const routes = test.app.ownerRoutes;
      const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
      assert.deepEqual(
        routes
          .filter((route) => route.access === "editors")
          .map(key)
          .sort(),
        [...EDITOR_ROUTES].sort(),
      );
      assert.deepEqual(
        routes
          .filter((route) => route.access === "public")
          .map(key)
          .sort(),
        [...PUBLIC_ROUTES].sort(),
      );
      const closed = routes.filter((route) => route.access === "owners");
      assert.ok(closed.length >= 20, `the owner routes are all listed (${closed.length})`);
      for (const route of closed) {
        const response = await call(route.method, route.url, editor);
        assert.equal(response.statusCode, 403, `${key(route)}: ${response.body}`);
        if (route.method !== "HEAD") assert.equal(response.json().error, OWNER_MESSAGES.ownersOnly, key(route));
      }
      for (const route of closed.filter((route) => route.method === "GET")) {
        const response = await call(route.method, route.url, owner);
        assert.notEqual(response.statusCode, 403, `${key(route)} for the owner: ${response.body}`);
      }
      // Still logged in: the refusals end nothing.
      assert.equal((await call("GET", "/api/verwaltung/sitzung", editor)).statusCode, 200);
    });

    it("lets an editor add a passkey and log in with it", async () => {
      const cookie = await login(EDITOR);
      const passkey = new SoftwarePasskey();
      const options = await post("/api/verwaltung/passkeys/optionen", {}, cookie);
      assert.equal(options.statusCode, 200, options.body);
      const added = await post(
        "/api/verwaltung/passkeys",
        { name: "Laptop", response: passkey.register(options.json()) },
        cookie,
      );
      assert.equal(added.statusCode, 201, added.body);
      const loginOptions = (await post("/api/verwaltung/passkey-anmeldung/optionen", {})).json();
      const loggedIn = await post("/api/verwaltung/passkey-anmeldung", { response: passkey.authenticate(loginOptions) });
      assert.equal(loggedIn.statusCode, 200, loggedIn.body);
      assert.equal(loggedIn.json().email, EDITOR);
      const { rows } = await database.db.query<{ recipient: string }>(
        "SELECT recipient FROM mail_outbox WHERE kind = 'owner-passkey-added' ORDER BY recipient",
      );
      assert.deepEqual(
        rows.map((row) => row.recipient),
        [OWNER, EDITOR].sort(),
        "the owner and the editor hear of it",
      );
    });
  });
}
