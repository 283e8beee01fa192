/**
 * Hostile and unusual input against both form endpoints, on PGlite and PostgreSQL: every case gets a
 * 4xx or is accepted and stored exactly as sent (after trimming), never a 5xx, and the server keeps
 * answering afterwards.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import net from "node:net";
import { gzipSync } from "node:zlib";
import { HTTP_MESSAGES } from "../http/messages";
import { databaseTargets, type TestDatabase } from "../test-support/databases";
import { buildTestApp, postJson, type TestApp } from "../test-support/test-app";
import { createSession } from "../services/owner-sessions";
import { OWNER_MESSAGES } from "./owner/messages";

type Endpoint = "/api/leads" | "/api/contact";

interface BadInputCase {
  name: string;
  url?: Endpoint;
  method?: "POST" | "GET" | "PUT" | "DELETE";
  contentType?: string | null;
  headers?: Record<string, string>;
  /** Sent as is; objects are sent as JSON. */
  body?: string | Buffer | object;
  status: number;
  /** For accepted cases: the name that must be stored. */
  storedName?: string;
}

let sequence = 0;
const email = (label = "x") => `${label}.${++sequence}.${Date.now()}@beispiel.de`;
const lead = (fields: Record<string, unknown>) => ({ name: "Max", email: email(), ...fields });
const contact = (fields: Record<string, unknown>) => ({ name: "Max", email: email(), message: "Hallo", ...fields });

