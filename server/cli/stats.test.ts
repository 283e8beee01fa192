/** `npm run leads -- stats [--days N] [--json]` against a real database with counted visits and leads. */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { databaseTargets, type TestDatabase } from "../test-support/databases";
import { runCli } from "./run";

async function store(db: TestDatabase["db"]): Promise<void> {
  await db.query(`INSERT INTO visit_pages (day, route, device, views, leads, contacts) VALUES
    (current_date, '/', 'mobil', 120, 6, 0), (current_date - 1, '/', 'desktop', 80, 2, 0),
    (current_date - 1, '/kontakt-unterstuetzung', 'desktop', 30, 0, 3), (current_date - 60, '/', 'desktop', 500, 9, 0)`);
  await db.query(`INSERT INTO visit_sources (day, source, medium, campaign, visits, leads, contacts) VALUES
    (current_date, 'newsletter', 'e-mail', 'herbst', 40, 4, 0), (current_date - 1, 'google.de', '', '', 60, 2, 1),
    (current_date, '=HYPERLINK("x")', '', '', 1, 0, 0)`);
  await db.query(`INSERT INTO leads (email, name, form_page, consent_text_version, privacy_version, status, confirmed_at, source, medium, campaign)
    VALUES ('a@beispiel.de', 'A', '/', 'v', 'p', 'confirmed', now(), 'newsletter', 'e-mail', 'herbst'),
           ('b@beispiel.de', 'B', '/', 'v', 'p', 'confirmed', now(), 'google.de', '', ''),
           ('c@beispiel.de', 'C', '/', 'v', 'p', 'pending', NULL, 'newsletter', 'e-mail', 'herbst')`);
}

for (const target of databaseTargets()) {
  describe(`leads stats on ${target.driver}`, { skip: target.skip }, () => {
    let database: TestDatabase;
    let env: Record<string, string | undefined>;
    before(async () => {
      database = await target.create();
      await store(database.db);
      env = { DATA_DIR: database.config.dataDir, DATABASE_URL: database.config.databaseUrl };
      if (target.driver === "pglite") await database.db.close();
    });
    after(() => database?.drop());

    const run = async (args: string[]) => {
      const lines: string[] = [];
      const code = await runCli(args, (line) => lines.push(line), env);
      return { code, output: lines.join("\n") };
    };

    it("--json gives views, leads, confirmed and contacts per route and per source", async () => {
      const { code, output } = await run(["stats", "--json"]);
      assert.equal(code, 0, output);
      const stats = JSON.parse(output) as { days: number; routes: unknown[]; sources: unknown[] };
      assert.equal(stats.days, 30);
      assert.deepEqual(stats.routes, [
        { route: "/", views: 200, leads: 8, confirmed: 2, contacts: 0 },
        { route: "/kontakt-unterstuetzung", views: 30, leads: 0, confirmed: 0, contacts: 3 },
      ]);
      assert.deepEqual(stats.sources, [
        { source: "google.de", medium: "", campaign: "", views: 60, leads: 2, confirmed: 1, contacts: 1 },
        { source: "newsletter", medium: "e-mail", campaign: "herbst", views: 40, leads: 4, confirmed: 1, contacts: 0 },
        { source: '=HYPERLINK("x")', medium: "", campaign: "", views: 1, leads: 0, confirmed: 0, contacts: 0 },
      ]);
      const longer = JSON.parse((await run(["stats", "--days", "90", "--json"])).output) as { routes: { views: number }[] };
      assert.equal(longer.routes[0]!.views, 700);
    });

    it("prints the figures as tables with conversion rates", async () => {
      const { code, output } = await run(["stats"]);
      assert.equal(code, 0, output);
      assert.match(output, /230 Aufrufe, 101 Besuche, 8 Anmeldungen, 2 bestätigt, 3 Anfragen/);
      assert.match(output, /^\/\s+200\s+8\s+4 %\s+2\s+–\s+0$/m);
      assert.match(output, /^newsletter\s+e-mail\s+herbst\s+40\s+4\s+10 %\s+1/m);
    });

    it("refuses a bad --days with the usage", async () => {
      for (const days of ["0", "abc", "99999", "-3"]) {
        const { code, output } = await run(["stats", "--days", days]);
        assert.equal(code, 2, days);
        assert.match(output, /--days/);
      }
    });
  });
}
