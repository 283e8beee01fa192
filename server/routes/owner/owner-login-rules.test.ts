/**
 * The rules of owner login on PGlite and PostgreSQL, as an attacker would probe them: links valid 10
 * minutes and spent by any login, addresses taken out of OWNER_EMAILS losing everything at the next
 * start, failed logins in the audit log (without the token) with one warning mail to every owner, and
 * the login mail's link gone from the outbox row once the mail went out through real SMTP.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import { databaseTargets, type TestDatabase } from "../../test-support/databases";
import { SmtpSink } from "../../test-support/smtp-sink";
import { buildTestApp, postJson, type TestApp } from "../../test-support/test-app";
import { waitUntil } from "../../test-support/app-harness";
import { newToken } from "../../services/link-tokens";

const OWNER = "inhaber@urkraft-test.de";
const SECOND_OWNER = "team@urkraft-test.de";
const ORIGIN = { origin: "http://localhost" };

function cookieOf(response: LightMyRequestResponse): string {
  const match = /(__Host-urkraft-verwaltung=[^;]+)/.exec(String(response.headers["set-cookie"] ?? ""));
  assert.ok(match, "a session cookie is set");
  return match[1]!;
}

for (const target of databaseTargets()) {
  describe(`owner login rules on ${target.driver}`, { skip: target.skip }, () => {
    let database: TestDatabase;
    let test: TestApp;

    const start = (ownerEmails: string, env: Record<string, string> = {}) =>
      buildTestApp(database, { OWNER_EMAILS: ownerEmails, MAIL_WORKER: "false", OWNER_LOGIN_LIMIT: "1000", ...env });
    const mails = async (kind: string) =>
      (
        await database.db.query<{ recipient: string; text: string }>(
          "SELECT recipient, message ->> 'text' AS text FROM mail_outbox WHERE kind = $1 ORDER BY id",
          [kind],
        )
      ).rows;

    async function linkToken(email = OWNER): Promise<string> {
      const before = (await mails("owner-login")).length;
      assert.equal((await postJson(test.app, "/api/verwaltung/anmeldelink", { email }, ORIGIN)).statusCode, 202);
      await test.app.ownerLoginLinks.idle();
      const sent = await mails("owner-login");
      assert.equal(sent.length, before + 1, "a login mail is queued");
      return /\?token=([A-Za-z0-9_-]{43})/.exec(sent.at(-1)!.text)![1]!;
    }
    const followLink = (token: string) => postJson(test.app, "/api/verwaltung/sitzung", { token }, ORIGIN);
    const session = (cookie: string) =>
      test.app.inject({ method: "GET", url: "/api/verwaltung/sitzung", headers: { accept: "application/json", cookie } });

    before(async () => {
      database = await target.create();
      test = await start(`${OWNER}, ${SECOND_OWNER}`);
    });
    after(async () => {
      await test?.close();
      await database?.drop();
    });

    it("sends links valid for 10 minutes, and says so in the mail and the answer", async () => {
      const answer = await postJson(test.app, "/api/verwaltung/anmeldelink", { email: OWNER }, ORIGIN);
      assert.match(answer.json().message, /Er gilt 10\sMinuten\./);
      await test.app.ownerLoginLinks.idle();
      assert.match((await mails("owner-login")).at(-1)!.text, /Er gilt 10\sMinuten/);
      const { rows } = await database.db.query<{ minutes: number }>(
        "SELECT round(extract(epoch FROM expires_at - created_at) / 60)::integer AS minutes FROM owner_login_tokens",
      );
      assert.deepEqual(
        rows.map((row) => row.minutes),
        [10],
      );
      const token = await linkToken();
      await database.db.query("UPDATE owner_login_tokens SET created_at = created_at - interval '10 minutes 1 second'");
      await database.db.query("UPDATE owner_login_tokens SET expires_at = created_at + interval '10 minutes'");
      assert.equal((await followLink(token)).statusCode, 400, "a link older than 10 minutes is spent");
    });

    it("makes the link after a pause, so the asking connection's next requests meet no work of it", async () => {
      const tokens = async () =>
        (await database.db.query<{ n: number }>("SELECT count(*)::integer AS n FROM owner_login_tokens")).rows[0]!.n;
      const before = await tokens();
      assert.equal((await postJson(test.app, "/api/verwaltung/anmeldelink", { email: SECOND_OWNER }, ORIGIN)).statusCode, 202);
      const started = Date.now();
      while (Date.now() - started < 300) {
        await test.app.inject({ method: "GET", url: "/api/health" });
        assert.equal(await tokens(), before, "no link is made while the next requests come in");
      }
      await test.app.ownerLoginLinks.idle();
      assert.equal(await tokens(), before + 1);
      // The later tests count the links and mails of each address from nothing.
      await database.db.query("DELETE FROM owner_login_tokens WHERE email = $1", [SECOND_OWNER]);
      await database.db.query("DELETE FROM mail_outbox WHERE kind = 'owner-login' AND recipient = $1", [SECOND_OWNER]);
    });

    it("spends the address's other unused links at a login", async () => {
      const first = await linkToken();
      const second = await linkToken();
      const other = await linkToken(SECOND_OWNER);
      assert.equal((await followLink(second)).statusCode, 200);
      assert.equal((await followLink(first)).statusCode, 400, "the older link of the same address no longer logs in");
      assert.equal((await followLink(other)).statusCode, 200, "another owner's link is untouched");
    });

    it("writes failed logins to the audit log without the token, and warns every owner once after 10 in an hour", async () => {
      await database.db.query("DELETE FROM audit_log");
      const used = await linkToken();
      assert.equal((await followLink(used)).statusCode, 200);
      const tokens = [used, ...Array.from({ length: 11 }, (_, i) => `${"B".repeat(41)}${String(i).padStart(2, "0")}`)];
      for (const token of tokens) assert.equal((await followLink(token)).statusCode, 400);
      const options = (await postJson(test.app, "/api/verwaltung/passkey-anmeldung/optionen", {}, ORIGIN)).json();
      const passkey = await postJson(
        test.app,
        "/api/verwaltung/passkey-anmeldung",
        { response: { id: "unbekannt", rawId: "unbekannt", type: "public-key", response: {}, challenge: options.challenge } },
        ORIGIN,
      );
      assert.equal(passkey.statusCode, 400);

      const { rows } = await database.db.query<{ owner_email: string; action: string; object: string }>(
        "SELECT owner_email, action, object FROM audit_log WHERE action = 'login-failed' ORDER BY id",
      );
      assert.equal(rows.length, 13);
      assert.equal(rows[0]!.owner_email, OWNER, "a used link names its owner");
      assert.match(rows[0]!.object, /schon benutzt/);
      assert.match(rows.at(-1)!.object, /Passkey/);
      const logText = JSON.stringify(rows);
      for (const token of tokens) assert.ok(!logText.includes(token), "no token in the audit log");

      const warnings = await mails("owner-login-warning");
      assert.deepEqual(warnings.map((mail) => mail.recipient).sort(), [OWNER, SECOND_OWNER].sort(), "one warning per owner");
      assert.match(warnings[0]!.text, /10 Anmeldungen .* fehlgeschlagen/s);
      assert.match(warnings[0]!.text, /\/verwaltung\/protokoll/);
    });

    it("removes sessions, passkeys and unused links of an address taken out of OWNER_EMAILS at the next start", async () => {
      const teamCookie = cookieOf(await followLink(await linkToken(SECOND_OWNER)));
      await linkToken(SECOND_OWNER);
      await database.db.query(
        `INSERT INTO owner_passkeys (credential_id, email, public_key, name) VALUES ('team-key', $1, '\\x00', 'Team-Laptop')`,
        [SECOND_OWNER],
      );
      const ownerCookie = cookieOf(await followLink(await linkToken(OWNER)));
      await test.close();

      test = await start(OWNER);
      await test.app.ready();
      const left = await database.db.query(
        `SELECT email FROM owner_sessions WHERE email = $1 UNION ALL SELECT email FROM owner_passkeys WHERE email = $1
         UNION ALL SELECT email FROM owner_login_tokens WHERE email = $1`,
        [SECOND_OWNER],
      );
      assert.deepEqual(left.rows, []);
      assert.equal((await session(ownerCookie)).statusCode, 200, "the remaining owner keeps the session");
      await test.close();

      // Put back, the address gets nothing of the old access again.
      test = await start(`${OWNER}, ${SECOND_OWNER}`);
      assert.equal((await session(teamCookie)).statusCode, 401);
      assert.equal((await database.db.query("SELECT 1 FROM owner_passkeys WHERE email = $1", [SECOND_OWNER])).rows.length, 0);
    });

    it("refuses a link whose address has lost its access, and says so in the audit log in German, without settings", async () => {
      // A link another instance made for an address this one does not let in (several instances, different settings).
      const { token, hash } = newToken();
      const outsider = "ehemals@urkraft-test.de";
      await database.db.query(
        "INSERT INTO owner_login_tokens (token_hash, email, expires_at) VALUES ($1, $2, now() + interval '5 minutes')",
        [hash, outsider],
      );
      assert.equal((await followLink(token)).statusCode, 400);
      const { rows } = await database.db.query<{ owner_email: string; object: string }>(
        "SELECT owner_email, object FROM audit_log WHERE action = 'login-failed' AND owner_email = $1",
        [outsider],
      );
      assert.deepEqual(rows, [{ owner_email: outsider, object: "Adresse hat keinen Zugang mehr zur Verwaltung" }]);
    });
  });

  describe(`login mail through SMTP on ${target.driver}`, { skip: target.skip }, () => {
    let database: TestDatabase;
    let test: TestApp;
    const sink = new SmtpSink();

    before(async () => {
      await sink.start();
      database = await target.create();
      test = await buildTestApp(database, {
        OWNER_EMAILS: OWNER,
        SMTP_URL: sink.url,
        MAIL_POLL_INTERVAL: "1s",
        OWNER_LOGIN_LIMIT: "1000",
      });
      await test.app.ready();
    });
    after(async () => {
      await test?.close();
      await database?.drop();
      await sink.stop();
    });

    it("keeps no link in the outbox row once the login mail is sent", async () => {
      assert.equal((await postJson(test.app, "/api/verwaltung/anmeldelink", { email: OWNER }, ORIGIN)).statusCode, 202);
      const [mail] = await sink.waitFor((received) => received.rcptTo.includes(OWNER));
      const token = /\?token=([A-Za-z0-9_-]{43})/.exec(String(mail!.parsed.text))![1]!;
      await waitUntil(async () => {
        const { rows } = await database.db.query("SELECT 1 FROM mail_outbox WHERE kind = 'owner-login' AND status = 'sent'");
        return rows.length === 1;
      }, "the login mail recorded as sent");
      const { rows } = await database.db.query<{ row: string }>("SELECT row_to_json(mail_outbox)::text AS row FROM mail_outbox");
      assert.ok(rows.length > 0);
      for (const { row } of rows) assert.ok(!row.includes(token), `no token in ${row.slice(0, 200)}`);
      const stored = await database.db.query<{ token_hash: string }>("SELECT token_hash FROM owner_login_tokens");
      assert.equal(stored.rows.length, 1);
      assert.notEqual(stored.rows[0]!.token_hash, token, "only the hash is kept");
      assert.equal((await postJson(test.app, "/api/verwaltung/sitzung", { token }, ORIGIN)).statusCode, 200);
    });
  });
}
