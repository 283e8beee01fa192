/**
 * Experiments through the real app on both drivers: the server picks a variant of the page per view at the
 * page's own address (the shares hold over 2,000 people), the same person keeps it for the day, no answer
 * sets a cookie or may be kept by a shared cache, crawlers and the owner's own views are not counted, and a
 * sign-up sent without JavaScript counts for the variant its page showed, its confirmation as the goal.
 */
import assert from "node:assert/strict";
import { readFile, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { BUILT_EXPERIMENTS_FILE } from "../../common/experiments/variant-pages";
import { newToken } from "../services/link-tokens";
import { clickThrough } from "../test-support/app-harness";
import { databaseTargets, type TestDatabase } from "../test-support/databases";
import { createSiteFixture, type SiteFixture } from "../test-support/site-fixture";
import { buildTestApp, postForm, type TestApp } from "../test-support/test-app";
import { SESSION_COOKIE } from "../services/owner-sessions";
import { readVariantFigures } from "./store";
import { assignVariant } from "./assign";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const VARIANT_B = "Mehr Kraft im Alltag – ab fünf Minuten am Tag";

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

const experiment = (changes: Record<string, unknown> = {}) => ({
  id: "startseite-titel",
  page: "/",
  field: "hero.title",
  variants: [VARIANT_B],
  share: 50,
  start: isoDay(-3),
  end: isoDay(4),
  status: "läuft",
  ...changes,
});

/** What a view got: its variant ("A", "B", or null for none) and the answer's headers. */
function variantOf(body: string): string | null {
  return /name="experiment" value="startseite-titel:([ABC])"/.exec(body)?.[1] ?? null;
}

for (const target of databaseTargets()) {
  describe(`experiments (${target.driver})`, { skip: target.skip }, () => {
    let database: TestDatabase;
    let site: SiteFixture;
    let test: TestApp;
    before(async () => {
      database = await target.create();
      site = await createSiteFixture();
      const home = await readFile(path.join(site.dir, "index.html"), "utf8");
      await mkdir(path.join(site.dir, "__variante-b"));
      await writeFile(
        path.join(site.dir, "__variante-b", "index.html"),
        home.replace("<h1>Urkraft Startseite</h1>", `<h1>${VARIANT_B}</h1>`),
      );
      await writeFile(path.join(site.dir, BUILT_EXPERIMENTS_FILE), JSON.stringify({ experiments: [experiment()] }));
      test = await buildTestApp(database, { METRICS_PORT: "0" }, site.dir);
      await test.app.ready();
    });
    after(async () => {
      await test.close();
      await site.remove();
      await database.drop();
    });

    const view = (address: string, headers: Record<string, string> = {}) =>
      test.app.inject({ method: "GET", url: "/", remoteAddress: address, headers: { "user-agent": BROWSER, ...headers } });

    it("splits 2,000 people by the share: half take part, a quarter each sees A and B, within ±3 points", async () => {
      const seen = { A: 0, B: 0, none: 0 };
      const chosen: (string | null)[] = [];
      for (let person = 0; person < 2000; person++) {
        const response = await view(`10.${(person >> 8) & 255}.${person & 255}.7`);
        assert.equal(response.statusCode, 200);
        const variant = variantOf(response.body);
        if (variant === "B") assert.match(response.body, new RegExp(`<h1>${VARIANT_B}</h1>`));
        else assert.match(response.body, /<h1>Urkraft Startseite<\/h1>/);
        seen[(variant ?? "none") as keyof typeof seen] += 1;
        chosen.push(variant);
      }
      console.log(`2,000 people: A ${seen.A}, B ${seen.B}, not taking part ${seen.none}`);
      // The secret is the UTC day's (db/daily-secrets.ts); the day in the hash is the site's (Europe/Berlin).
      const { rows } = await database.db.query<{ secret: string }>("SELECT secret FROM rate_limit_keys WHERE day = $1", [
        new Date().toISOString().slice(0, 10),
      ]);
      const day = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin" }).format(new Date());
      const choice = (secret: string, person: number) =>
        assignVariant(
          {
            secret,
            day,
            address: `10.${(person >> 8) & 255}.${person & 255}.7`,
            userAgent: BROWSER,
            experiment: "startseite-titel",
          },
          50,
          2,
        );
      assert.deepEqual(
        chosen,
        chosen.map((_, person) => choice(rows[0]!.secret, person)),
        "the route chose as assignVariant does",
      );
      // The day's secret is drawn at random: a share checked against it would fail about one run in a hundred.
      // The route chose as assignVariant does (above); the shares are held to ±3 points for a fixed secret and
      // day below, where the outcome never changes.
      for (const count of [seen.none, seen.A, seen.B]) assert.ok(count > 0, JSON.stringify(seen));
      const fixed = { A: 0, B: 0, none: 0 };
      for (let person = 0; person < 2000; person++) {
        const variant = assignVariant(
          {
            secret: "ein fester Schlüssel für den Test",
            day: "2026-12-04",
            address: `10.${(person >> 8) & 255}.${person & 255}.7`,
            userAgent: BROWSER,
            experiment: "startseite-titel",
          },
          50,
          2,
        );
        fixed[(variant ?? "none") as keyof typeof fixed] += 1;
      }
      assert.ok(Math.abs(fixed.none / 2000 - 0.5) <= 0.03, `not taking part: ${fixed.none}`);
      assert.ok(Math.abs(fixed.A / 2000 - 0.25) <= 0.03, `A: ${fixed.A}`);
      assert.ok(Math.abs(fixed.B / 2000 - 0.25) <= 0.03, `B: ${fixed.B}`);
    });

    it("keeps a person's variant for the day, sets no cookie and lets no shared cache keep the answer", async () => {
      const first = await view("192.0.2.44");
      for (let again = 0; again < 5; again++) assert.equal(variantOf((await view("192.0.2.44")).body), variantOf(first.body));
      for (const response of [first, await view("192.0.2.45"), await view("192.0.2.46")]) {
        assert.equal(response.headers["set-cookie"], undefined);
        assert.equal(response.headers["cache-control"], "private, no-store");
        assert.equal(response.headers.etag, undefined);
      }
      // A variant's own address is no page.
      assert.equal(
        (await test.app.inject({ method: "GET", url: "/__variante-b", headers: { "user-agent": BROWSER } })).statusCode,
        404,
      );
      // A page without an experiment stays as it was for a tool: cacheable, with its ETag.
      const agb = await test.app.inject({
        method: "GET",
        url: "/agb",
        headers: { "user-agent": "undici (static test)" },
      });
      assert.equal(agb.headers["cache-control"], "public, max-age=0, must-revalidate");
      assert.ok(agb.headers.etag);
    });

    it("counts the views of people taking part, not those of crawlers, prefetches or the owner", async () => {
      await test.app.experiments.write();
      await database.db.query("DELETE FROM experiment_counts");
      let counted = 0;
      for (let person = 0; person < 40; person++) if (variantOf((await view(`198.51.100.${person}`)).body)) counted += 1;
      for (let person = 0; person < 40; person++) {
        await view(`198.51.100.${person}`, { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
        await view(`198.51.100.${person}`, { "sec-purpose": "prefetch" });
        await view(`198.51.100.${person}`, { cookie: `${SESSION_COOKIE}=abc` });
      }
      await test.app.experiments.write();
      const figures = await readVariantFigures(database.db, "startseite-titel", ["A", "B"]);
      assert.ok(counted > 0);
      assert.equal(figures[0]!.views + figures[1]!.views, counted);
    });

    it("counts a sign-up sent without JavaScript for its variant and its confirmation as the goal", async () => {
      await database.db.query("DELETE FROM experiment_counts");
      let address = 0;
      let page = await view(`203.0.113.${address}`);
      while (variantOf(page.body) !== "B") page = await view(`203.0.113.${++address}`);
      // The hidden input at the end of the page belongs to the form; a browser without JavaScript sends it along.
      const hidden = /<input type="hidden" form="formular" name="experiment" value="([^"]+)">/.exec(page.body)![1]!;
      const headers = { host: "localhost", origin: "http://localhost", referer: "http://localhost/", "user-agent": BROWSER };
      const posted = await postForm(
        test.app,
        "/api/leads",
        { name: "Jonas", email: "jonas@example.com", experiment: hidden },
        headers,
      );
      assert.equal(posted.statusCode, 303);
      // A field naming no running experiment, or a variant it does not have, counts for nothing.
      await postForm(
        test.app,
        "/api/leads",
        { name: "Lena", email: "lena@example.com", experiment: "startseite-titel:C" },
        headers,
      );
      await postForm(
        test.app,
        "/api/leads",
        { name: "Mia", email: "mia@example.com", experiment: "altes-experiment:B" },
        headers,
      );
      await test.app.experiments.write();

      const { rows } = await database.db.query<{ id: number }>("SELECT id FROM leads WHERE email = 'jonas@example.com'");
      const { token, hash } = newToken();
      await database.db.query(
        "INSERT INTO lead_tokens (token_hash, lead_id, purpose, expires_at) VALUES ($1, $2, 'confirm', now() + interval '1 hour')",
        [hash, rows[0]!.id],
      );
      assert.equal(await clickThrough(test.app, `/api/leads/confirm?token=${token}`), "/anmeldung-bestaetigt");

      const [a, b] = await readVariantFigures(database.db, "startseite-titel", ["A", "B"]);
      assert.deepEqual({ leads: b!.leads, confirmed: b!.confirmed }, { leads: 1, confirmed: 1 });
      assert.deepEqual({ leads: a!.leads, confirmed: a!.confirmed }, { leads: 0, confirmed: 0 });
      const attributed = await database.db.query("SELECT experiment, variant FROM experiment_leads");
      assert.deepEqual(attributed.rows, [{ experiment: "startseite-titel", variant: "B" }]);
    });

    it("gives Prometheus each running variant's figures and its chance to beat the original", async () => {
      await database.db.query("DELETE FROM experiment_counts");
      await database.db.query(`INSERT INTO experiment_counts (day, experiment, variant, views, leads, contacts)
        VALUES (current_date, 'startseite-titel', 'A', 500, 20, 3), (current_date, 'startseite-titel', 'B', 500, 35, 1)`);
      const metrics = await fetch(`http://127.0.0.1:${test.app.metricsAddress()!.port}/metrics`).then((response) =>
        response.text(),
      );
      assert.match(metrics, /^urkraft_experiment_figures\{experiment="startseite-titel",variant="A",figure="views"\} 500$/m);
      assert.match(metrics, /^urkraft_experiment_figures\{experiment="startseite-titel",variant="B",figure="confirmed"\} 1$/m);
      assert.match(
        metrics,
        /^urkraft_experiment_probability_beats_original\{experiment="startseite-titel",variant="B"\} 0\.\d+$/m,
      );
    });

    it("stops by itself after its end: every view gets the original, without taking part", async () => {
      await writeFile(
        path.join(site.dir, BUILT_EXPERIMENTS_FILE),
        JSON.stringify({ experiments: [experiment({ end: isoDay(-1) })] }),
      );
      for (let person = 0; person < 50; person++) {
        const response = await view(`10.9.9.${person}`);
        assert.equal(variantOf(response.body), null);
        assert.match(response.body, /<h1>Urkraft Startseite<\/h1>/);
      }
      assert.equal((await test.app.experiments.list())[0]!.state, "abgelaufen");
    });
  });
}
