/**
 * Every JSON answer of the owner API is declared by a response schema (common/owner/responses.ts), and each
 * schema describes what its route sends. Fastify writes an answer with a schema through fast-json-stringify,
 * which silently leaves out whatever the schema does not declare: so for the main screens, with real data
 * on PGlite and PostgreSQL, the answer must pass its schema and equal what the services return, property
 * for property.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import type { TSchema } from "typebox";
import { Value } from "typebox/value";
import {
  AuditPage,
  ContentList,
  LeadPage,
  NewsletterList,
  OverviewAnswer,
  OwnerSession,
  PersonAnswer,
  RequestPage,
  VisitsAnswer,
} from "../../../common/owner/responses";
import { EDITABLE_FILES } from "../../../common/content/editable-files";
import { statsForDays } from "../../analytics/report";
import { createNewsletter, limitSettings, listNewsletters } from "../../newsletters/newsletters";
import { listAudit } from "../../services/audit-log";
import { listRequests, overview } from "../../services/inbox";
import { listLeads } from "../../services/lead-list";
import { readSession } from "../../services/owner-sessions";
import { showPerson } from "../../services/privacy";
import { clickThrough, linkIn } from "../../test-support/app-harness";
import { databaseTargets, type TestDatabase } from "../../test-support/databases";
import { buildTestApp, postJson, type TestApp } from "../../test-support/test-app";
import { accessReport } from "./people";
import { approvalReason } from "../../../common/content/approval";

const OWNER = "inhaber@urkraft-test.de";
const ORIGIN = { origin: "http://localhost" };
const API = "/api/verwaltung";

/** Routes that answer with something other than JSON; every other route declares its answer. */
const NOT_JSON = [
  `GET ${API}/leads/export.csv`,
  `GET ${API}/besucher/export.csv`,
  /** A picture beside its field in „Inhalte“. */
  `GET ${API}/inhalte/bild`,
];

