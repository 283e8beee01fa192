/**
 * `npm run bench:content`: how long „Inhalte“ makes an editor wait, through the real app (app.inject with
 * an editor's session) on PGlite, with a local bare repository as CONTENT_GIT_REMOTE: the content check
 * while typing, publishing (commit and push), and with CONTENT_BENCH_PREVIEW=1 the preview release
 * (Gatsby build of the edited content; the first fills the build's cache). Prints the figures in seconds.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { openDb } from "../server/db";
import { createSession } from "../server/services/owner-sessions";

const EDITOR = "bench.redaktion@urkraft.de";
const RUNS = Number(process.env.CONTENT_BENCH_RUNS ?? 10);
const PROJECT = path.resolve(__dirname, "..");

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "urkraft-bench-inhalte-"));
  const git = (cwd: string, ...args: string[]) =>
    execFileSync("git", ["-c", "user.name=Bench", "-c", "user.email=bench@x.de", ...args], { cwd, encoding: "utf8" });
  const remote = path.join(dir, "remote.git");
  git(dir, "init", "--quiet", "--bare", "--initial-branch=main", remote);
  const seed = path.join(dir, "seed");
  mkdirSync(seed);
  cpSync(path.join(PROJECT, "content"), path.join(seed, "content"), { recursive: true });
  git(seed, "init", "--quiet", "--initial-branch=main");
  git(seed, "add", "content");
  git(seed, "commit", "--quiet", "-m", "Inhalte");
  git(seed, "push", "--quiet", remote, "main");

  const config = loadConfig({
    DATA_DIR: path.join(dir, "data"),
    EDITOR_EMAILS: EDITOR,
    CONTENT_GIT_REMOTE: remote,
    PREVIEWS_DIR: path.join(dir, "previews"),
    MAIL_WORKER: "false",
    BUILD_ON_START: "false",
    LOG_LEVEL: "warn",
    VISIT_STATS: "false",
  });
  const db = await openDb({ databaseUrl: undefined, dataDir: config.dataDir });
  const app = await buildApp({ config, db, logger: false });
  try {
    const token = await db.transaction((tx) => createSession(tx, EDITOR, "link"));
    const headers = {
      cookie: `__Host-urkraft-verwaltung=${token}`,
      origin: "http://localhost",
      "content-type": "application/json",
    };
    const call = async (method: "GET" | "POST", url: string, body?: unknown) => {
      const started = performance.now();
      const response = await app.inject({ method, url, headers, ...(body ? { payload: JSON.stringify(body) } : {}) });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return { ms: performance.now() - started, body: response.json() };
    };
    const opened = await call("GET", "/api/verwaltung/inhalte/datei?pfad=principles.json");
    const data = opened.body.data as { description: string }[];

    const checks: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      data[0]!.description = `${data[0]!.description.replace(/ Lauf \d+\.$/, "")} Lauf ${run}.`;
      checks.push((await call("POST", "/api/verwaltung/inhalte/pruefen", { file: "principles.json", data })).ms);
    }

    const publishes: number[] = [];
    for (let run = 0; run < Math.min(RUNS, 5); run += 1) {
      const { body } = await call("GET", "/api/verwaltung/inhalte/datei?pfad=principles.json");
      const next = body.data as { description: string }[];
      next[0]!.description = `Veröffentlicht im Lauf ${run}.`;
      await call("POST", "/api/verwaltung/inhalte/entwurf", {
        file: "principles.json",
        data: next,
        baseCommit: body.baseCommit,
      });
      publishes.push(
        (await call("POST", "/api/verwaltung/inhalte/veroeffentlichen", { file: "principles.json", message: `Lauf ${run}` })).ms,
      );
    }

    console.log(`Inhalte, ${RUNS} Läufe (Median):`);
    console.log(`  Prüfen beim Tippen (ganze Inhaltsprüfung):   ${seconds(median(checks))} s`);
    console.log(`  Veröffentlichen (Prüfen, Commit, Push):       ${seconds(median(publishes))} s`);
    if (process.env.CONTENT_BENCH_PREVIEW === "1") {
      for (const label of ["erste (Cache leer)", "zweite", "dritte"]) {
        data[0]!.description = `Vorschau ${label}.`;
        const { ms } = await call("POST", "/api/verwaltung/inhalte/vorschau", { file: "principles.json", data });
        console.log(`  Vorschau, ${label}: ${seconds(ms)} s`);
      }
    }
  } finally {
    await app.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
