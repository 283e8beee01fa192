/** `npm run leads -- stats` shows each experiment of content/experiments.json with its variants' results. */
import assert from "node:assert/strict";
import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { databaseTargets, type TestDatabase } from "../test-support/databases";
import { runCli } from "../cli/run";

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

for (const target of databaseTargets()) {
  describe(`leads stats with an experiment on ${target.driver}`, { skip: target.skip }, () => {
    let database: TestDatabase;
    let env: Record<string, string | undefined>;
    let dir: string;
    const cwd = process.cwd();
    before(async () => {
      database = await target.create();
      dir = await mkdtemp(path.join(os.tmpdir(), "urkraft-cli-experiment-"));
      await cp(path.join(cwd, "content"), path.join(dir, "content"), { recursive: true });
      const experiment = {
        id: "startseite-titel",
        page: "/",
        field: "hero.title",
        variants: ["Mehr Kraft im Alltag"],
        share: 100,
        start: isoDay(-2),
        end: isoDay(10),
        status: "läuft",
      };
      await writeFile(path.join(dir, "content", "experiments.json"), JSON.stringify({ experiments: [experiment] }));
      await database.db.query(`INSERT INTO experiment_counts (day, experiment, variant, views, leads, contacts) VALUES
        (current_date, 'startseite-titel', 'A', 1000, 50, 2), (current_date, 'startseite-titel', 'B', 1000, 80, 1)`);
      await database.db
        .query(`INSERT INTO leads (email, name, form_page, consent_text_version, privacy_version, status, confirmed_at)
        SELECT 'p' || n || '@beispiel.de', 'P', '/', 'v', 'p', 'confirmed', now() + interval '1 minute' FROM generate_series(1, 110) AS n`);
      await database.db.query(`INSERT INTO experiment_leads (lead_id, experiment, variant)
        SELECT id, 'startseite-titel', CASE WHEN id % 11 < 4 THEN 'A' ELSE 'B' END FROM leads`);
      env = { DATA_DIR: database.config.dataDir, DATABASE_URL: database.config.databaseUrl };
      if (target.driver === "pglite") await database.db.close();
      process.chdir(dir);
    });
    after(async () => {
      process.chdir(cwd);
      await rm(dir, { recursive: true, force: true });
      await database?.drop();
    });

    it("prints each variant's views, sign-ups, confirmed, rate, interval and chance to beat the original, with the warning", async () => {
      const lines: string[] = [];
      assert.equal(await runCli(["stats"], (line) => lines.push(line), env), 0, lines.join("\n"));
      const output = lines.join("\n");
      console.log(output.slice(output.indexOf("Experiment")));
      assert.match(
        output,
        /Experiment „startseite-titel“: Startseite \(\/\), Kopfbereich › Titel \(hero\.title\), 100 % der Besuche: läuft seit \d{1,2}\. [A-ZÄÖÜ][a-zä]+ \d{4}/,
      );
      assert.match(output, /^A \(Original\)\s+1000\s+50\s+40\s+4,0 %\s+3,0 % – 5,4 %\s+–\s+2$/m);
      assert.match(output, /^B\s+1000\s+80\s+70\s+7,0 %\s+5,6 % – 8,8 %\s+99,\d %\s+1$/m);
      assert.match(output, /Noch zu früh für eine Entscheidung: eine Variante hat erst 40 bestätigte Anmeldungen/);

      const json: string[] = [];
      await runCli(["stats", "--json"], (line) => json.push(line), env);
      const { experiments } = JSON.parse(json.join("\n")) as { experiments: { results: { confirmed: number }[] }[] };
      assert.deepEqual(
        experiments[0]!.results.map((result) => result.confirmed),
        [40, 70],
      );
    });
  });
}