/** What JSON.stringify makes of a value: what the route sent before it had a schema. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

function cookieOf(response: LightMyRequestResponse): string {
  const match = /(__Host-urkraft-verwaltung=([^;]+))/.exec(String(response.headers["set-cookie"] ?? ""));
  assert.ok(match, "a session cookie is set");
  return match[1]!;
}

for (const target of databaseTargets()) {
  describe(`owner API answers by their schemas on ${target.driver}`, { skip: target.skip }, () => {
    let database: TestDatabase;
    let test: TestApp;
    let cookie: string;

    const db = () => test.app.db;
    const get = (url: string) =>
      test.app.inject({ method: "GET", url: `${API}${url}`, headers: { accept: "application/json", cookie } });
    const mailText = async (email: string, kind: string) =>
      (
        await db().query<{ text: string }>(
          "SELECT message ->> 'text' AS text FROM mail_outbox WHERE person_email = $1 AND kind = $2 ORDER BY id DESC LIMIT 1",
          [email, kind],
        )
      ).rows[0]!.text;

    async function signUp(email: string, confirm: boolean): Promise<void> {
      const response = await test.app.inject({
        method: "POST",
        url: "/api/leads",
        headers: { referer: "http://localhost/" },
        payload: { name: "Greta Gründlich", email, website: "" },
      });
      assert.equal(response.statusCode, 202, response.body);
      if (confirm) {
        const link = linkIn(await mailText(email, "lead-confirmation"), "/api/leads/confirm?token=");
        assert.equal(await clickThrough(test.app, link), "/anmeldung-bestaetigt");
      }
    }

    before(async () => {
      database = await target.create();
      test = await buildTestApp(database, { OWNER_EMAILS: OWNER, MAIL_WORKER: "false", OWNER_LOGIN_LIMIT: "1000" });
      assert.equal((await postJson(test.app, `${API}/anmeldelink`, { email: OWNER }, ORIGIN)).statusCode, 202);
      await test.app.ownerLoginLinks.idle();
      const token = /\?token=([A-Za-z0-9_-]{43})/.exec(await mailText(OWNER, "owner-login"))![1];
      cookie = cookieOf(await postJson(test.app, `${API}/sitzung`, { token }, ORIGIN));

      await signUp("greta@example.de", true);
      await signUp("greta@example.de", false);
      await signUp("offen@example.de", false);
      const contact = { name: "Jürgen Groß", email: "greta@example.de", message: "Wie fange ich an?" };
      assert.equal((await postJson(test.app, "/api/contact", contact, ORIGIN)).statusCode, 202);
      await createNewsletter(db(), test.app.mail, { subject: "Winterrezepte", preheader: "Warm", body: "Text" }, OWNER);
    });
    after(async () => {
      await test?.close();
      await database?.drop();
    });

    it("declares the answer of every route but the few that send no JSON", () => {
      const routes = test.app.ownerRoutes.filter((route) => route.method !== "HEAD");
      const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
      for (const exempt of NOT_JSON)
        assert.ok(
          routes.some((route) => key(route) === exempt),
          `${exempt} is a route`,
        );
      const undeclared = routes
        .filter((route) => !NOT_JSON.includes(key(route)) && !route.responses.some((code) => code.startsWith("2")))
        .map(key);
      assert.deepEqual(undeclared, [], "owner routes without a response schema");
    });

    const answers: [string, TSchema, () => Promise<unknown>][] = [
      ["/leads", LeadPage, () => listLeads(db(), { filter: "alle" })],
      ["/leads?status=pending", LeadPage, () => listLeads(db(), { filter: "pending" })],
      [
        "/person?email=greta%40example.de",
        PersonAnswer,
        async () => ({ found: true, data: await showPerson(db(), "greta@example.de") }),
      ],
      [
        "/anfragen?filter=alle",
        RequestPage,
        () => listRequests(db(), { filter: "alle", replyWithinHours: test.app.mail.site.replyWithinHours }),
      ],
      [
        "/uebersicht",
        OverviewAnswer,
        async () => ({
          ...(await overview(db(), test.app.mail.site.replyWithinHours)),
          replyWithinHours: test.app.mail.site.replyWithinHours,
        }),
      ],
      ["/sitzung", OwnerSession, () => readSession(db(), test.config, cookie.split("=")[1])],
      [
        "/newsletter",
        NewsletterList,
        async () => ({
          newsletters: await listNewsletters(db()),
          perMonth: limitSettings(test.app.mail).perMonth,
          timeZone: test.app.mail.site.timeZone,
        }),
      ],
      [
        "/inhalte",
        ContentList,
        async () => ({
          files: EDITABLE_FILES.map(({ file, title, description, group, kind }) => ({
            file,
            title,
            description,
            group,
            kind,
            drafts: [],
            approval: approvalReason({ file, kind }) !== undefined,
          })),
          publishing: { to: "deploy" },
          openProposals: 0,
        }),
      ],
      [
        "/besucher",
        VisitsAnswer,
        async () => ({ ...(await statsForDays(db(), 30, test.app.mail.site.timeZone)), counting: test.app.visitStats !== null }),
      ],
    ];

    for (const [url, schema, expected] of answers) {
      it(`answers GET ${url} within its schema, leaving nothing out`, async () => {
        const response = await get(url);
        assert.equal(response.statusCode, 200, response.body);
        const answer: unknown = response.json();
        assert.ok(Value.Check(schema, answer), JSON.stringify([...Value.Errors(schema, answer)].slice(0, 3)));
        assert.deepEqual(answer, asJson(await expected()));
      });
    }

    // The audit log last: the reads above wrote entries to it.
    it("answers the audit log within its schema, leaving nothing out", async () => {
      const response = await get("/protokoll");
      assert.equal(response.statusCode, 200, response.body);
      assert.ok(Value.Check(AuditPage, response.json()));
      const entries = await listAudit(db());
      assert.ok(entries.some((entry) => entry.action === "person-viewed"));
      assert.deepEqual(response.json(), asJson({ entries, next: null, keepDays: test.app.mail.site.retention.auditLogDays }));
    });

    it("sends the Art. 15 download as the file it always was, every column kept", async () => {
      const response = await get("/person?email=greta%40example.de&download=1");
      assert.equal(response.statusCode, 200, response.body);
      assert.match(String(response.headers["content-disposition"]), /attachment; filename="auskunft-/);
      assert.match(response.body, /^\{\n {2}"Auskunft nach Art\. 15 DSGVO": \{\n/);
      const report = response.json() as Record<string, Record<string, unknown>>;
      const expected = asJson(accessReport(await showPerson(db(), "greta@example.de"), test.app.mail.siteUrl)) as typeof report;
      delete report["Auskunft nach Art. 15 DSGVO"]!.Stand;
      delete expected["Auskunft nach Art. 15 DSGVO"]!.Stand;
      assert.deepEqual(report, expected);
    });
  });
}
