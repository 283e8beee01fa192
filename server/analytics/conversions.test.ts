/**
 * Conversions without cookies, through the real app on both drivers: each sign-up and contact request
 * keeps the page it was sent from and its visit's source (hidden fields, else the utm_* parameters of the
 * posting page's address in Referer), bounded and cleaned; the funnel per page and per source counts
 * views, form posts, confirmations and who is still subscribed 30 days after confirming.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { databaseTargets, type TestDatabase } from "../test-support/databases";
import { createSiteFixture, type SiteFixture } from "../test-support/site-fixture";
import { buildTestApp, postForm, postJson, type TestApp } from "../test-support/test-app";
import { readVisitStats } from "./store";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const FROM = (page: string) => ({
  host: "localhost",
  origin: "http://localhost",
  referer: `http://localhost${page}`,
  "user-agent": BROWSER,
});

for (const target of databaseTargets()) {
  describe(`conversions (${target.driver})`, { skip: target.skip }, () => {
    let database: TestDatabase;
    let site: SiteFixture;
    let test: TestApp;
    before(async () => {
      database = await target.create();
      site = await createSiteFixture();
      test = await buildTestApp(database, {}, site.dir);
    });
    after(async () => {
      await test.close();
      await site.remove();
      await database.drop();
    });

    const leadSource = async (email: string) =>
      (
        await database.db.query<{ form_page: string; source: string | null; medium: string | null; campaign: string | null }>(
          "SELECT form_page, source, medium, campaign FROM leads WHERE email = $1",
          [email],
        )
      ).rows[0];

    it("keeps the form page and the visit's source of each post, with and without JavaScript", async () => {
      const { app } = test;
      // With JavaScript: the page sends its entry's referrer and utm values as hidden fields.
      let response = await postJson(
        app,
        "/api/leads",
        {
          name: "Anna",
          email: "anna@example.com",
          quelle_seite: "https://www.google.de/search?q=geheim",
          utm_source: "Newsletter",
          utm_medium: "E-Mail",
          utm_campaign: "Herbst 2026",
        },
        FROM("/agb"),
      );
      assert.equal(response.statusCode, 202);
      assert.deepEqual(await leadSource("anna@example.com"), {
        form_page: "/agb",
        source: "newsletter",
        medium: "email",
        campaign: "herbst 2026",
      });

      // Only the referrer: its host, never the rest of the address.
      await postJson(
        app,
        "/api/leads",
        { name: "Ben", email: "ben@example.com", quelle_seite: "https://www.google.de/search?q=geheim" },
        FROM("/"),
      );
      assert.deepEqual(await leadSource("ben@example.com"), { form_page: "/", source: "google.de", medium: "", campaign: "" });

      // Without JavaScript: a classic form post; the utm values come from the form page's address.
      response = await postForm(
        app,
        "/api/leads",
        { name: "Carl", email: "carl@example.com" },
        FROM("/?utm_source=flyer&utm_campaign=messe#info"),
      );
      assert.equal(response.statusCode, 303);
      assert.deepEqual(await leadSource("carl@example.com"), { form_page: "/", source: "flyer", medium: "", campaign: "messe" });

      // Nothing said about the source: not known (NULL), counted as "unbekannt".
      await postForm(app, "/api/leads", { name: "Dora", email: "dora@example.com" }, FROM("/"));
      assert.deepEqual(await leadSource("dora@example.com"), { form_page: "/", source: null, medium: null, campaign: null });

      // An empty referrer field: the visit came directly.
      await postJson(app, "/api/leads", { name: "Emil", email: "emil@example.com", quelle_seite: "" }, FROM("/"));
      assert.equal((await leadSource("emil@example.com"))?.source, "direkt");

      // Bad input in the hidden fields never refuses the post: 10 KB, control characters, numbers, lists.
      response = await postJson(
        app,
        "/api/leads",
        {
          name: "Fritz",
          email: "fritz@example.com",
          quelle_seite: "javascript:alert(1)",
          utm_source: "x".repeat(10 * 1024),
          utm_medium: "\u0000\u001b[31mrot\u202e",
          utm_campaign: ["a", "b"],
        },
        FROM("/"),
      );
      assert.equal(response.statusCode, 202);
      assert.deepEqual(await leadSource("fritz@example.com"), {
        form_page: "/",
        source: "x".repeat(60),
        // Control characters and marks go, and an unknown medium is only „sonstige“.
        medium: "sonstige",
        campaign: "",
      });
      // A forged Referer of another site: the default form page, no source from it.
      await postJson(
        app,
        "/api/leads",
        { name: "Gert", email: "gert@example.com" },
        { ...FROM("/"), referer: "https://evil.example/?utm_source=spam" },
      );
      assert.deepEqual(await leadSource("gert@example.com"), { form_page: "/", source: null, medium: null, campaign: null });

      // A request counts under its source in the day sums only; the request itself does not keep it.
      response = await postJson(
        app,
        "/api/contact",
        { name: "Hanna", email: "hanna@example.com", message: "Eine Frage zum Plan.", quelle_seite: "bing.com" },
        FROM("/kontakt-unterstuetzung"),
      );
      assert.equal(response.statusCode, 202);
      const { rows } = await database.db.query("SELECT form_page, source, medium, campaign FROM contact_requests");
      assert.deepEqual(rows, [{ form_page: "/kontakt-unterstuetzung", source: null, medium: null, campaign: null }]);
    });

    it("gives the funnel per page and per source: views, posts, confirmed, still subscribed after 30 days", async () => {
      const { app } = test;
      const visitStats = app.visitStats!;
      for (let i = 0; i < 4; i += 1) {
        await app.inject({
          url: "/?utm_source=newsletter&utm_medium=e-mail&utm_campaign=herbst%202026",
          headers: { "user-agent": BROWSER, accept: "text/html" },
        });
      }
      await visitStats.write();
      // Anna (newsletter, /agb) confirmed 40 days ago and still subscribed; Ben (google.de, /) confirmed today; Carl unsubscribed.
      await database.db.query(
        `UPDATE leads SET status = 'confirmed', confirmed_at = now() - interval '40 days' WHERE email = 'anna@example.com'`,
      );
      await database.db.query(`UPDATE leads SET status = 'confirmed', confirmed_at = now() WHERE email = 'ben@example.com'`);
      await database.db.query(
        `UPDATE leads SET status = 'unsubscribed', confirmed_at = now() - interval '35 days', unsubscribed_at = now() WHERE email = 'carl@example.com'`,
      );
      const stats = await readVisitStats(database.db, 90, visitStats.today(), visitStats.timeZone);
      assert.equal(stats.perDay.length, 90);
      assert.equal(stats.perDay.at(-1)!.day, visitStats.today());
      assert.equal(stats.perDay.at(-1)!.views, 4);
      assert.equal(stats.perDay.at(-1)!.leads, 7);
      assert.equal(stats.perDay.at(-1)!.contacts, 1);

      const route = (path: string) => stats.routes.find((row) => row.route === path);
      assert.deepEqual(route("/"), {
        route: "/",
        inSite: 0,
        views: 4,
        leads: 6,
        contacts: 0,
        confirmed: 2,
        confirmedLongAgo: 1,
        stillSubscribed: 0,
      });
      assert.deepEqual(route("/agb"), {
        route: "/agb",
        inSite: 0,
        views: 0,
        leads: 1,
        contacts: 0,
        confirmed: 1,
        confirmedLongAgo: 1,
        stillSubscribed: 1,
      });
      assert.deepEqual(route("/kontakt-unterstuetzung"), {
        route: "/kontakt-unterstuetzung",
        inSite: 0,
        views: 0,
        leads: 0,
        contacts: 1,
        confirmed: 0,
        confirmedLongAgo: 0,
        stillSubscribed: 0,
      });

      const source = (name: string, campaign = "") =>
        stats.sources.find((row) => row.source === name && row.campaign === campaign);
      assert.deepEqual(source("newsletter", "herbst 2026"), {
        source: "newsletter",
        medium: "email",
        campaign: "herbst 2026",
        views: 4,
        leads: 1,
        contacts: 0,
        confirmed: 1,
        confirmedLongAgo: 1,
        stillSubscribed: 1,
      });
      assert.deepEqual(source("unbekannt"), {
        source: "unbekannt",
        medium: "",
        campaign: "",
        views: 0,
        leads: 2,
        contacts: 0,
        confirmed: 0,
        confirmedLongAgo: 0,
        stillSubscribed: 0,
      });
      assert.equal(source("google.de")?.confirmed, 1);
      assert.equal(source("flyer", "messe")?.stillSubscribed, 0);
      assert.equal(source("flyer", "messe")?.confirmedLongAgo, 1);
    });
  });
}