const CASES: BadInputCase[] = [
  // Bodies that are not JSON objects
  { name: "malformed JSON", body: '{"name": "Max", "email": ', status: 400 },
  { name: "JSON with a trailing comma", body: '{"name": "Max",}', status: 400 },
  { name: "single quotes instead of JSON", body: "{'name': 'Max'}", status: 400 },
  { name: "JSON null", body: "null", status: 400 },
  { name: "JSON array", body: "[]", status: 400 },
  { name: "array of leads", body: JSON.stringify([lead({})]), status: 400 },
  { name: "JSON string", body: '"Max"', status: 400 },
  { name: "JSON number", body: "42", status: 400 },
  { name: "empty body with JSON type", body: "", status: 400 },
  { name: "no body and no content type", contentType: null, status: 400 },
  { name: "body without content type", contentType: null, body: "name=Max", status: 415 },
  { name: "nested object around the fields", body: { lead: lead({}) }, status: 400 },
  { name: "deeply nested arrays", body: "[".repeat(3000) + "]".repeat(3000), status: 400 },
  {
    name: "prototype poisoning with __proto__",
    body: `{"name":"Max","email":"${email()}","__proto__":{"admin":true}}`,
    status: 400,
  },
  {
    name: "constructor.prototype poisoning",
    body: `{"name":"Max","email":"${email()}","constructor":{"prototype":{"x":1}}}`,
    status: 400,
  },
  {
    name: "gzip-compressed body",
    headers: { "content-encoding": "gzip" },
    body: gzipSync(JSON.stringify(lead({}))),
    status: 202,
  },
  {
    name: "gzip bomb (1 KB expanding to 1 MB)",
    headers: { "content-encoding": "gzip" },
    body: gzipSync(JSON.stringify(lead({ name: "0".repeat(1024 * 1024) }))),
    status: 413,
  },
  // Wrong types in fields
  { name: "name as number", body: lead({ name: 12345 }), status: 400 },
  { name: "email as number", body: lead({ email: 42 }), status: 400 },
  { name: "name as array", body: lead({ name: ["Max"] }), status: 400 },
  { name: "email as array", body: lead({ email: [email()] }), status: 400 },
  { name: "name as object", body: lead({ name: { first: "Max" } }), status: 400 },
  { name: "name as boolean", body: lead({ name: true }), status: 400 },
  { name: "name as null", body: lead({ name: null }), status: 400 },
  { name: "message as object", url: "/api/contact", body: contact({ message: { text: "Hallo" } }), status: 400 },
  { name: "honeypot as object (a bot)", body: lead({ website: { url: "x" } }), status: 202 },
  // Sizes
  { name: "name of 15 KB (under the body limit)", body: lead({ name: "x".repeat(15_000) }), status: 400 },
  { name: "name of 100 KB", body: lead({ name: "x".repeat(100_000) }), status: 413 },
  { name: "1 MB body", body: lead({ name: "x".repeat(1024 * 1024) }), status: 413 },
  {
    name: "1 MB form post",
    contentType: "application/x-www-form-urlencoded",
    body: `name=${"x".repeat(1024 * 1024)}`,
    status: 413,
  },
  { name: "51 emoji (102 UTF-16 units)", body: lead({ name: "💪".repeat(51) }), status: 400 },
  { name: "message of 1001 characters", url: "/api/contact", body: contact({ message: "ä".repeat(1001) }), status: 400 },
  // Control characters
  { name: "CRLF header injection in e-mail", body: lead({ email: `${email()}\r\nBcc: opfer@beispiel.de` }), status: 400 },
  {
    name: "CRLF in name (stored as text)",
    body: lead({ name: "Max\r\nX-Injected: ja" }),
    status: 202,
    storedName: "Max\r\nX-Injected: ja",
  },
  {
    // An address in a name never reaches a mail (common/forms/schemas.ts): refused, whatever surrounds it.
    name: "CRLF and an address in name",
    body: lead({ name: "Max\r\nBcc: opfer@beispiel.de" }),
    status: 400,
  },
  { name: "NUL byte in name", body: lead({ name: "Max\u0000Mustermann" }), status: 400 },
  { name: "NUL byte in e-mail", body: lead({ email: `max\u0000${email()}` }), status: 400 },
  { name: "NUL byte in message", url: "/api/contact", body: contact({ message: "Hallo\u0000Welt" }), status: 400 },
  { name: "lone surrogate in name", body: `{"name":"Max \\ud800","email":"${email()}"}`, status: 202, storedName: "Max \ufffd" },
  { name: "name of whitespace and tabs only", body: lead({ name: " \t\n " }), status: 400 },
  // Markup and SQL are data, stored verbatim
  {
    name: "HTML in name",
    body: lead({ name: "<script>alert(1)</script>" }),
    status: 202,
    storedName: "<script>alert(1)</script>",
  },
  {
    name: "SQL in name",
    body: lead({ name: "Robert'); DROP TABLE leads;--" }),
    status: 202,
    storedName: "Robert'); DROP TABLE leads;--",
  },
  { name: "SQL in e-mail", body: lead({ email: "' OR 1=1 --@beispiel.de" }), status: 400 },
  { name: "HTML in message", url: "/api/contact", body: contact({ message: '<img src=x onerror="alert(1)">' }), status: 202 },
  // Names and addresses people really have
  { name: "unicode name Jürgen Groß", body: lead({ name: "Jürgen Groß" }), status: 202, storedName: "Jürgen Groß" },
  { name: "accented name José", body: lead({ name: "José" }), status: 202, storedName: "José" },
  { name: "emoji in name", body: lead({ name: "Max 💪🔥" }), status: 202, storedName: "Max 💪🔥" },
  { name: "right-to-left name", body: lead({ name: "محمد" }), status: 202, storedName: "محمد" },
  { name: "internationalised domain", body: lead({ email: `jürgen.${++sequence}@müller-bäckerei.de` }), status: 202 },
  { name: "e-mail with plus tag", body: lead({ email: `max+urkraft.${++sequence}@beispiel.de` }), status: 202 },
  { name: "unknown extra fields are ignored", body: lead({ isAdmin: true, status: "confirmed" }), status: 202 },
  // Form encoding oddities
  {
    name: "repeated field in a form post",
    contentType: "application/x-www-form-urlencoded",
    body: `name=Max&name=Moritz&email=${encodeURIComponent(email())}`,
    status: 400,
  },
  {
    name: "bracket field name in a form post",
    contentType: "application/x-www-form-urlencoded",
    body: `name[]=Max&email=${encodeURIComponent(email())}`,
    status: 400,
  },
  {
    name: "broken percent encoding in a form post",
    contentType: "application/x-www-form-urlencoded",
    body: "name=%E0%A4%A&email=%ZZ",
    status: 400,
  },
  // Wrong methods and types
  { name: "GET on the endpoint", method: "GET", status: 404 },
  { name: "PUT on the endpoint", method: "PUT", body: lead({}), status: 404 },
  { name: "DELETE on the endpoint", method: "DELETE", contentType: null, status: 404 },
  { name: "XML body", contentType: "application/xml", body: "<lead><name>Max</name></lead>", status: 415 },
  { name: "multipart body", contentType: "multipart/form-data; boundary=abc", body: "--abc--", status: 415 },
  { name: "text/plain JSON (cross-site form trick)", contentType: "text/plain", body: JSON.stringify(lead({})), status: 415 },
];

