/**
 * The release of a change published through the content repository (CONTENT_GIT_REMOTE), as the workflow that
 * builds it reports it back (POST /api/release-status, signed with RELEASE_STATUS_SECRET following Standard
 * Webhooks), over real HTTP on both databases: an accepted report is the release state the editor reads beside
 * the file („wird gebaut“, „live“ with the address, „fehlgeschlagen“ with a German reason, never the workflow's
 * own words); unsigned, wrongly signed, old, replayed, oversized and malformed reports and reports on commits
 * this server did not push change nothing; scripts/report-release.ts, spawned as the workflow runs it, signs
 * so that the server takes its report, and without the secret sends nothing.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { promisify } from "node:util";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { API_PATHS } from "../../common/routes";
import { databaseTargets, type TestDatabase } from "../test-support/databases";
import { buildTestApp, postJson, type TestApp } from "../test-support/test-app";
import { loginByLink, seedContentRemote } from "../test-support/content-remote";
import { RELEASE_STATUS_MESSAGES } from "./release-status";

const EDITOR = "redaktion@urkraft-test.de";
const OWNER = "inhaberin@urkraft-test.de";
const ORIGIN = { origin: "http://localhost" };
const SECRET = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
const OTHER_SECRET = `whsec_${Buffer.alloc(32, 8).toString("base64")}`;
const PROJECT = path.resolve(__dirname, "../..");
const run = promisify(execFile);

interface Signed {
  body: string;
  headers: Record<string, string>;
}

/** A report signed as the workflow signs it; `at` and `secret` make it old or wrongly signed. */
function signed(report: unknown, options: { secret?: string; at?: Date; id?: string } = {}): Signed {
  const body = typeof report === "string" ? report : JSON.stringify(report);
  const id = options.id ?? `msg_${randomUUID()}`;
  const at = options.at ?? new Date();
  return {
    body,
    headers: {
      "content-type": "application/json",
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": new Webhook(options.secret ?? SECRET).sign(id, at, body),
    },
  };
}

