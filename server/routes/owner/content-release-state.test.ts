/**
 * On a server that deploys itself (no CONTENT_GIT_REMOTE), the editor learns what became of a published
 * change: „wird gebaut“ while the deploy runs, then „live“ or „fehlgeschlagen“ with a German reason, and
 * a later release that went live counts the earlier change as live too. The project is a git repository of
 * its own in a temporary folder (the server commits there); CONTENT_DEPLOY_COMMAND stands for the deploy,
 * whose own build and switch the release tests cover (e2e/deploy-live.spec.ts, server/release/).
 */
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { createPgliteDatabase, type TestDatabase } from "../../test-support/databases";
import { buildTestApp, postJson, type TestApp } from "../../test-support/test-app";
import { git, loginByLink } from "../../test-support/content-remote";

const EDITOR = "redaktion@urkraft-test.de";
const OWNER = "inhaberin@urkraft-test.de";
const ORIGIN = { origin: "http://localhost" };
const PROJECT = path.resolve(__dirname, "../../..");

describe("the release state of a change on a server that deploys itself", () => {
  let database: TestDatabase;
  let dir: string;
  let project: string;
  let gate: string;
  const apps: TestApp[] = [];
  const cwd = process.cwd();

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "urkraft-release-state-"));
    project = path.join(dir, "projekt");
    gate = path.join(dir, "weiter");
    cpSync(path.join(PROJECT, "content"), path.join(project, "content"), { recursive: true });
    git(dir, "init", "--quiet", "--initial-branch=main", project);
    git(project, "add", "content");
    git(project, "commit", "--quiet", "-m", "Inhalte");
    database = await createPgliteDatabase();
    // The server's project is the folder it runs in.
    process.chdir(project);
  });
  after(async () => {
    process.chdir(cwd);
    for (const app of apps) await app.close();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function appDeployingWith(command: string) {
    const test = await buildTestApp(database, {
      OWNER_EMAILS: OWNER,
      EDITOR_EMAILS: EDITOR,
      MAIL_WORKER: "false",
      OWNER_LOGIN_LIMIT: "1000",
      DATA_DIR: path.join(dir, `data-${apps.length}`),
      CONTENT_DEPLOY_COMMAND: command,
    });
    apps.push(test);
    const cookie = await loginByLink(test, database, EDITOR);
    const get = async () =>
      (
        await test.app.inject({
          method: "GET",
          url: "/api/verwaltung/inhalte/datei?pfad=faq.json",
          headers: { accept: "application/json", cookie },
        })
      ).json();
    const publish = async (answer: string) => {
      const { data, baseCommit } = await get();
      data[0].answer = answer;
      await postJson(test.app, "/api/verwaltung/inhalte/entwurf", { file: "faq.json", data, baseCommit }, { ...ORIGIN, cookie });
      const published = await postJson(
        test.app,
        "/api/verwaltung/inhalte/veroeffentlichen",
        { file: "faq.json", message: answer },
        { ...ORIGIN, cookie },
      );
      assert.equal(published.statusCode, 200, published.body);
      assert.deepEqual(published.json().publishing, { to: "deploy" });
      return published.json().commit as string;
    };
    return { get, publish };
  }

  it("shows a failed deploy in German, the site unchanged, and a later release that went live as live", async () => {
    const failing = await appDeployingWith(
      `until [ -e ${JSON.stringify(gate)} ]; do sleep 0.05; done; echo "Build der Seite fehlgeschlagen: content/faq.json" >&2; exit 1`,
    );
    const commit = await failing.publish("Erste Antwort.");
    assert.equal(git(project, "rev-parse", "HEAD"), commit, "committed in the project itself");
    assert.equal((await failing.get()).release.state, "wird gebaut");
    writeFileSync(gate, "");
    let release: { state: string; reason: string | null } | undefined;
    for (let tries = 0; tries < 100 && release?.state !== "fehlgeschlagen"; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      release = (await failing.get()).release;
    }
    assert.equal(release?.state, "fehlgeschlagen");
    assert.match(release!.reason!, /^Die neue Fassung ließ sich nicht bauen; die Website zeigt weiter die vorige Fassung/);
    assert.match(release!.reason!, /Meldung: Build der Seite fehlgeschlagen: content\/faq\.json$/);

    const working = await appDeployingWith("git rev-parse --verify HEAD");
    await working.publish("Zweite Antwort.");
    for (let tries = 0; tries < 100 && release?.state !== "live"; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      release = (await working.get()).release;
    }
    assert.equal(release?.state, "live");
    const { rows } = await database.db.query<{ commit_hash: string; state: string }>(
      "SELECT commit_hash, state FROM content_releases WHERE commit_hash = $1",
      [commit],
    );
    assert.equal(rows[0]?.state, "live", "the first change went live with the second release");
  });
});