for (const target of databaseTargets()) {
  describe(`bad input on ${target.driver}`, { skip: target.skip }, () => {
    let database: TestDatabase;
    let test: TestApp;

    before(async () => {
      database = await target.create();
      test = await buildTestApp(database);
    });
    after(async () => {
      await test?.close();
      await database?.drop();
    });

    it(`has at least 40 cases (${CASES.length})`, () => {
      assert.ok(CASES.length >= 40);
    });

    for (const entry of CASES) {
      it(`${entry.name}: ${entry.status}`, async () => {
        const url = entry.url ?? "/api/leads";
        const body = entry.body;
        const payload = body === undefined || typeof body === "string" || Buffer.isBuffer(body) ? body : JSON.stringify(body);
        const contentType = entry.contentType === undefined ? "application/json" : entry.contentType;
        const response = await test.app.inject({
          method: entry.method ?? "POST",
          url,
          headers: { ...(contentType ? { "content-type": contentType } : {}), ...entry.headers },
          ...(payload === undefined ? {} : { payload }),
        });
        assert.ok(response.statusCode < 500, `5xx: ${response.statusCode} ${response.body.slice(0, 200)}`);
        assert.equal(response.statusCode, entry.status, response.body.slice(0, 200));
        if (response.statusCode >= 400 && response.headers["content-type"]?.toString().startsWith("application/json")) {
          const answer = response.json() as { error?: string; errors?: Record<string, string> };
          assert.ok(answer.error || answer.errors, "a 4xx says what was wrong");
        }
        if (entry.storedName !== undefined) {
          const sent = JSON.parse(payload as string) as { email: string };
          const { rows } = await database.db.query<{ name: string }>("SELECT name FROM leads WHERE lower(email) = lower($1)", [
            sent.email,
          ]);
          assert.deepEqual(rows, [{ name: entry.storedName }]);
        }
      });
    }

    it("a URL with broken percent-encoding gets the German answer: JSON for APIs, the error page for browsers", async () => {
      const json = await test.app.inject({ method: "GET", url: "/%E0%A4%A" });
      assert.equal(json.statusCode, 400);
      assert.deepEqual(json.json(), { error: HTTP_MESSAGES.badUrl });
      const page = await test.app.inject({ method: "GET", url: "/api/leads/%ZZ", headers: { accept: "text/html" } });
      assert.equal(page.statusCode, 400);
      assert.match(String(page.headers["content-type"]), /^text\/html/);
      assert.match(page.body, /<html lang="de">/);
      assert.ok(page.body.includes(HTTP_MESSAGES.badUrl.split(".")[0]!), "the German message");
      assert.ok(page.headers["content-security-policy"], "security headers as on every answer");
    });

    it("a request Node cannot parse (request line over 16 KB, garbage) gets a German page, and the server lives on", async () => {
      await test.app.listen({ port: 0, host: "127.0.0.1" });
      const port = (test.app.server.address() as net.AddressInfo).port;
      const longLine = await rawRequest(port, `GET /${"a".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
      assert.match(longLine, /^HTTP\/1\.1 431 /);
      assert.match(longLine, /content-type: text\/html; charset=utf-8/i);
      assert.match(longLine, /content-security-policy: /i);
      assert.ok(longLine.includes(HTTP_MESSAGES.headersTooLarge.split(":")[0]!), "the German message");
      assert.doesNotMatch(longLine, /Exceeded maximum|"error"/);
      const garbage = await rawRequest(port, "KAPUTT\r\n\r\n");
      assert.match(garbage, /^HTTP\/1\.1 400 /);
      assert.match(garbage, /<html lang="de">/);
      const health = await rawRequest(port, "GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
      assert.match(health, /^HTTP\/1\.1 200 /);
    });

    it("still answers afterwards: health and a valid submission", async () => {
      const health = await test.app.inject({ method: "GET", url: "/api/health" });
      assert.equal(health.statusCode, 200);
      const address = email("danach");
      const accepted = await postJson(test.app, "/api/leads", { name: "Danach", email: address });
      assert.equal(accepted.statusCode, 202);
      const { rows } = await database.db.query("SELECT 1 FROM leads WHERE email = $1", [address]);
      assert.equal(rows.length, 1);
      // The SQL in a name stayed data: the table is still there.
      const tables = await database.db.query("SELECT count(*) FROM leads");
      assert.equal(tables.rows.length, 1);
    });
  });
}

/** Sends raw bytes to the listening server and returns everything it writes back until it closes. */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("end", () => resolve(answer));
    socket.on("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNRESET" ? resolve(answer) : reject(error)));
    socket.setTimeout(5000, () => socket.destroy(new Error("no answer within 5 s")));
  });
}

interface OwnerCase {
  name: string;
  method: "GET" | "POST" | "DELETE";
  url: string;
  body?: unknown;
  /** Without the owner's session cookie. */
  anonymous?: boolean;
  origin?: string | null;
  status: number;
}

const LONG_REPLY = "x".repeat(5001);
const GERMAN_ANSWERS = new Set<string>([...Object.values(OWNER_MESSAGES), ...Object.values(HTTP_MESSAGES)]);

/** The owner area's bad input: each a German 4xx that changes nothing (no mail, no answer, no log row). */
const OWNER_CASES: OwnerCase[] = [
  { name: "no session", method: "GET", url: "/api/verwaltung/anfragen", anonymous: true, status: 401 },
  {
    name: "no session, reply",
    method: "POST",
    url: "/api/verwaltung/anfragen/1/antwort",
    body: { text: "Hallo" },
    anonymous: true,
    status: 401,
  },
  { name: "forged session cookie", method: "GET", url: "/api/verwaltung/uebersicht", anonymous: true, status: 401 },
  {
    name: "foreign Origin",
    method: "POST",
    url: "/api/verwaltung/anfragen/1/antwort",
    body: { text: "Hallo" },
    origin: "https://boese.example",
    status: 403,
  },
  {
    name: "no Origin on a POST",
    method: "POST",
    url: "/api/verwaltung/anfragen/1/beantwortet",
    body: {},
    origin: null,
    status: 403,
  },
  { name: "Origin null", method: "POST", url: "/api/verwaltung/person/loeschen", body: {}, origin: "null", status: 403 },
  { name: "unknown request id", method: "GET", url: "/api/verwaltung/anfragen/999999", status: 404 },
  { name: "malformed request id", method: "GET", url: "/api/verwaltung/anfragen/1%20OR%201=1", status: 400 },
  { name: "request id beyond integer", method: "GET", url: "/api/verwaltung/anfragen/99999999999", status: 400 },
  { name: "negative request id", method: "POST", url: "/api/verwaltung/anfragen/-1/beantwortet", body: {}, status: 400 },
  {
    name: "reply over 5,000 characters",
    method: "POST",
    url: "/api/verwaltung/anfragen/1/antwort",
    body: { text: LONG_REPLY },
    status: 400,
  },
  { name: "reply as a number", method: "POST", url: "/api/verwaltung/anfragen/1/antwort", body: { text: 42 }, status: 400 },
  {
    name: "reply to an unknown request",
    method: "POST",
    url: "/api/verwaltung/anfragen/999999/antwort",
    body: { text: "Hallo" },
    status: 404,
  },
  { name: "reply as malformed JSON", method: "POST", url: "/api/verwaltung/anfragen/1/antwort", body: '{"text": ', status: 400 },
  {
    name: "expired or reused login link",
    method: "POST",
    url: "/api/verwaltung/sitzung",
    body: { token: "A".repeat(43) },
    anonymous: true,
    status: 400,
  },
  {
    name: "login link token of the wrong shape",
    method: "POST",
    url: "/api/verwaltung/sitzung",
    body: { token: { $ne: "" } },
    anonymous: true,
    status: 400,
  },
  {
    name: "login request without an address",
    method: "POST",
    url: "/api/verwaltung/anmeldelink",
    body: { email: ["a@b.de"] },
    anonymous: true,
    status: 400,
  },
  {
    name: "passkey login without a response",
    method: "POST",
    url: "/api/verwaltung/passkey-anmeldung",
    body: { response: "kaputt" },
    anonymous: true,
    status: 400,
  },
  { name: "unknown filter", method: "GET", url: "/api/verwaltung/anfragen?filter=%27;DROP%20TABLE", status: 400 },
  { name: "broken cursor", method: "GET", url: "/api/verwaltung/anfragen?vor=2026-13-45T99:99:99.000Z_1", status: 400 },
  {
    name: "erase with a different confirmation",
    method: "POST",
    url: "/api/verwaltung/person/loeschen",
    body: { email: "anna@example.de", confirmation: "bert@example.de" },
    status: 400,
  },
  { name: "person without an address", method: "GET", url: "/api/verwaltung/person?email=", status: 400 },
  { name: "unknown passkey", method: "DELETE", url: "/api/verwaltung/passkeys/unbekannt", status: 404 },
  { name: "passkey id with odd characters", method: "DELETE", url: "/api/verwaltung/passkeys/a%2Fb", status: 400 },
  { name: "unknown webhook delivery", method: "POST", url: "/api/verwaltung/webhooks/999999/erneut", body: {}, status: 404 },
];

for (const target of databaseTargets()) {
  describe(`owner area bad input on ${target.driver}`, { skip: target.skip }, () => {
    const owner = "inhaber@example.de";
    let database: TestDatabase;
    let test: TestApp;
    let cookie: string;
    let requestId: number;

    // A failed login is written to the audit log (and only that); everything else stays as it was.
    const changes = async () =>
      (
        await database.db.query<{ n: string }>(
          `SELECT (SELECT count(*) FROM mail_outbox) + (SELECT count(*) FROM contact_replies)
                + (SELECT count(*) FROM audit_log WHERE action <> 'login-failed')
                + (SELECT count(*) FROM contact_requests WHERE answered_at IS NOT NULL) + (SELECT count(*) FROM owner_sessions) AS n`,
        )
      ).rows[0]!.n;

    before(async () => {
      database = await target.create();
      test = await buildTestApp(database, { OWNER_EMAILS: owner, MAIL_WORKER: "false", OWNER_LOGIN_LIMIT: "100000" });
      cookie = `__Host-urkraft-verwaltung=${await database.db.transaction((tx) => createSession(tx, owner, "link"))}`;
      const { rows } = await database.db.query<{ id: number }>(
        "INSERT INTO contact_requests (name, email, message, form_page) VALUES ('Anna', 'anna@example.de', 'Hallo', '/') RETURNING id",
      );
      requestId = rows[0]!.id;
    });
    after(async () => {
      await test?.close();
      await database?.drop();
    });

    for (const entry of OWNER_CASES) {
      it(`${entry.name}: ${entry.status}`, async () => {
        const before = await changes();
        const payload =
          entry.body === undefined ? undefined : typeof entry.body === "string" ? entry.body : JSON.stringify(entry.body);
        const origin = entry.origin === undefined ? "http://localhost" : entry.origin;
        const response = await test.app.inject({
          method: entry.method,
          url: entry.url.replace("/anfragen/1/", `/anfragen/${requestId}/`),
          headers: {
            accept: "application/json",
            ...(payload !== undefined ? { "content-type": "application/json" } : {}),
            ...(origin !== null ? { origin } : {}),
            ...(entry.anonymous
              ? entry.name.startsWith("forged")
                ? { cookie: `__Host-urkraft-verwaltung=${"B".repeat(43)}` }
                : {}
              : { cookie }),
          },
          ...(payload === undefined ? {} : { payload }),
        });
        assert.equal(response.statusCode, entry.status, response.body.slice(0, 200));
        const answer = response.json() as { error?: string };
        assert.ok(GERMAN_ANSWERS.has(answer.error ?? ""), `one of the German answers: ${answer.error}`);
        assert.equal(await changes(), before, "nothing changed");
      });
    }
  });
}
