/**
 * Both form endpoints through app.inject, against PGlite and PostgreSQL: the contract of the two forms
 * (202 / 400 with the spec's messages / 303 for form posts), the refusals (413, 415, 403, 429), the
 * honeypot, duplicate leads, the error page and health.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { MESSAGES } from "../../common/forms/schemas";
import { databaseTargets, type TestDatabase } from "../test-support/databases";
import { TEST_CONSENT, buildTestApp, postForm, postJson, type TestApp } from "../test-support/test-app";

const SAME_SITE = { origin: "http://localhost", referer: "http://localhost/" };
const CONTACT_PAGE = { origin: "http://localhost", referer: "http://localhost/kontakt-unterstuetzung" };

let counter = 0;
/** A new address for each submission, so tests never see each other's rows. */
function uniqueEmail(prefix = "max"): string {
  counter += 1;
  return `${prefix}.${counter}.${Date.now()}@beispiel.de`;
}

for (const target of databaseTargets()) {
  describe(`form endpoints on ${target.driver}`, { skip: target.skip }, () => {
    let database: TestDatabase;
    let test: TestApp;

    const leadsFor = (email: string) =>
      database.db.query<Record<string, unknown>>("SELECT * FROM leads WHERE lower(email) = lower($1)", [email]);
    const contactsFor = (email: string) =>
      database.db.query<Record<string, unknown>>("SELECT * FROM contact_requests WHERE email = $1", [email]);
    const countRows = async (table: "leads" | "contact_requests") =>
      (await database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;

    before(async () => {
      database = await target.create();
      test = await buildTestApp(database);
    });
    after(async () => {
      await test?.close();
      await database?.drop();
    });

    describe("POST /api/leads", () => {
      it("accepts a valid lead with 202 and stores it with the proof of consent", async () => {
        const email = uniqueEmail();
        const before = Date.now();
        const response = await postJson(
          test.app,
          "/api/leads",
          { name: "  Jürgen Groß ", email: ` ${email} `, website: "" },
          SAME_SITE,
        );
        assert.equal(response.statusCode, 202);
        assert.deepEqual(response.json(), { ok: true });

        const { rows } = await leadsFor(email);
        assert.equal(rows.length, 1);
        const lead = rows[0]!;
        assert.equal(lead.email, email);
        assert.equal(lead.name, "Jürgen Groß");
        assert.equal(lead.status, "pending");
        assert.equal(lead.form_page, "/");
        assert.equal(lead.consent_text_version, TEST_CONSENT.consentText);
        assert.equal(lead.privacy_version, TEST_CONSENT.privacyStatement);
        assert.equal(lead.confirmed_at, null);
        const submittedAt = (lead.submitted_at as Date).getTime();
        assert.ok(submittedAt >= before - 5000 && submittedAt <= Date.now() + 5000, "submitted_at is the time of submission");
      });

      it("stores the page the form was sent from, taken from Referer", async () => {
        const email = uniqueEmail();
        const response = await postJson(
          test.app,
          "/api/leads",
          { name: "Max", email },
          {
            origin: "http://localhost",
            referer: "http://localhost/bewegung-alltag?utm=x#info-form",
          },
        );
        assert.equal(response.statusCode, 202);
        assert.equal((await leadsFor(email)).rows[0]!.form_page, "/bewegung-alltag");
      });

      it("answers each field error with the spec's message and stores nothing", async () => {
        const cases: { body: Record<string, unknown>; errors: Record<string, string> }[] = [
          { body: { email: uniqueEmail() }, errors: { name: MESSAGES.leadName } },
          { body: { name: "   ", email: uniqueEmail() }, errors: { name: MESSAGES.leadName } },
          { body: { name: "x".repeat(101), email: uniqueEmail() }, errors: { name: MESSAGES.leadName } },
          { body: { name: "Max" }, errors: { email: MESSAGES.leadEmail } },
          { body: { name: "Max", email: "max@beispiel" }, errors: { email: MESSAGES.leadEmail } },
          {
            body: { name: "Max", email: "max mustermann@beispiel.de" },
            errors: { email: MESSAGES.leadEmail },
          },
          { body: { name: "Max", email: "max@@beispiel.de" }, errors: { email: MESSAGES.leadEmail } },
          {
            body: { name: "Max", email: `${"a".repeat(250)}@beispiel.de` },
            errors: { email: MESSAGES.leadEmail },
          },
          { body: {}, errors: { name: MESSAGES.leadName, email: MESSAGES.leadEmail } },
        ];
        const leadsBefore = await countRows("leads");
        for (const { body, errors } of cases) {
          const response = await postJson(test.app, "/api/leads", body, SAME_SITE);
          assert.equal(response.statusCode, 400, JSON.stringify(body).slice(0, 80));
          assert.deepEqual(response.json(), { errors });
        }
        assert.equal(await countRows("leads"), leadsBefore);
      });

      it("accepts a name of exactly 100 characters", async () => {
        const email = uniqueEmail();
        const response = await postJson(test.app, "/api/leads", { name: "N".repeat(100), email }, SAME_SITE);
        assert.equal(response.statusCode, 202);
        assert.equal((await leadsFor(email)).rows[0]!.name, "N".repeat(100));
      });

      it("does not create a second lead for the same address in other letter case", async () => {
        const email = uniqueEmail("Doppelt");
        const first = await postJson(test.app, "/api/leads", { name: "Erster Name", email }, SAME_SITE);
        const second = await postJson(test.app, "/api/leads", { name: "Zweiter Name", email: email.toUpperCase() }, SAME_SITE);
        assert.equal(first.statusCode, 202);
        assert.equal(second.statusCode, 202);
        const { rows } = await leadsFor(email);
        assert.equal(rows.length, 1);
        // Still pending: the newer declaration is what the confirmation will confirm.
        assert.equal(rows[0]!.name, "Zweiter Name");
      });

      it("leaves a confirmed lead as it is when the address is submitted again", async () => {
        const email = uniqueEmail();
        await postJson(test.app, "/api/leads", { name: "Bestätigt", email }, SAME_SITE);
        await database.db.query("UPDATE leads SET status = 'confirmed', confirmed_at = now() WHERE lower(email) = lower($1)", [
          email,
        ]);
        const again = await postJson(test.app, "/api/leads", { name: "Jemand anderes", email }, SAME_SITE);
        assert.equal(again.statusCode, 202);
        const { rows } = await leadsFor(email);
        assert.equal(rows.length, 1);
        assert.equal(rows[0]!.status, "confirmed");
        assert.equal(rows[0]!.name, "Bestätigt");
      });

      it("answers a form post (JavaScript off) with 303 to /danke-willkommen and stores it", async () => {
        const email = uniqueEmail();
        const response = await postForm(test.app, "/api/leads", { name: "Max Formular", email, website: "" }, SAME_SITE);
        assert.equal(response.statusCode, 303);
        assert.equal(response.headers.location, "/danke-willkommen");
        assert.equal((await leadsFor(email)).rows[0]!.name, "Max Formular");
      });

      it("answers a bad form post with a German error page listing the problems and linking back", async () => {
        const leadsBefore = await countRows("leads");
        const response = await postForm(test.app, "/api/leads", { name: "", email: "kein-at-zeichen" }, SAME_SITE);
        assert.equal(response.statusCode, 400);
        assert.match(String(response.headers["content-type"]), /^text\/html; charset=utf-8/);
        assert.match(response.body, /<html lang="de">/);
        assert.match(response.body, /Bitte prüfe deine Angaben/);
        assert.ok(response.body.includes(`<li>${MESSAGES.leadName}</li>`));
        assert.ok(response.body.includes(`<li>${MESSAGES.leadEmail}</li>`));
        assert.match(response.body, /<a class="back" href="\/#info-form">Zurück zum Formular<\/a>/);
        assert.equal(await countRows("leads"), leadsBefore);
      });

      it("links the error page back only to pages of this site", async () => {
        for (const referer of ["https://boese.example/phishing", "http://localhost//boese.example/x", "kein url"]) {
          const response = await postForm(test.app, "/api/leads", { name: "", email: "" }, { referer });
          assert.equal(response.statusCode, 400);
          assert.match(response.body, /href="\/#info-form"/, referer);
          assert.doesNotMatch(response.body, /boese\.example/);
        }
        const fromPage = await postForm(test.app, "/api/leads", { name: "" }, { referer: "http://localhost/gesunde-rezepte" });
        assert.match(fromPage.body, /href="\/gesunde-rezepte#info-form"/);
      });
    });

    describe("POST /api/contact", () => {
      it("accepts a valid message with 202 and stores it", async () => {
        const email = uniqueEmail("kontakt");
        const message = "Hallo,\r\nwie lange dauert es bis zu den ersten Ergebnissen?\n\nGrüße";
        const response = await postJson(test.app, "/api/contact", { name: " José ", email, message, website: "" }, CONTACT_PAGE);
        assert.equal(response.statusCode, 202);
        assert.deepEqual(response.json(), { ok: true });
        const { rows } = await contactsFor(email);
        assert.equal(rows.length, 1);
        assert.equal(rows[0]!.name, "José");
        assert.equal(rows[0]!.message, message.trim());
        assert.equal(rows[0]!.form_page, "/kontakt-unterstuetzung");
      });

      it("accepts the longest allowed values: name 100, message 1000 characters", async () => {
        const email = uniqueEmail("kontakt");
        const response = await postJson(
          test.app,
          "/api/contact",
          { name: "ä".repeat(100), email, message: "ö".repeat(1000) },
          CONTACT_PAGE,
        );
        assert.equal(response.statusCode, 202);
        assert.equal((await contactsFor(email)).rows[0]!.message, "ö".repeat(1000));
      });

      it("answers each field error with the spec's message and stores nothing", async () => {
        const email = uniqueEmail("kontakt");
        const cases: { body: Record<string, unknown>; errors: Record<string, string> }[] = [
          { body: { email, message: "Hallo" }, errors: { name: MESSAGES.contactName } },
          {
            body: { name: " ", email, message: "Hallo" },
            errors: { name: MESSAGES.contactName },
          },
          {
            body: { name: "x".repeat(101), email, message: "Hallo" },
            errors: { name: MESSAGES.contactName },
          },
          {
            body: { name: "Max", email: "max@", message: "Hallo" },
            errors: { email: MESSAGES.contactEmail },
          },
          { body: { name: "Max", message: "Hallo" }, errors: { email: MESSAGES.contactEmail } },
          { body: { name: "Max", email }, errors: { message: MESSAGES.contactMessage } },
          {
            body: { name: "Max", email, message: " \n " },
            errors: { message: MESSAGES.contactMessage },
          },
          {
            body: { name: "Max", email, message: "x".repeat(1001) },
            errors: { message: MESSAGES.contactMessage },
          },
          {
            body: {},
            errors: {
              name: MESSAGES.contactName,
              email: MESSAGES.contactEmail,
              message: MESSAGES.contactMessage,
            },
          },
        ];
        const before = await countRows("contact_requests");
        for (const { body, errors } of cases) {
          const response = await postJson(test.app, "/api/contact", body, CONTACT_PAGE);
          assert.equal(response.statusCode, 400, JSON.stringify(body).slice(0, 80));
          assert.deepEqual(response.json(), { errors });
        }
        assert.equal(await countRows("contact_requests"), before);
      });

      it("answers a form post with 303 to /danke-willkommen", async () => {
        const email = uniqueEmail("kontakt");
        const response = await postForm(
          test.app,
          "/api/contact",
          { name: "Max", email, message: "Ohne JavaScript" },
          CONTACT_PAGE,
        );
        assert.equal(response.statusCode, 303);
        assert.equal(response.headers.location, "/danke-willkommen");
        assert.equal((await contactsFor(email)).rows.length, 1);
      });

      it("answers a bad form post with the error page linking back to the contact page", async () => {
        const response = await postForm(
          test.app,
          "/api/contact",
          { name: "Max", email: "max@beispiel.de", message: "" },
          CONTACT_PAGE,
        );
        assert.equal(response.statusCode, 400);
        assert.ok(response.body.includes(`<li>${MESSAGES.contactMessage}</li>`));
        assert.match(response.body, /href="\/kontakt-unterstuetzung"/);
      });
    });

    describe("refusals", () => {
      it("refuses a body over 16 KB with 413", async () => {
        const leadsBefore = await countRows("leads");
        const json = await postJson(test.app, "/api/leads", { name: "x".repeat(17 * 1024), email: uniqueEmail() }, SAME_SITE);
        assert.equal(json.statusCode, 413);
        assert.deepEqual(json.json(), { error: "Deine Anfrage ist zu groß (höchstens 16\u00a0KB). Bitte kürze deine Eingaben." });
        const form = await postForm(
          test.app,
          "/api/contact",
          { name: "Max", email: uniqueEmail(), message: "y".repeat(17 * 1024) },
          SAME_SITE,
        );
        assert.equal(form.statusCode, 413);
        assert.match(form.body, /Deine Anfrage ist zu groß/);
        assert.equal(await countRows("leads"), leadsBefore);
      });

      it("refuses other content types with 415", async () => {
        for (const type of ["text/plain", "multipart/form-data; boundary=x", "application/xml", "application/json-patch+json"]) {
          const response = await test.app.inject({
            method: "POST",
            url: "/api/leads",
            headers: { "content-type": type, ...SAME_SITE },
            payload: JSON.stringify({ name: "Max", email: uniqueEmail() }),
          });
          assert.equal(response.statusCode, 415, type);
          assert.deepEqual(response.json(), {
            error: "Dieses Format nehmen wir nicht an. Bitte sende das Formular über unsere Website.",
          });
        }
      });

      it("refuses a post from another site with 403 and stores nothing", async () => {
        const email = uniqueEmail();
        for (const origin of ["https://boese.example", "http://localhost.boese.example", "null"]) {
          const response = await postJson(test.app, "/api/leads", { name: "Max", email }, { origin });
          assert.equal(response.statusCode, 403, origin);
          assert.deepEqual(response.json(), {
            error: "Formulare von anderen Websites nehmen wir nicht an. Bitte nutze das Formular auf unserer Seite.",
          });
        }
        const form = await postForm(
          test.app,
          "/api/contact",
          { name: "Max", email, message: "Hallo" },
          { origin: "https://boese.example" },
        );
        assert.equal(form.statusCode, 403);
        assert.match(form.body, /Formulare von anderen Websites/);
        assert.match(form.body, /href="\/">Zurück zum Formular</, "a foreign Referer never becomes the link");
        assert.equal((await leadsFor(email)).rows.length, 0);
        assert.equal((await contactsFor(email)).rows.length, 0);
      });

      it("accepts posts from its own host and from SITE_URL behind a proxy", async () => {
        const own = await postJson(
          test.app,
          "/api/leads",
          { name: "Max", email: uniqueEmail() },
          { origin: "http://localhost:80" },
        );
        assert.equal(own.statusCode, 202);
        const proxied = await buildTestApp(database, { SITE_URL: "https://www.urkraft.de" });
        try {
          const response = await postJson(
            proxied.app,
            "/api/leads",
            { name: "Max", email: uniqueEmail() },
            {
              origin: "https://www.urkraft.de",
              host: "10.0.0.5:9000",
            },
          );
          assert.equal(response.statusCode, 202);
        } finally {
          await proxied.close();
        }
      });

      it("answers a filled honeypot like a success and stores nothing", async () => {
        const email = uniqueEmail("bot");
        const json = await postJson(test.app, "/api/leads", { name: "Bot", email, website: "https://spam.example" }, SAME_SITE);
        assert.equal(json.statusCode, 202);
        assert.deepEqual(json.json(), { ok: true });
        const form = await postForm(test.app, "/api/leads", { name: "Bot", email, website: "spam" }, SAME_SITE);
        assert.equal(form.statusCode, 303);
        assert.equal(form.headers.location, "/danke-willkommen");
        const contact = await postJson(
          test.app,
          "/api/contact",
          { name: "Bot", email, message: "Kauf!", website: "x" },
          SAME_SITE,
        );
        assert.equal(contact.statusCode, 202);
        // Even invalid input is "accepted": a bot learns nothing about the rules.
        const invalid = await postJson(test.app, "/api/leads", { email: "kaputt", website: "x" }, SAME_SITE);
        assert.equal(invalid.statusCode, 202);
        assert.equal((await leadsFor(email)).rows.length, 0);
        assert.equal((await contactsFor(email)).rows.length, 0);
      });
    });

    describe("rate limit", () => {
      it("answers 429 with a German message once an address has sent too much", async () => {
        // Posts without a proof of work meet a stricter limit of their own (proof-of-work.test.ts); not this one.
        const limited = await buildTestApp(database, {
          RATE_LIMIT_MAX: "3",
          RATE_LIMIT_WINDOW: "1m",
          RATE_LIMIT_UNSOLVED: "100",
        });
        try {
          const from = (remoteAddress: string) => ({ remoteAddress });
          for (let i = 0; i < 3; i += 1) {
            const ok = await limited.app.inject({
              method: "POST",
              url: "/api/leads",
              ...from("203.0.113.7"),
              headers: { "content-type": "application/json" },
              payload: JSON.stringify({ name: "Max", email: uniqueEmail() }),
            });
            assert.equal(ok.statusCode, 202);
          }
          const email = uniqueEmail();
          const refused = await limited.app.inject({
            method: "POST",
            url: "/api/leads",
            ...from("203.0.113.7"),
            headers: { "content-type": "application/json" },
            payload: JSON.stringify({ name: "Max", email }),
          });
          assert.equal(refused.statusCode, 429);
          assert.match(
            refused.json().error,
            /^Zu viele Anfragen in kurzer Zeit\. Bitte warte \d+ Sekunden und versuche es dann noch einmal\.$/,
          );
          assert.ok(Number(refused.headers["retry-after"]) > 0);
          assert.equal((await leadsFor(email)).rows.length, 0);

          const asForm = await limited.app.inject({
            method: "POST",
            url: "/api/leads",
            ...from("203.0.113.7"),
            headers: { "content-type": "application/x-www-form-urlencoded", referer: "http://localhost/kontakt-unterstuetzung" },
            payload: "name=Max&email=max%40beispiel.de",
          });
          assert.equal(asForm.statusCode, 429);
          assert.match(asForm.body, /<html lang="de">[\s\S]*Zu viele Anfragen/);
          assert.match(asForm.body, /href="\/kontakt-unterstuetzung">Zurück zum Formular</);

          const otherVisitor = await limited.app.inject({
            method: "POST",
            url: "/api/leads",
            ...from("198.51.100.20"),
            headers: { "content-type": "application/json" },
            payload: JSON.stringify({ name: "Max", email: uniqueEmail() }),
          });
          assert.equal(otherVisitor.statusCode, 202);
        } finally {
          await limited.close();
        }
      });
    });

    describe("logs", () => {
      it("never contain the e-mail address, name or message of a submission", async () => {
        const email = uniqueEmail("geheim");
        const name = "Xaver Unverwechselbar";
        // Words, not digits: a number could turn up in a timestamp by chance.
        const message = "Eine ganz persönliche Nachricht über Zebrastreifen";
        await postJson(test.app, "/api/leads", { name, email }, SAME_SITE);
        await postJson(test.app, "/api/contact", { name, email, message }, CONTACT_PAGE);
        await postJson(test.app, "/api/contact", `{"name":"${name}","email":"${email}","message":`, CONTACT_PAGE);
        await postForm(test.app, "/api/contact", { name, email, message: "" }, CONTACT_PAGE);
        const written = test.logs.join("\n");
        assert.match(written, /"url":"\/api\/contact"/, "requests are logged");
        for (const secret of [email, email.split("@")[0]!, name, "Unverwechselbar", message, "Zebrastreifen"]) {
          assert.ok(!written.includes(secret), `log contains ${secret}`);
        }
      });
    });

    describe("GET /api/health", () => {
      it("answers 200 while the database answers, 503 once it does not", async () => {
        const own = await target.create();
        const app = await buildTestApp(own);
        try {
          const healthy = await app.app.inject({ method: "GET", url: "/api/health" });
          assert.equal(healthy.statusCode, 200);
          assert.deepEqual(healthy.json(), { ok: true });
          assert.equal(healthy.headers["cache-control"], "no-store");

          await own.db.close();
          const down = await app.app.inject({ method: "GET", url: "/api/health" });
          assert.equal(down.statusCode, 503);
          assert.equal(down.json().ok, false);
          assert.match(down.json().error, /Datenbank/);
        } finally {
          await app.close();
          await own.drop();
        }
      });
    });
  });
}
