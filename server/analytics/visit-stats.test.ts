/**
 * Visit statistics through the real app on both drivers: which requests count as views and visits,
 * what is kept of a Referer and of utm values (forged, malformed, huge, control characters), the cap on
 * sources per day, two instances adding up, and a restart between counting and writing.
 */
import assert from "node:assert/strict";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import type { FastifyInstance } from "fastify";
import { databaseTargets, type TestDatabase } from "../test-support/databases";
import { createSiteFixture, type SiteFixture } from "../test-support/site-fixture";
import { buildTestApp, type TestApp } from "../test-support/test-app";
import { readSiteSettings } from "../../common/content/read-content";
import { purgeExpired } from "../services/privacy";
import { MAX_SOURCES_PER_DAY } from "../../common/visit-stats";

export const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
export const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";
const TABLET = "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

function get(app: FastifyInstance, url: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") {
  return app.inject({ method, url, headers: { host: "urkraft.test", "user-agent": BROWSER, accept: "text/html", ...headers } });
}

async function pages(db: TestDatabase["db"]) {
  const { rows } = await db.query<{ route: string; device: string; views: number }>(
    "SELECT route, device, views::int AS views FROM visit_pages ORDER BY route, device",
  );
  return rows;
}

async function sources(db: TestDatabase["db"]) {
  const { rows } = await db.query<{ source: string; medium: string; campaign: string; visits: number }>(
    "SELECT source, medium, campaign, visits::int AS visits FROM visit_sources ORDER BY source, medium, campaign",
  );
  return rows;
}

