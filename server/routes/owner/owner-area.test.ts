/**
 * The owner area's API as an attacker and as the owner would use it, through app.inject on PGlite and
 * PostgreSQL: login by link (no enumeration, single use, scanner-safe), sessions and their cookie, Origin
 * checks, the inbox with reply threading, reminders, export, person view and erasure, the audit log.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import { queueReplyReminders } from "../../services/reply-reminders";
import { databaseTargets, type TestDatabase } from "../../test-support/databases";
import { buildTestApp, postJson, type TestApp } from "../../test-support/test-app";
import site from "../../../content/site.json";

const OWNER = "inhaber@urkraft-test.de";
const SECOND_OWNER = "team@urkraft-test.de";
const ORIGIN = { origin: "http://localhost" };

function cookieOf(response: LightMyRequestResponse): string {
  const header = String(response.headers["set-cookie"] ?? "");
  const match = /(__Host-urkraft-verwaltung=[^;]+)/.exec(header);
  assert.ok(match, `no session cookie in ${header}`);
  return match[1]!;
}

for (const target of databaseTargets()) {
  describe(`owner area on ${target.driver}`, { skip: target.skip }, () => {
    let database: TestDatabase;
    let test: TestApp;

    const queuedMails = async (kind: string) =>
      (
        await database.db.query<{ recipient: string; text: string; headers: Record<string, string>; message_id: string }>(
          `SELECT recipient, message ->> 'text' AS text, message -> 'headers' AS headers, message_id
             FROM mail_outbox WHERE kind = $1 ORDER BY id`,
          [kind],
        )
      ).rows;
    const auditRows = async () =>
      (
        await database.db.query<{ owner_email: string; action: string; object: string | null }>(
          "SELECT * FROM audit_log ORDER BY id",
        )
      ).rows;

    async function loginLink(email = OWNER): Promise<string> {
      const before = (await queuedMails("owner-login")).length;
      const response = await postJson(test.app, "/api/verwaltung/anmeldelink", { email }, ORIGIN);
      assert.equal(response.statusCode, 202);
      await test.app.ownerLoginLinks.idle();
      const mails = await queuedMails("owner-login");
      assert.equal(mails.length, before + 1, "a login mail is queued");
      const match = /\/verwaltung\/anmelden\?token=([A-Za-z0-9_-]{43})/.exec(mails[mails.length - 1]!.text);
      assert.ok(match);
      return match[1]!;
    }

    async function login(email = OWNER): Promise<string> {
      const token = await loginLink(email);
      const response = await postJson(test.app, "/api/verwaltung/sitzung", { token }, ORIGIN);
      assert.equal(response.statusCode, 200, response.body);
      return cookieOf(response);
    }

    const get = (url: string, cookie?: string) =>
      test.app.inject({ method: "GET", url, headers: { accept: "application/json", ...(cookie ? { cookie } : {}) } });
    const post = (url: string, body: unknown, cookie: string, headers: Record<string, string> = ORIGIN) =>
      postJson(test.app, url, body, { ...headers, cookie });

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

    it("answers every address alike and sends a link only to owners", async () => {
      const known = await postJson(test.app, "/api/verwaltung/anmeldelink", { email: OWNER }, ORIGIN);
      const unknown = await postJson(test.app, "/api/verwaltung/anmeldelink", { email: "fremd@example.de" }, ORIGIN);
      assert.equal(known.statusCode, 202);
      assert.equal(unknown.statusCode, known.statusCode);
      assert.equal(unknown.body, known.body);
      await test.app.ownerLoginLinks.idle();
      const mails = await queuedMails("owner-login");
      assert.deepEqual(
        mails.map((mail) => mail.recipient),
        [OWNER],
      );
    });

    it("sends at most three links per address in 10 minutes, answering alike", async () => {
      const email = SECOND_OWNER;
      const answers: LightMyRequestResponse[] = [];
      for (let i = 0; i < 5; i++) answers.push(await postJson(test.app, "/api/verwaltung/anmeldelink", { email }, ORIGIN));
      assert.ok(answers.every((answer) => answer.statusCode === 202 && answer.body === answers[0]!.body));
      await test.app.ownerLoginLinks.idle();
      const mails = (await queuedMails("owner-login")).filter((mail) => mail.recipient === email);
      assert.equal(mails.length, 3);
      await database.db.query("DELETE FROM owner_login_tokens WHERE email = $1", [email]);
    });

    it("refuses a login request with a foreign or missing Origin and queues nothing", async () => {
      const before = (await queuedMails("owner-login")).length;
      for (const headers of [{ origin: "https://boese.example" }, {}] as Record<string, string>[]) {
        const response = await postJson(test.app, "/api/verwaltung/anmeldelink", { email: OWNER }, headers);
        assert.equal(response.statusCode, 403);
        assert.match(response.json().error, /nur aus der Verwaltung/);
      }
      assert.equal((await queuedMails("owner-login")).length, before);
    });

    it("logs in only by the POST behind the link, once", async () => {
      const token = await loginLink();
      // What a mail scanner does: fetch the link. Nobody is logged in, the token stays unused.
      const scan = await test.app.inject({ method: "GET", url: `/verwaltung/anmelden?token=${token}` });
      assert.equal(scan.headers["set-cookie"], undefined);
      const unused = await database.db.query("SELECT used_at FROM owner_login_tokens WHERE used_at IS NOT NULL");
      assert.equal(unused.rows.length, 0);

      const first = await postJson(test.app, "/api/verwaltung/sitzung", { token }, ORIGIN);
      assert.equal(first.statusCode, 200);
      const setCookie = String(first.headers["set-cookie"]);
      assert.match(setCookie, /^__Host-urkraft-verwaltung=/);
      for (const attribute of [/; Path=\//, /; HttpOnly/, /; Secure/, /; SameSite=Strict/]) {
        assert.match(setCookie, attribute);
      }
      // No Domain; no Max-Age or Expires: the cookie ends with the browser.
      assert.doesNotMatch(setCookie, /Domain=|Max-Age=|Expires=/i);
      const again = await postJson(test.app, "/api/verwaltung/sitzung", { token }, ORIGIN);
      assert.equal(again.statusCode, 400);
      assert.match(again.json().error, /abgelaufen, wurde schon benutzt/);
    });

    it("refuses an expired link and malformed tokens with 400", async () => {
      const token = await loginLink();
      await database.db.query("UPDATE owner_login_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL");
      for (const body of [{ token }, { token: "kurz" }, { token: 42 }, {}]) {
        const response = await postJson(test.app, "/api/verwaltung/sitzung", body, ORIGIN);
        assert.equal(response.statusCode, 400);
      }
      const malformed = await postJson(test.app, "/api/verwaltung/sitzung", "{kein json", ORIGIN);
      assert.equal(malformed.statusCode, 400);
    });

    it("keeps the API closed without a session, and marks every answer no-store and noindex", async () => {
      for (const url of [
        "/api/verwaltung/sitzung",
        "/api/verwaltung/uebersicht",
        "/api/verwaltung/anfragen",
        "/api/verwaltung/leads/export.csv",
      ]) {
        const response = await get(url);
        assert.equal(response.statusCode, 401, url);
        assert.match(response.json().error, /Bitte melde dich an/);
        assert.equal(response.headers["cache-control"], "no-store");
        assert.equal(response.headers["x-robots-tag"], "noindex, nofollow");
      }
      const forged = await get("/api/verwaltung/sitzung", "__Host-urkraft-verwaltung=" + "A".repeat(43));
      assert.equal(forged.statusCode, 401);
    });

    it("ends a session after 30 idle minutes and after 12 hours at most", async () => {
      const active = await login();
      await database.db.query("UPDATE owner_sessions SET last_seen_at = now() - interval '29 minutes'");
      assert.equal((await get("/api/verwaltung/sitzung", active)).statusCode, 200);
      const idle = await login();
      await database.db.query("UPDATE owner_sessions SET last_seen_at = now() - interval '31 minutes'");
      assert.equal((await get("/api/verwaltung/sitzung", idle)).statusCode, 401);
      const old = await login();
      await database.db.query("UPDATE owner_sessions SET expires_at = now() - interval '1 second'");
      assert.equal((await get("/api/verwaltung/sitzung", old)).statusCode, 401);
    });

    it("works a contact request: notification with link only, reply threaded to the acknowledgement, answered", async () => {
      const cookie = await login();
      const contact = await postJson(
        test.app,
        "/api/contact",
        { name: "Jürgen <b>Groß</b>", email: "juergen@example.de", message: "Wie fange ich an?\nMit <script>alert(1)</script>" },
        ORIGIN,
      );
      assert.equal(contact.statusCode, 202);
      const id = (await database.db.query<{ id: number }>("SELECT id FROM contact_requests ORDER BY id DESC LIMIT 1")).rows[0]!
        .id;

      const notification = (await queuedMails("contact-notification")).at(-1)!;
      assert.match(notification.text, new RegExp(`/verwaltung/anfragen/${id}`));
      assert.doesNotMatch(notification.text, /Wie fange ich an/, "the message stays out of the owner's mailbox");

      const open = await get("/api/verwaltung/anfragen?filter=offen", cookie);
      assert.equal(open.statusCode, 200);
      assert.ok(open.json().requests.some((request: { id: number }) => request.id === id));

      const detail = await get(`/api/verwaltung/anfragen/${id}`, cookie);
      assert.equal(detail.json().message, "Wie fange ich an?\nMit <script>alert(1)</script>");
      assert.equal(detail.json().answeredAt, null);

      const tooLong = await post(`/api/verwaltung/anfragen/${id}/antwort`, { text: "x".repeat(5001) }, cookie);
      assert.equal(tooLong.statusCode, 400);
      assert.match(tooLong.json().error, /höchstens 5\.000 Zeichen/);
      const empty = await post(`/api/verwaltung/anfragen/${id}/antwort`, { text: "   " }, cookie);
      assert.equal(empty.statusCode, 400);
      const foreign = await post(`/api/verwaltung/anfragen/${id}/antwort`, { text: "Hallo" }, cookie, {
        origin: "https://boese.example",
      });
      assert.equal(foreign.statusCode, 403);
      assert.equal((await queuedMails("contact-reply")).length, 0);

      const replied = await post(`/api/verwaltung/anfragen/${id}/antwort`, { text: "Hallo Jürgen,\nfang mit Tag 1 an." }, cookie);
      assert.equal(replied.statusCode, 200, replied.body);
      assert.equal(replied.json().answeredBy, OWNER);
      assert.ok(replied.json().answeredAt);

      const acknowledgement = (await queuedMails("contact-acknowledgment")).at(-1)!;
      const reply = (await queuedMails("contact-reply")).at(-1)!;
      assert.equal(reply.recipient, "juergen@example.de");
      assert.equal(reply.headers["In-Reply-To"], acknowledgement.message_id);
      assert.equal(reply.headers["References"], acknowledgement.message_id);
      assert.match(reply.text, /fang mit Tag 1 an/);

      const answered = await get("/api/verwaltung/anfragen?filter=beantwortet", cookie);
      assert.ok(answered.json().requests.some((request: { id: number }) => request.id === id));
      const stillOpen = await get("/api/verwaltung/anfragen?filter=offen", cookie);
      assert.ok(!stillOpen.json().requests.some((request: { id: number }) => request.id === id));
      assert.ok((await auditRows()).some((row) => row.action === "reply" && row.object === `Anfrage #${id}`));
    });

    it("answers bad ids, filters and cursors with 4xx and changes nothing", async () => {
      const cookie = await login();
      const cases: [string, number][] = [
        ["/api/verwaltung/anfragen/abc", 400],
        ["/api/verwaltung/anfragen/99999999999", 400],
        ["/api/verwaltung/anfragen/0", 400],
        ["/api/verwaltung/anfragen/999999", 404],
        ["/api/verwaltung/anfragen?filter=geloescht", 400],
        ["/api/verwaltung/anfragen?vor=gestern", 400],
        [`/api/verwaltung/anfragen?q=${"x".repeat(101)}`, 400],
        ["/api/verwaltung/leads?status=irgendwas", 400],
        ["/api/verwaltung/leads?vor=-1", 400],
        ["/api/verwaltung/person?email=keine-adresse", 400],
      ];
      for (const [url, status] of cases) {
        const response = await get(url, cookie);
        assert.equal(response.statusCode, status, url);
        assert.equal(typeof response.json().error, "string");
      }
      const missing = await post("/api/verwaltung/anfragen/999999/beantwortet", {}, cookie);
      assert.equal(missing.statusCode, 404);
    });

    it("pages through requests with a keyset cursor, newest first", async () => {
      const cookie = await login();
      await database.db.query(
        `INSERT INTO contact_requests (name, email, message, form_page, submitted_at)
         SELECT 'Seite ' || n, 'seite' || n || '@example.de', 'Text', '/kontakt-unterstuetzung', now() - n * interval '1 minute'
           FROM generate_series(1, 60) AS n`,
      );
      const seen: number[] = [];
      let url = "/api/verwaltung/anfragen?filter=alle&q=seite";
      for (;;) {
        const page = (await get(url, cookie)).json();
        seen.push(...page.requests.map((request: { id: number }) => request.id));
        if (!page.next) break;
        url = `/api/verwaltung/anfragen?filter=alle&q=seite&vor=${encodeURIComponent(page.next)}`;
      }
      assert.equal(seen.length, 60);
      assert.equal(new Set(seen).size, 60);
    });

    it("reminds every owner once of a request open past the reminder time", async () => {
      const { rows } = await database.db.query<{ id: number }>(
        `INSERT INTO contact_requests (name, email, message, form_page, submitted_at)
         VALUES ('Karl', 'karl@example.de', 'Hallo', '/kontakt-unterstuetzung', now() - interval '21 hours') RETURNING id`,
      );
      const id = rows[0]!.id;
      await queueReplyReminders(database.db, test.app.mail, test.config.ownerEmails);
      await queueReplyReminders(database.db, test.app.mail, test.config.ownerEmails);
      const reminders = (await queuedMails("owner-reminder")).filter((mail) => mail.text.includes(`/verwaltung/anfragen/${id}`));
      assert.deepEqual(reminders.map((mail) => mail.recipient).sort(), [OWNER, SECOND_OWNER].sort());
      // Reminded before the promise runs out (20 of 24 hours); overdue once it has.
      const cookie = await login();
      const overdue = async () => (await get("/api/verwaltung/anfragen?filter=offen&q=karl", cookie)).json().requests[0].overdue;
      assert.equal(await overdue(), false);
      await database.db.query("UPDATE contact_requests SET submitted_at = now() - interval '25 hours' WHERE id = $1", [id]);
      assert.equal(await overdue(), true);
      assert.equal((await get("/api/verwaltung/uebersicht", cookie)).json().overdueRequests >= 1, true);
    });

    it("exports confirmed leads only, as CSV for newsletter tools, and logs it", async () => {
      const cookie = await login();
      await database.db.query(
        `INSERT INTO leads (email, name, form_page, consent_text_version, privacy_version, status, confirmed_at)
         VALUES ('bestaetigt@example.de', 'Hans Peter Müller', '/', 'v1', 'p1', 'confirmed', now()),
                ('offen@example.de', 'Otto', '/', 'v1', 'p1', 'pending', NULL),
                ('formel@example.de', '=HYPERLINK("x")', '/', 'v1', 'p1', 'confirmed', now())`,
      );
      const response = await get("/api/verwaltung/leads/export.csv", cookie);
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers["content-type"]), /^text\/csv; charset=utf-8/);
      const lines = response.body.trim().split("\r\n");
      assert.equal(lines[0], "email,firstname,lastname,name,opt_in_time,opt_in_page,consent_version,privacy_version");
      assert.match(lines[1]!, /^bestaetigt@example\.de,Hans Peter,Müller,Hans Peter Müller,\d{4}-/);
      assert.ok(!response.body.includes("offen@example.de"));
      assert.ok(response.body.includes(`"'=HYPERLINK(""x"")"`), "a formula is defused");
      assert.ok((await auditRows()).some((row) => row.action === "export" && row.object === "2 bestätigte Anmeldungen"));
    });

    it("shows a person and erases them only after the address is typed again", async () => {
      const cookie = await login();
      await postJson(test.app, "/api/contact", { name: "Erna", email: "erna@example.de", message: "Bitte löschen" }, ORIGIN);
      const shown = await get("/api/verwaltung/person?email=ERNA@example.de", cookie);
      assert.equal(shown.statusCode, 200);
      assert.equal(shown.json().found, true);
      assert.equal(shown.json().data.contactRequests.length, 1);
      const download = await get("/api/verwaltung/person?email=erna@example.de&download=1", cookie);
      assert.match(String(download.headers["content-disposition"]), /^attachment; filename="auskunft-/);
      // Readable for the person it concerns (Art. 12 Abs. 1, Art. 15 DSGVO): German names and where the rest stands.
      const report = download.json();
      assert.equal(report["Auskunft nach Art. 15 DSGVO"]["E-Mail-Adresse"], "erna@example.de");
      assert.match(
        report["Auskunft nach Art. 15 DSGVO"]["Zwecke, Rechtsgrundlagen, Empfänger und Speicherdauer"],
        /\/datenschutz und .*\/personenbezogene-daten$/,
      );
      assert.equal(report.Kontaktanfragen[0].Nachricht, "Bitte löschen");
      assert.equal(report["E-Mails"][0]["Geplant für"] !== undefined, true);
      // States in German too: the acknowledgment waits for the mail worker or has gone out.
      assert.match(report["E-Mails"][0].Status, /^(wartet auf den Versand|gesendet)$/);
      assert.doesNotMatch(download.body, /"(due_at|submitted_at|contactRequests|created_at)"/);

      const mismatch = await post(
        "/api/verwaltung/person/loeschen",
        { email: "erna@example.de", confirmation: "ernst@example.de" },
        cookie,
      );
      assert.equal(mismatch.statusCode, 400);
      assert.equal((await database.db.query("SELECT id FROM contact_requests WHERE email = 'erna@example.de'")).rows.length, 1);

      const erased = await post(
        "/api/verwaltung/person/loeschen",
        { email: "erna@example.de", confirmation: " Erna@Example.de " },
        cookie,
      );
      assert.equal(erased.statusCode, 200);
      assert.deepEqual(erased.json().erased, { leads: 0, contactRequests: 1, mails: 2 });
      const left = await database.db.query(
        "SELECT 1 FROM contact_requests WHERE email = 'erna@example.de' UNION ALL SELECT 1 FROM mail_outbox WHERE person_email = 'erna@example.de'",
      );
      assert.equal(left.rows.length, 0);
      const rows = await auditRows();
      const personRows = rows.filter((row) => ["person-viewed", "person-downloaded", "erase"].includes(row.action));
      assert.deepEqual(
        personRows.map((row) => row.action),
        ["person-viewed", "person-downloaded", "erase"],
      );
      assert.ok(
        personRows.every((row) => row.object?.startsWith("e***@example.de")),
        "the log keeps no full address",
      );
    });

    it("logs out, ends all sessions, and lists the audit log newest first", async () => {
      const first = await login();
      const second = await login();
      const logout = await post("/api/verwaltung/abmelden", {}, first);
      assert.equal(logout.statusCode, 200);
      assert.match(String(logout.headers["set-cookie"]), /__Host-urkraft-verwaltung=;/);
      assert.equal((await get("/api/verwaltung/sitzung", first)).statusCode, 401);
      assert.equal((await get("/api/verwaltung/sitzung", second)).statusCode, 200);
      const third = await login();
      const ended = await post("/api/verwaltung/sitzungen-beenden", {}, third);
      assert.equal(ended.statusCode, 200);
      assert.equal((await get("/api/verwaltung/sitzung", second)).statusCode, 401);

      const fourth = await login();
      const log = (await get("/api/verwaltung/protokoll", fourth)).json();
      assert.equal(log.entries[0].action, "login");
      assert.equal(log.keepDays, site.retention.auditLogDays);
      assert.ok(log.entries.some((entry: { action: string }) => entry.action === "logout"));
      assert.ok(log.entries.some((entry: { action: string }) => entry.action === "sessions-ended"));
    });

    it("lists webhook deliveries, sends one again and lifts a 410 deactivation, in the audit log", async () => {
      const cookie = await login();
      await database.db.query(
        `INSERT INTO webhook_endpoints (url, disabled_at) VALUES ('https://crm.example/hook', NULL), ('https://alt.example/hook', now())`,
      );
      const { rows } = await database.db.query<{ id: string }>(
        `INSERT INTO webhook_deliveries (event_id, event_type, endpoint, person_key, payload, status, attempts, last_status)
         VALUES ('msg_1', 'lead.confirmed', 'https://crm.example/hook', encode(sha256(convert_to('lena@example.de', 'UTF8')), 'hex'), '{}', 'failed', 30, 500),
                ('msg_2', 'lead.confirmed', 'https://alt.example/hook', 'x', '{}', 'failed', 1, 410)
         RETURNING id`,
      );
      const [failed, gone] = rows.map((row) => Number(row.id));
      const listed = (await get("/api/verwaltung/webhooks", cookie)).json();
      assert.deepEqual(
        listed.deliveries.map((delivery: { id: number; status: string }) => [delivery.id, delivery.status]),
        [
          [gone, "failed"],
          [failed, "failed"],
        ],
      );
      const resent = await post(`/api/verwaltung/webhooks/${failed}/erneut`, {}, cookie);
      assert.equal(resent.statusCode, 200);
      assert.equal(resent.json().deliveries.find((delivery: { id: number }) => delivery.id === failed).status, "pending");
      assert.equal((await post(`/api/verwaltung/webhooks/${failed}/erneut`, {}, cookie)).statusCode, 409);
      assert.equal((await post(`/api/verwaltung/webhooks/${gone}/erneut`, {}, cookie)).statusCode, 409);
      assert.equal((await post("/api/verwaltung/webhooks/abc/erneut", {}, cookie)).statusCode, 400);
      assert.equal((await post("/api/verwaltung/webhooks/999999/erneut", {}, cookie)).statusCode, 404);
      const enabled = await post("/api/verwaltung/webhooks/endpunkt", { url: "https://alt.example/hook" }, cookie);
      assert.equal(enabled.statusCode, 200);
      assert.equal(
        (await post("/api/verwaltung/webhooks/endpunkt", { url: "https://alt.example/hook" }, cookie)).statusCode,
        404,
      );
      const person = (await get("/api/verwaltung/person?email=Lena@example.de", cookie)).json();
      assert.equal(person.data.webhooks.length, 1, "Art. 15 shows what was handed on");
      const actions = (await auditRows()).map((row) => row.action);
      assert.ok(actions.includes("webhook-resent") && actions.includes("endpoint-enabled"));
    });

    it("sets no cookie on public pages and API answers, also for a logged-in owner", async () => {
      const cookie = await login();
      for (const url of ["/", "/api/health", "/verwaltung"]) {
        const response = await test.app.inject({ method: "GET", url, headers: { cookie } });
        assert.equal(response.headers["set-cookie"], undefined, url);
      }
      const lead = await postJson(test.app, "/api/leads", { name: "Max", email: "max@example.de" }, { ...ORIGIN, cookie });
      assert.equal(lead.headers["set-cookie"], undefined);
    });
  });

  describe(`owner login rate limit on ${target.driver}`, { skip: target.skip }, () => {
    let database: TestDatabase;
    let test: TestApp;
    before(async () => {
      database = await target.create();
      test = await buildTestApp(database, { OWNER_EMAILS: OWNER, MAIL_WORKER: "false", OWNER_LOGIN_LIMIT: "3" });
    });
    after(async () => {
      await test?.close();
      await database?.drop();
    });

    it("refuses a client's fourth login attempt in the window with a German 429", async () => {
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push(
          (await postJson(test.app, "/api/verwaltung/anmeldelink", { email: `x${i}@example.de` }, ORIGIN)).statusCode,
        );
      const refused = await postJson(test.app, "/api/verwaltung/anmeldelink", { email: OWNER }, ORIGIN);
      assert.deepEqual(statuses, [202, 202, 202]);
      assert.equal(refused.statusCode, 429);
      assert.match(refused.json().error, /Zu viele Anfragen/);
    });
  });

  describe(`owner area switched off on ${target.driver}`, { skip: target.skip }, () => {
    let database: TestDatabase;
    let test: TestApp;
    before(async () => {
      database = await target.create();
      test = await buildTestApp(database, { MAIL_WORKER: "false" });
    });
    after(async () => {
      await test?.close();
      await database?.drop();
    });

    it("answers 404 everywhere and says in the log how to enable it", async () => {
      for (const [method, url] of [
        ["GET", "/verwaltung"],
        ["GET", "/verwaltung/anfragen"],
        ["GET", "/api/verwaltung/sitzung"],
        ["POST", "/api/verwaltung/anmeldelink"],
      ] as const) {
        const response = await test.app.inject({
          method,
          url,
          headers: { ...ORIGIN, "content-type": "application/json" },
          payload: method === "POST" ? "{}" : undefined,
        });
        assert.equal(response.statusCode, 404, url);
      }
      assert.equal(test.logs.filter((line) => line.includes("OWNER_EMAILS")).length, 1);
    });
  });
}
