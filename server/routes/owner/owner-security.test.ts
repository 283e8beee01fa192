/**
 * The owner area as someone holding a stolen session cookie would try it, through app.inject on PGlite
 * and PostgreSQL with a passkey in software: sensitive actions need a recent login or a confirmation on
 * the spot, every owner hears of passkey changes, "Alle Sitzungen beenden" can take the passkeys along,
 * confirmations cannot be replayed or made with another owner's passkey.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import { databaseTargets, type TestDatabase } from "../../test-support/databases";
import { SoftwarePasskey } from "../../test-support/software-passkey";
import { buildTestApp, postJson, type TestApp } from "../../test-support/test-app";
import { ageSessions } from "../../test-support/sessions";

const OWNER = "inhaber@urkraft-test.de";
const SECOND_OWNER = "team@urkraft-test.de";
const ORIGIN = { origin: "http://localhost" };

function cookieOf(response: LightMyRequestResponse): string {
  const match = /(__Host-urkraft-verwaltung=[^;]+)/.exec(String(response.headers["set-cookie"] ?? ""));
  assert.ok(match, "a session cookie is set");
  return match[1]!;
}

for (const target of databaseTargets()) {
  describe(`owner security on ${target.driver}`, { skip: target.skip }, () => {
    let database: TestDatabase;
    let test: TestApp;

    const mails = async (kind: string) =>
      (
        await database.db.query<{ recipient: string; text: string }>(
          "SELECT recipient, message ->> 'text' AS text FROM mail_outbox WHERE kind = $1 ORDER BY id",
          [kind],
        )
      ).rows;
    const get = (url: string, cookie: string) =>
      test.app.inject({ method: "GET", url, headers: { accept: "application/json", cookie } });
    const post = (url: string, body: unknown, cookie?: string) =>
      postJson(test.app, url, body, { ...ORIGIN, ...(cookie ? { cookie } : {}) });
    const remove = (url: string, cookie: string) =>
      test.app.inject({ method: "DELETE", url, headers: { ...ORIGIN, accept: "application/json", cookie } });

    async function login(email = OWNER): Promise<string> {
      const before = (await mails("owner-login")).length;
      assert.equal((await post("/api/verwaltung/anmeldelink", { email })).statusCode, 202);
      await test.app.ownerLoginLinks.idle();
      const sent = await mails("owner-login");
      assert.equal(sent.length, before + 1, "a login mail is queued");
      const token = /\?token=([A-Za-z0-9_-]{43})/.exec(sent.at(-1)!.text)![1];
      const response = await post("/api/verwaltung/sitzung", { token });
      assert.equal(response.statusCode, 200, response.body);
      return cookieOf(response);
    }

    async function addPasskey(cookie: string, passkey: SoftwarePasskey, name: string) {
      const options = await post("/api/verwaltung/passkeys/optionen", {}, cookie);
      if (options.statusCode !== 200) return options;
      return post("/api/verwaltung/passkeys", { name, response: passkey.register(options.json()) }, cookie);
    }

    async function passkeyLogin(passkey: SoftwarePasskey) {
      const options = (await post("/api/verwaltung/passkey-anmeldung/optionen", {})).json();
      return post("/api/verwaltung/passkey-anmeldung", { response: passkey.authenticate(options) });
    }

    async function confirmWith(cookie: string, passkey: SoftwarePasskey) {
      const options = (await post("/api/verwaltung/bestaetigen/optionen", {}, cookie)).json();
      return post("/api/verwaltung/bestaetigen", { response: passkey.authenticate(options) }, cookie);
    }

    function assertConfirmationNeeded(response: LightMyRequestResponse, what: string) {
      assert.equal(response.statusCode, 403, `${what}: ${response.body}`);
      assert.equal(response.json().confirmLogin, true, what);
      assert.match(response.json().error, /^Bitte bestätige deine Anmeldung/, what);
    }

    before(async () => {
      database = await target.create();
      test = await buildTestApp(database, {
        OWNER_EMAILS: `${OWNER}, ${SECOND_OWNER}`,
        MAIL_WORKER: "false",
        OWNER_LOGIN_LIMIT: "1000",
      });
    });
    after(async () => {
      await test?.close();
      await database?.drop();
    });

    it("does not let a session older than 5 minutes add a passkey (the stolen-cookie takeover)", async () => {
      const stolen = await login();
      await ageSessions(database.db, 6);
      const attacker = new SoftwarePasskey();
      // The two requests that registered an attacker's passkey with nothing but the cookie.
      const options = await post("/api/verwaltung/passkeys/optionen", {}, stolen);
      const challenge = options.statusCode === 200 ? String(options.json().challenge) : "A".repeat(43);
      const added = await post(
        "/api/verwaltung/passkeys",
        { name: "Angreifer", response: attacker.register({ challenge }) },
        stolen,
      );
      assert.equal((await database.db.query("SELECT 1 FROM owner_passkeys")).rows.length, 0, "no passkey was stored");
      assert.equal((await passkeyLogin(attacker)).statusCode, 400, "no passkey of the attacker logs in");
      assertConfirmationNeeded(options, "passkey options");
      assertConfirmationNeeded(added, "passkey save");
      assert.equal((await mails("owner-passkey-added")).length, 0);
    });

    it("asks for a recent login before exporting, erasing, enabling a receiver or ending sessions with passkeys", async () => {
      const cookie = await login();
      await database.db.query(`INSERT INTO webhook_endpoints (url, disabled_at) VALUES ('https://alt.example/hook', now())`);
      await ageSessions(database.db, 6);
      assertConfirmationNeeded(await get("/api/verwaltung/leads/export.csv", cookie), "export");
      assertConfirmationNeeded(
        await post("/api/verwaltung/person/loeschen", { email: "a@example.de", confirmation: "a@example.de" }, cookie),
        "erase",
      );
      assertConfirmationNeeded(
        await post("/api/verwaltung/webhooks/endpunkt", { url: "https://alt.example/hook" }, cookie),
        "enable receiver",
      );
      assertConfirmationNeeded(await post("/api/verwaltung/sitzungen-beenden", { passkeys: true }, cookie), "end with passkeys");
      assert.equal((await get("/api/verwaltung/sitzung", cookie)).statusCode, 200, "the session itself goes on");
      const audit = await database.db.query("SELECT 1 FROM audit_log WHERE action IN ('export', 'erase', 'endpoint-enabled')");
      assert.equal(audit.rows.length, 0);

      const session = (await get("/api/verwaltung/sitzung", cookie)).json();
      assert.equal(session.recent, false);

      // A fresh link is a confirmation: the new session may do it at once.
      const fresh = await login();
      assert.equal((await get("/api/verwaltung/sitzung", fresh)).json().recent, true);
      assert.equal((await get("/api/verwaltung/leads/export.csv", fresh)).statusCode, 200);
      const enabled = await post("/api/verwaltung/webhooks/endpunkt", { url: "https://alt.example/hook" }, fresh);
      assert.equal(enabled.statusCode, 200, enabled.body);
    });

    it("asks for a recent login before paging confirmed leads or sending a newsletter, audits the one and tells every owner of the other", async () => {
      await database.db.query(
        `INSERT INTO leads (email, name, form_page, consent_text_version, privacy_version, status, confirmed_at)
         SELECT 'bestaetigt' || i || '@beispiel.de', 'Lea', '/', 'v1', 'v1', 'confirmed', now() FROM generate_series(1, 30) AS i`,
      );
      const stolen = await login();
      await ageSessions(database.db, 6);
      assertConfirmationNeeded(await get("/api/verwaltung/leads?status=confirmed", stolen), "confirmed leads");
      const first = await get("/api/verwaltung/leads?status=alle", stolen);
      assert.equal(first.statusCode, 200, "the first page of all leads stays a glance");
      assertConfirmationNeeded(
        await get(`/api/verwaltung/leads?status=alle&vor=${first.json().next}`, stolen),
        "paging all leads",
      );
      const newsletter = { subject: "Neuigkeiten", body: "[Hier klicken](https://phishing.example/login)" };
      assertConfirmationNeeded(await post("/api/verwaltung/newsletter", { ...newsletter, send: "now" }, stolen), "send now");
      assertConfirmationNeeded(
        await post("/api/verwaltung/newsletter", { ...newsletter, send: "later", at: "2031-05-04 10:00" }, stolen),
        "schedule",
      );
      assert.equal((await database.db.query("SELECT 1 FROM newsletters")).rows.length, 0, "nothing saved or scheduled");
      assert.equal((await database.db.query("SELECT 1 FROM audit_log WHERE action = 'leads-read'")).rows.length, 0);

      const fresh = await login();
      const page = await get("/api/verwaltung/leads?status=confirmed", fresh);
      assert.equal(page.statusCode, 200, page.body);
      assert.equal(page.json().leads.length, 25);
      const audit = await database.db.query<{ owner_email: string; object: string }>(
        "SELECT owner_email, object FROM audit_log WHERE action = 'leads-read'",
      );
      assert.deepEqual(audit.rows, [{ owner_email: OWNER, object: "25 bestätigte Anmeldungen (bestätigt)" }]);

      const scheduled = await post(
        "/api/verwaltung/newsletter",
        { subject: "Herbstgrüße", body: "Hallo {{name}}", send: "later", at: "2031-05-04 10:00" },
        fresh,
      );
      assert.equal(scheduled.statusCode, 200, scheduled.body);
      const notices = await mails("owner-newsletter-scheduled");
      assert.deepEqual(notices.map((mail) => mail.recipient).sort(), [OWNER, SECOND_OWNER].sort(), "every owner hears of it");
      assert.match(notices[0]!.text, /Herbstgrüße/);
      assert.match(notices[0]!.text, /4\. Mai 2031 um 10:00 Uhr/);
    });

    it("adds a passkey with a recent login, tells every owner, and confirms an older session with it", async () => {
      const cookie = await login();
      const passkey = new SoftwarePasskey();
      const added = await addPasskey(cookie, passkey, "Laptop Büro");
      assert.equal(added.statusCode, 201, added.body);
      const notices = await mails("owner-passkey-added");
      assert.deepEqual(notices.map((mail) => mail.recipient).sort(), [OWNER, SECOND_OWNER].sort());
      assert.ok(notices.every((mail) => mail.text.includes("Laptop Büro") && mail.text.includes(`Angelegt von: ${OWNER}`)));
      // When it happened, in German and Berlin time: the mail may leave the outbox later.
      for (const mail of notices) assert.match(mail.text, /Angelegt am: \d{2}\.\d{2}\.\d{4} um \d{2}:\d{2}\u00a0Uhr/);

      const loginOptions = (await post("/api/verwaltung/passkey-anmeldung/optionen", {})).json();
      const loginAssertion = passkey.authenticate(loginOptions);
      assert.equal((await post("/api/verwaltung/passkey-anmeldung", { response: loginAssertion })).statusCode, 200);
      const replayedLogin = await post("/api/verwaltung/passkey-anmeldung", { response: loginAssertion });
      assert.equal(replayedLogin.statusCode, 400, "a passkey login cannot be replayed");
      // A challenge made to confirm a session does not log anyone in.
      const confirmOptions = (await post("/api/verwaltung/bestaetigen/optionen", {}, cookie)).json();
      const crossed = await post("/api/verwaltung/passkey-anmeldung", { response: passkey.authenticate(confirmOptions) });
      assert.equal(crossed.statusCode, 400);

      await ageSessions(database.db, 6);
      const second = new SoftwarePasskey();
      assertConfirmationNeeded(await post("/api/verwaltung/passkeys/optionen", {}, cookie), "before confirming");
      const options = (await post("/api/verwaltung/bestaetigen/optionen", {}, cookie)).json();
      assert.deepEqual(
        options.allowCredentials.map((credential: { id: string }) => credential.id),
        [added.json().passkeys[0].id],
        "only the owner's own passkeys are offered",
      );
      const assertion = passkey.authenticate(options);
      const confirmed = await post("/api/verwaltung/bestaetigen", { response: assertion }, cookie);
      assert.equal(confirmed.statusCode, 200, confirmed.body);
      assert.equal(confirmed.json().recent, true);
      const replayed = await post("/api/verwaltung/bestaetigen", { response: assertion }, cookie);
      assert.equal(replayed.statusCode, 400, "a confirmation cannot be replayed");
      assert.equal((await addPasskey(cookie, second, "Telefon")).statusCode, 201);
      assert.equal((await mails("owner-passkey-added")).length, 4);
    });

    it("does not confirm one owner's session with another owner's passkey", async () => {
      const teamCookie = await login(SECOND_OWNER);
      const ownerPasskey = new SoftwarePasskey();
      assert.equal((await addPasskey(await login(), ownerPasskey, "Inhaber-Schlüssel")).statusCode, 201);
      await ageSessions(database.db, 6);
      const refused = await confirmWith(teamCookie, ownerPasskey);
      assert.equal(refused.statusCode, 400);
      assert.match(refused.json().error, /Bestätigung mit dem Passkey hat nicht geklappt/);
      assert.equal((await get("/api/verwaltung/sitzung", teamCookie)).json().recent, false);
    });

    it("removes a passkey only with a recent login and tells every owner", async () => {
      const cookie = await login();
      const passkey = new SoftwarePasskey();
      const added = await addPasskey(cookie, passkey, "Tablet");
      const id = added.json().passkeys.find((entry: { name: string }) => entry.name === "Tablet").id as string;
      await ageSessions(database.db, 6);
      assertConfirmationNeeded(await remove(`/api/verwaltung/passkeys/${id}`, cookie), "remove");
      assert.equal((await confirmWith(cookie, passkey)).statusCode, 200);
      const removed = await remove(`/api/verwaltung/passkeys/${id}`, cookie);
      assert.equal(removed.statusCode, 200, removed.body);
      const notices = (await mails("owner-passkey-removed")).filter((mail) => mail.text.includes("Tablet"));
      assert.deepEqual(notices.map((mail) => mail.recipient).sort(), [OWNER, SECOND_OWNER].sort());
      for (const mail of notices) {
        assert.ok(mail.text.includes(`Entfernt von: ${OWNER}`));
        assert.match(mail.text, /Entfernt am: \d{2}\.\d{2}\.\d{4} um \d{2}:\d{2}\u00a0Uhr/);
      }
      assert.equal((await passkeyLogin(passkey)).statusCode, 400, "the removed passkey no longer logs in");
    });

    it("ends all sessions and, when asked, every passkey, so a planted passkey no longer logs in", async () => {
      const planted = new SoftwarePasskey();
      const cookie = await login();
      assert.equal((await addPasskey(cookie, planted, "Fremdes Gerät")).statusCode, 201);
      const other = await login();
      const before = (await mails("owner-passkey-removed")).length;

      const ended = await post("/api/verwaltung/sitzungen-beenden", { passkeys: true }, cookie);
      assert.equal(ended.statusCode, 200, ended.body);
      assert.ok(ended.json().passkeys >= 1);
      assert.equal((await get("/api/verwaltung/sitzung", other)).statusCode, 401);
      const left = await database.db.query("SELECT 1 FROM owner_passkeys WHERE email = $1", [OWNER]);
      assert.equal(left.rows.length, 0);
      assert.equal((await passkeyLogin(planted)).statusCode, 400);
      assert.ok((await mails("owner-passkey-removed")).length >= before + 2, "every owner hears of it");
    });
  });
}
