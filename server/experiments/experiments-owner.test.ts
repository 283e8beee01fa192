/**
 * „Experimente“ in the owner area on a real git repository (a local bare repository is the remote): the owner
 * sees each variant's figures with the original's text; „Gewinner übernehmen“ writes the variant's text into
 * the page's content file and „Beenden“ keeps the original, each a commit in the owners' name; editors see none
 * of it.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { BUILT_EXPERIMENTS_FILE } from "../../common/experiments/variant-pages";
import { databaseTargets, type TestDatabase } from "../test-support/databases";
import { git, loginByLink, seedContentRemote } from "../test-support/content-remote";
import { createSiteFixture, type SiteFixture } from "../test-support/site-fixture";
import { buildTestApp, postJson, type TestApp } from "../test-support/test-app";

const OWNER = "inhaber@urkraft-test.de";
const EDITOR = "anna.schmidt@urkraft-test.de";
const ORIGIN = { origin: "http://localhost" };
const WINNER = "Mehr Kraft im Alltag – mit ein paar Minuten am Tag";
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

const experiment = (id: string, page: string, field: string, variants: string[]) => ({
  id,
  page,
  field,
  variants,
  share: 100,
  start: isoDay(-2),
  end: isoDay(10),
  status: "läuft",
});

for (const target of databaseTargets()) {
  describe(`owner area „Experimente“ on ${target.driver}`, { skip: target.skip }, () => {
    let database: TestDatabase;
    let test: TestApp;
    let site: SiteFixture;
    let dir: string;
    let remote: string;
    const cookies: Record<string, string> = {};
    const experiments = [
      experiment("startseite-titel", "/", "hero.title", [WINNER]),
      experiment("rezepte-aufruf", "/gesunde-rezepte", "cta.title", ["Koch heute etwas Neues"]),
    ];

    before(async () => {
      dir = mkdtempSync(path.join(os.tmpdir(), "urkraft-experimente-test-"));
      let other: string;
      ({ remote, other } = seedContentRemote(dir));
      writeFileSync(
        path.join(other, "content", "experiments.json"),
        `${JSON.stringify({ $schema: "./schemas/experiments.schema.json", experiments }, null, 2)}\n`,
      );
      git(other, "commit", "--quiet", "-am", "Zwei Experimente");
      git(other, "push", "--quiet", "origin", "main");
      site = await createSiteFixture();
      writeFileSync(path.join(site.dir, BUILT_EXPERIMENTS_FILE), JSON.stringify({ experiments }));
      database = await target.create();
      test = await buildTestApp(
        database,
        {
          OWNER_EMAILS: OWNER,
          EDITOR_EMAILS: EDITOR,
          MAIL_WORKER: "false",
          CONTENT_GIT_REMOTE: remote,
          DATA_DIR: path.join(dir, "data"),
        },
        site.dir,
      );
      for (const who of [OWNER, EDITOR]) cookies[who] = await loginByLink(test, database, who);
      await database.db.query(`INSERT INTO experiment_counts (day, experiment, variant, views, leads, contacts) VALUES
        (current_date, 'startseite-titel', 'A', 400, 20, 1), (current_date, 'startseite-titel', 'B', 410, 31, 0)`);
    });
    after(async () => {
      await test?.close();
      await database?.drop();
      await site?.remove();
      rmSync(dir, { recursive: true, force: true });
    });

    const get = (url: string, who = OWNER) =>
      test.app.inject({ method: "GET", url, headers: { accept: "application/json", cookie: cookies[who]! } });
    const post = (url: string, body: unknown, who = OWNER) => postJson(test.app, url, body, { ...ORIGIN, cookie: cookies[who]! });

    it("shows each variant's figures beside the original's text, with the warning while it is early", async () => {
      const response = await get("/api/verwaltung/experimente");
      assert.equal(response.statusCode, 200, response.body);
      const [first] = response.json().experiments;
      assert.equal(first.id, "startseite-titel");
      assert.equal(first.original, "Natürliche Energie für Männer, die mitten im Leben stehen");
      // The owner reads the page and the text by their names, and the days as German dates.
      assert.equal(first.pageTitle, "Startseite");
      assert.equal(first.fieldName, "Kopfbereich › Titel");
      assert.match(first.note, /^läuft seit \d{1,2}\. [A-ZÄÖÜ][a-zä]+ \d{4}, bis \d{1,2}\. [A-ZÄÖÜ][a-zä]+ \d{4}$/);
      assert.deepEqual(
        first.results.map((result: { variant: string; views: number; leads: number }) => [
          result.variant,
          result.views,
          result.leads,
        ]),
        [
          ["A", 400, 20],
          ["B", 410, 31],
        ],
      );
      assert.match(first.warning, /^Noch zu früh für eine Entscheidung/);
      assert.equal((await get("/api/verwaltung/experimente", EDITOR)).statusCode, 403);
      assert.equal((await post("/api/verwaltung/experimente/startseite-titel/beenden", {}, EDITOR)).statusCode, 403);
    });

    it("„Gewinner übernehmen“ writes the variant's text into the page as the owners' commit", async () => {
      const response = await post("/api/verwaltung/experimente/startseite-titel/uebernehmen", { variant: "B" });
      assert.equal(response.statusCode, 200, response.body);
      assert.match(response.json().message, /Variante B übernommen/);
      const home = JSON.parse(git(remote, "show", "main:content/pages/home.json"));
      assert.equal(home.hero.title, WINNER);
      const list = JSON.parse(git(remote, "show", "main:content/experiments.json"));
      assert.deepEqual(
        list.experiments.map((entry: { status: string }) => entry.status),
        ["übernommen", "läuft"],
      );
      assert.match(git(remote, "log", "-1", "--format=%an"), /Verwaltung$/);
      // Only the changed field: the rest of the file keeps its form.
      assert.match(git(remote, "diff", "--numstat", "HEAD~1", "HEAD", "--", "content/pages/home.json"), /^1\s+1\s/);

      const again = await post("/api/verwaltung/experimente/startseite-titel/uebernehmen", { variant: "B" });
      assert.equal(again.statusCode, 409);
      assert.match(again.json().error, /schon abgeschlossen/);
      assert.equal((await post("/api/verwaltung/experimente/rezepte-aufruf/uebernehmen", { variant: "C" })).statusCode, 422);
      assert.equal((await post("/api/verwaltung/experimente/gibt-es-nicht/beenden", {})).statusCode, 404);
    });

    it("„Beenden“ keeps the original and says so, and waits while „Inhalte“ works the same clone", async () => {
      const before = git(remote, "show", "main:content/pages/gesunde-rezepte.json");
      // „Inhalte“ holds the clone (a publish in progress): the ending waits for it instead of working beside it.
      let release!: () => void;
      const held = test.app.contentTree.exclusive(() => new Promise<void>((resolve) => (release = resolve)));
      let settled = false;
      const ending = post("/api/verwaltung/experimente/rezepte-aufruf/beenden", {}).finally(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(settled, false, "the ending waits for the clone");
      release();
      await held;
      const response = await ending;
      assert.equal(response.statusCode, 200, response.body);
      assert.match(response.json().message, /beendet: \/gesunde-rezepte zeigt wieder das Original/);
      assert.equal(git(remote, "show", "main:content/pages/gesunde-rezepte.json"), before);
      const list = JSON.parse(git(remote, "show", "main:content/experiments.json"));
      assert.deepEqual(
        list.experiments.map((entry: { status: string }) => entry.status),
        ["übernommen", "beendet"],
      );
    });
  });
}