for (const target of databaseTargets()) {
  describe(`the workflow's release reports on ${target.driver}`, { skip: target.skip }, () => {
    let database: TestDatabase;
    let test: TestApp;
    let dir: string;
    let origin: string;
    let cookie: string;
    let seedCommit: string;

    before(async () => {
      dir = mkdtempSync(path.join(os.tmpdir(), "urkraft-release-status-"));
      const seeded = seedContentRemote(dir);
      seedCommit = seeded.seedCommit;
      database = await target.create();
      test = await buildTestApp(database, {
        OWNER_EMAILS: OWNER,
        EDITOR_EMAILS: EDITOR,
        MAIL_WORKER: "false",
        OWNER_LOGIN_LIMIT: "1000",
        CONTENT_GIT_REMOTE: seeded.remote,
        RELEASE_STATUS_SECRET: SECRET,
        DATA_DIR: path.join(dir, "data"),
      });
      await test.app.listen({ port: 0, host: "127.0.0.1" });
      origin = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
      cookie = await loginByLink(test, database, EDITOR);
    });
    after(async () => {
      await test?.close();
      await database?.drop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    const send = (report: Signed) =>
      fetch(`${origin}${API_PATHS.releaseStatus}`, { method: "POST", headers: report.headers, body: report.body });
    const release = async () => {
      const response = await fetch(`${origin}/api/verwaltung/inhalte/datei?pfad=faq.json`, {
        headers: { accept: "application/json", cookie },
      });
      assert.equal(response.status, 200);
      return ((await response.json()) as { release?: { state: string; reason: string | null; url?: string } }).release;
    };
    const publish = async (answer: string): Promise<string> => {
      const opened = await test.app.inject({
        method: "GET",
        url: "/api/verwaltung/inhalte/datei?pfad=faq.json",
        headers: { accept: "application/json", cookie },
      });
      const { data, baseCommit } = opened.json();
      data[0].answer = answer;
      await postJson(test.app, "/api/verwaltung/inhalte/entwurf", { file: "faq.json", data, baseCommit }, { ...ORIGIN, cookie });
      const published = await postJson(
        test.app,
        "/api/verwaltung/inhalte/veroeffentlichen",
        { file: "faq.json", message: answer },
        { ...ORIGIN, cookie },
      );
      assert.equal(published.statusCode, 200, published.body);
      assert.equal(published.json().publishing.to, "remote");
      return published.json().commit as string;
    };

    it("shows a signed report on a pushed commit to the editor: being built, live with its address, failed in German", async () => {
      const commit = await publish("Die erste Antwort.");
      assert.equal(await release(), undefined, "nothing is known before the workflow reports");

      const building = await send(signed({ commit, state: "building" }));
      assert.equal(building.status, 200, await building.clone().text());
      assert.equal((await release())?.state, "wird gebaut");

      assert.equal((await send(signed({ commit, state: "live", url: "https://www.urkraft.de/faq/" }))).status, 200);
      const live = await release();
      assert.equal(live?.state, "live");
      assert.equal(live?.url, "https://www.urkraft.de/faq/");

      const next = await publish("Die zweite Antwort.");
      assert.equal(await release(), undefined);
      await send(signed({ commit: next, state: "building" }));
      const failed = await send(signed({ commit: next, state: "failed", reason: "content-check" }));
      assert.equal(failed.status, 200);
      const shown = await release();
      assert.equal(shown?.state, "fehlgeschlagen");
      assert.match(shown!.reason!, /^Die Inhaltsprüfung hat einen Fehler gefunden/);
      assert.match(shown!.reason!, /Die Website zeigt weiter die vorige Fassung/);
      assert.equal(shown?.url, undefined);

      // The workflow's own words (an English log line) never reach the editor.
      await send(signed({ commit: next, state: "failed", reason: "npm ERR! code ELIFECYCLE: gatsby build exited 1" }));
      const general = await release();
      assert.match(general!.reason!, /^Die neue Fassung ging nicht live\. Die Website zeigt weiter die vorige Fassung/);
      assert.doesNotMatch(general!.reason!, /npm|ELIFECYCLE|gatsby/);
      const { rows } = await database.db.query<{ state: string }>("SELECT state FROM content_releases WHERE commit_hash = $1", [
        commit,
      ]);
      assert.equal(rows[0]?.state, "live", "the earlier release stays live");
    });

    it("refuses unsigned, wrongly signed, old, replayed, oversized and malformed reports and unknown commits", async () => {
      const commit = await publish("Die dritte Antwort.");
      const refused = async (report: Signed, status: number, message: string) => {
        const response = await send(report);
        assert.equal(response.status, status, `${message}: ${await response.clone().text()}`);
        assert.deepEqual(await response.json(), { error: message });
      };
      const { unsigned, replayed, invalid, unknownCommit, tooLarge } = RELEASE_STATUS_MESSAGES;
      const report = { commit, state: "live" };

      const bare = signed(report);
      await refused({ body: bare.body, headers: { "content-type": "application/json" } }, 401, unsigned);
      await refused(signed(report, { secret: OTHER_SECRET }), 401, unsigned);
      await refused({ ...signed(report), body: JSON.stringify({ commit, state: "failed" }) }, 401, unsigned);
      await refused(signed(report, { at: new Date(Date.now() - 10 * 60_000) }), 401, unsigned);
      await refused(signed(report, { at: new Date(Date.now() + 10 * 60_000) }), 401, unsigned);
      await refused(signed({ commit, state: "done" }), 400, invalid);
      await refused(signed({ commit: "HEAD", state: "live" }), 400, invalid);
      await refused(signed({ ...report, url: "javascript:alert(1)" }), 400, invalid);
      await refused(signed({ ...report, log: "x" }), 400, invalid);
      await refused(signed({ ...report, reason: "x".repeat(3000) }), 413, tooLarge);
      await refused(signed({ commit: seedCommit, state: "live" }), 422, unknownCommit);
      await refused(signed({ commit: "0".repeat(40), state: "live" }), 422, unknownCommit);
      assert.equal(await release(), undefined, "no refused report changed anything");

      const building = signed({ commit, state: "building" });
      assert.equal((await send(building)).status, 200);
      await send(signed({ commit, state: "failed", reason: "release" }));
      await refused(building, 409, replayed);
      assert.equal((await release())?.state, "fehlgeschlagen", "the replayed report did not set it back");
    });

    it("takes the report of scripts/report-release.ts as the workflow runs it, and sends nothing without the secret", async () => {
      const commit = await publish("Die vierte Antwort.");
      const script = (args: string[], env: Record<string, string | undefined>) =>
        run(process.execPath, ["--import", "tsx", path.join(PROJECT, "scripts/report-release.ts"), ...args], {
          cwd: PROJECT,
          env: { ...process.env, RELEASE_STATUS_SECRET: SECRET, RELEASE_STATUS_ORIGIN: origin, GITHUB_SHA: commit, ...env },
        }).then(
          ({ stdout }) => ({ code: 0, output: stdout }),
          (error: { code: number; stdout: string; stderr: string }) => ({
            code: error.code,
            output: error.stdout + error.stderr,
          }),
        );

      const quiet = await script(["building"], { RELEASE_STATUS_SECRET: "" });
      assert.deepEqual(quiet, { code: 0, output: "RELEASE_STATUS_SECRET ist nicht gesetzt: keine Meldung an den Server.\n" });
      assert.equal(await release(), undefined);

      assert.equal((await script(["building"], {})).code, 0);
      assert.equal((await release())?.state, "wird gebaut");
      const wrong = await script(["live"], { RELEASE_STATUS_SECRET: OTHER_SECRET });
      assert.equal(wrong.code, 1);
      assert.match(wrong.output, /nicht angenommen: 401/);
      assert.equal((await release())?.state, "wird gebaut");

      const live = await script(["live", "--url", "https://www.urkraft.de/"], {});
      assert.deepEqual(live, { code: 0, output: `Gemeldet: ${commit.slice(0, 7)} live.\n` });
      assert.equal((await release())?.url, "https://www.urkraft.de/");

      const outside = await script(["failed", "--reason", "release"], { GITHUB_SHA: seedCommit });
      assert.equal(outside.code, 0, "a commit made in the repository itself is a note, not an error");
      assert.match(outside.output, /Nicht über „Inhalte“ veröffentlicht/);
    });
  });
}