for (const target of databaseTargets()) {
  describe(`visit statistics (${target.driver})`, { skip: target.skip }, () => {
    let site: SiteFixture;
    let database: TestDatabase;
    before(async () => {
      database = await target.create();
      site = await createSiteFixture();
      const agbData = path.join(site.dir, "page-data", "agb");
      await mkdir(agbData, { recursive: true });
      await writeFile(path.join(agbData, "page-data.json"), JSON.stringify({ path: "/agb", result: {} }));
    });
    after(async () => {
      await site.remove();
      await database.drop();
    });

    async function withApp(body: (test: TestApp, database: TestDatabase) => Promise<void>, env: Record<string, string> = {}) {
      await database.db.query("DELETE FROM visit_pages");
      await database.db.query("DELETE FROM visit_sources");
      const test = await buildTestApp(database, env, site.dir);
      try {
        await body(test, database);
      } finally {
        await test.close();
      }
    }

    it("counts page loads and navigations inside the site once, and nothing else", () =>
      withApp(async ({ app }, { db }) => {
        // A visit from a search engine lands on the home page, then goes to the terms inside the site.
        assert.equal((await get(app, "/", { referer: "https://www.google.com/search?q=urkraft+erfahrungen" })).statusCode, 200);
        // Gatsby loads the page data of the page it has just loaded: no second view.
        await get(app, "/page-data/index/page-data.json", { referer: "http://urkraft.test/", accept: "*/*" });
        // The navigation to /agb fetches its page data from the home page: one view of /agb.
        await get(app, "/page-data/agb/page-data.json", { referer: "http://urkraft.test/", accept: "*/*", "user-agent": PHONE });
        // A full load of /agb from a link on the site: a view, no new visit.
        const agb = await get(app, "/agb", { referer: "http://urkraft.test/", "user-agent": TABLET });
        // Loaded again from the browser's cache after revalidation (304): a view too.
        const again = await get(app, "/agb", {
          referer: "http://urkraft.test/",
          "user-agent": TABLET,
          "if-none-match": String(agb.headers.etag),
        });
        assert.equal(again.statusCode, 304);

        // Not counted: prefetches, HEAD, crawlers, assets, the owner area, the API, redirects, requests without user agent.
        await get(app, "/page-data/agb/page-data.json", { referer: "http://urkraft.test/", "sec-purpose": "prefetch" });
        await get(app, "/agb", { "sec-purpose": "prefetch;prerender" });
        await get(app, "/agb", { purpose: "prefetch" });
        await get(app, "/", {}, "HEAD");
        await get(app, "/", { "user-agent": GOOGLEBOT });
        await get(app, "/agb", { "user-agent": "curl/8.5.0" });
        await get(app, "/", { "user-agent": "" });
        await get(app, "/app-0123456789abcdef0123.js", { accept: "*/*" });
        await get(app, "/styles.4a3b2c1d0e9f8a7b6c5d.css");
        await get(app, "/page-data/app-data.json", { referer: "http://urkraft.test/agb" });
        await get(app, "/page-data/gibt-es-nicht/page-data.json", { referer: "http://urkraft.test/agb" });
        await get(app, "/verwaltung");
        await get(app, "/api/health");
        await get(app, "/agb/");
        await get(app, "/", { "sec-fetch-dest": "iframe" });

        // An unknown path shows the 404 page: one view of "andere", whatever the path.
        assert.equal((await get(app, "/wp-login.php?x=1")).statusCode, 404);
        await get(app, `/${"junk/".repeat(50)}`.replace(/\/$/, ""));

        await app.visitStats!.write();
        assert.deepEqual(await pages(db), [
          { route: "/", device: "desktop", views: 1 },
          { route: "/agb", device: "mobil", views: 1 },
          { route: "/agb", device: "tablet", views: 2 },
          { route: "andere", device: "desktop", views: 2 },
        ]);
        const inSite = await db.query<{ route: string; in_site: number }>(
          "SELECT route, in_site::int AS in_site FROM visit_pages WHERE in_site > 0",
        );
        assert.deepEqual(inSite.rows, [{ route: "/agb", in_site: 1 }], "the navigation counted from page data");
        assert.deepEqual(await sources(db), [
          { source: "direkt", medium: "", campaign: "", visits: 2 },
          { source: "google.com", medium: "", campaign: "", visits: 1 },
        ]);
      }));

    it("keeps only the host of a Referer and short, clean utm values, whatever is sent", () =>
      withApp(async ({ app }, { db }) => {
        const referers = [
          "kein Link",
          "javascript:alert(1)",
          "https://böse.example/",
          "https://user:geheim@WWW.Example.COM:8443/pfad?token=geheim#x",
          `https://${"a".repeat(300)}.example/`,
          `https://example.org/${"x".repeat(10_000)}`,
          "https://exa mple.org/",
          "//example.net/",
        ];
        for (const referer of referers) await get(app, "/", { referer });
        const huge = "k".repeat(10 * 1024);
        await get(
          app,
          `/?utm_source=${huge}&utm_medium=${encodeURIComponent("E-Mail\u0000\u0007\u200b  Brief")}&utm_campaign=Grüße%20aus%20München`,
        );
        // A malformed escape stays as text but for its „%“; the emoji and the right-to-left override are dropped.
        await get(app, "/?utm_source=%F0%9F%8C%B2%E2%80%AEwald&utm_campaign=%ZZ");
        await app.visitStats!.write();

        const rows = await sources(db);
        assert.deepEqual(rows, [
          { source: "andere", medium: "", campaign: "", visits: 6 },
          { source: "example.com", medium: "", campaign: "", visits: 1 },
          { source: "k".repeat(60), medium: "sonstige", campaign: "grüße aus münchen", visits: 1 },
          { source: "wald", medium: "", campaign: "zz", visits: 1 },
          { source: "xn--bse-sna.example", medium: "", campaign: "", visits: 1 },
        ]);
        const stored = JSON.stringify(rows);
        for (const secret of ["geheim", "token", "pfad", "8443", "user"]) assert.ok(!stored.includes(secret), secret);
      }));

    it(`counts ${MAX_SOURCES_PER_DAY} sources a day apart and the rest of 10,000 as "andere"`, () =>
      withApp(async ({ app }, { db }) => {
        for (let i = 0; i < 10_000; i += 1) await get(app, "/", { referer: `https://quelle-${i}.example/` });
        assert.ok(app.visitStats!.counter.size().sources <= MAX_SOURCES_PER_DAY + 1);
        await app.visitStats!.write();
        const rows = await sources(db);
        assert.equal(rows.length, MAX_SOURCES_PER_DAY + 1);
        assert.deepEqual(
          rows.find((row) => row.source === "andere"),
          { source: "andere", medium: "", campaign: "", visits: 10_000 - MAX_SOURCES_PER_DAY },
        );
        assert.equal(
          rows.reduce((sum, row) => sum + row.visits, 0),
          10_000,
        );
      }));

    it("adds up what two instances count, and a clean stop writes what was counted", async () => {
      await database.db.query("DELETE FROM visit_pages");
      await database.db.query("DELETE FROM visit_sources");
      {
        const first = await buildTestApp(database, {}, site.dir);
        const second = await buildTestApp(database, {}, site.dir);
        for (let i = 0; i < 3; i += 1) await get(first.app, "/", { referer: "https://duckduckgo.com/" });
        for (let i = 0; i < 2; i += 1) await get(second.app, "/", { referer: "https://duckduckgo.com/" });
        await first.app.visitStats!.write();
        await get(first.app, "/agb");
        // Closing writes what was counted since the last write.
        await first.close();
        await second.close();
        assert.deepEqual(await pages(database.db), [
          { route: "/", device: "desktop", views: 5 },
          { route: "/agb", device: "desktop", views: 1 },
        ]);
        assert.deepEqual(await sources(database.db), [
          { source: "direkt", medium: "", campaign: "", visits: 1 },
          { source: "duckduckgo.com", medium: "", campaign: "", visits: 5 },
        ]);
      }
    });

    it("deletes the daily sums after retention.visitStatsDays with the rest of the purge", () =>
      withApp(async (_test, { db }) => {
        const days = readSiteSettings(path.resolve("content")).retention.visitStatsDays;
        for (const age of [days + 1, days - 1]) {
          await db.query(
            `INSERT INTO visit_pages (day, route, device, views) VALUES (current_date - $1::integer, '/', 'mobil', 1)`,
            [age],
          );
          await db.query(
            `INSERT INTO visit_sources (day, source, medium, campaign, visits) VALUES (current_date - $1::integer, 'direkt', '', '', 1)`,
            [age],
          );
        }
        const result = await purgeExpired(db, readSiteSettings(path.resolve("content")).retention);
        assert.equal(result.visitStatsRows, 2);
        const { rows } = await db.query<{ age: number }>(
          "SELECT current_date - day AS age FROM visit_pages UNION ALL SELECT current_date - day FROM visit_sources",
        );
        assert.deepEqual(rows, [{ age: days - 1 }, { age: days - 1 }]);
      }));

    it("clears a sign-up's source retention.leadSourceDays after its confirmation, as the privacy texts say", () =>
      withApp(async (_test, { db }) => {
        const retention = readSiteSettings(path.resolve("content")).retention;
        const days = retention.leadSourceDays;
        for (const [email, age] of [
          ["alt@example.com", days + 1],
          ["neu@example.com", days - 1],
        ] as const) {
          await db.query(
            `INSERT INTO leads (email, name, form_page, consent_text_version, privacy_version, status, confirmed_at,
                                source, medium, campaign)
             VALUES ($1, 'Anna', '/', 'v', 'v', 'confirmed', now() - $2::integer * interval '1 day', 'flyer', 'print', 'messe')`,
            [email, age],
          );
        }
        const result = await purgeExpired(db, retention);
        assert.equal(result.leadSources, 1);
        const { rows } = await db.query("SELECT email, source, medium, campaign FROM leads ORDER BY email");
        assert.deepEqual(rows, [
          { email: "alt@example.com", source: null, medium: null, campaign: null },
          { email: "neu@example.com", source: "flyer", medium: "print", campaign: "messe" },
        ]);
        await db.query("DELETE FROM leads");
      }));

    it("counts nothing with VISIT_STATS=false", () =>
      withApp(
        async ({ app }, { db }) => {
          await get(app, "/", { referer: "https://www.google.com/" });
          assert.equal(app.visitStats, null);
          assert.deepEqual(await pages(db), []);
        },
        { VISIT_STATS: "false" },
      ));
  });
}
