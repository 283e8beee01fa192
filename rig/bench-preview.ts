/**
 * `npm run bench:preview`: how long „Vorschau“ in „Inhalte“ makes an editor wait, from the click (the API
 * call the screen makes) to the preview ready, through the real app on PGlite with an editor's session.
 * Cold: each run in a build folder of its own, empty (Gatsby's cache and the pictures made anew). Warm: one
 * build folder for all runs, after one preview that fills it, each run a different change (another text,
 * another editor, another file), as editors click in turn, PREVIEW_BENCH_PAUSE_MS (10 s) after the one before
 * (looking at the preview, changing the text), in which the server starts the next build ahead as it does.
 * Prints each run in seconds with its phases, and the medians. PREVIEW_BENCH_RUNS (3) runs each;
 * PREVIEW_BENCH_ONLY=warm or cold skips the other; PREVIEW_WARMUP=false measures builds without a Gatsby started
 * ahead. Runs Gatsby: run it under the machine's build lock.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { buildApp, loggerOptions } from "../server/app";
import { stopPreviewStandbys } from "../server/release/build-preview";
import { loadConfig } from "../server/config";
import { openDb } from "../server/db";
import { createSession } from "../server/services/owner-sessions";

const EDITORS = ["bench.eins@urkraft.de", "bench.zwei@urkraft.de"];
const RUNS = Number(process.env.PREVIEW_BENCH_RUNS ?? 3);
const ONLY = process.env.PREVIEW_BENCH_ONLY;
const PAUSE_MS = Number(process.env.PREVIEW_BENCH_PAUSE_MS ?? 10_000);
const PROJECT = path.resolve(__dirname, "..");

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "urkraft-bench-vorschau-"));
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
    EDITOR_EMAILS: EDITORS.join(","),
    CONTENT_GIT_REMOTE: remote,
    PREVIEWS_DIR: path.join(dir, "previews"),
    MAIL_WORKER: "false",
    BUILD_ON_START: "false",
    LOG_LEVEL: "warn",
    VISIT_STATS: "false",
    PREVIEW_WARMUP: process.env.PREVIEW_WARMUP ?? "true",
  });
  const db = await openDb({ databaseUrl: undefined, dataDir: config.dataDir });
  // The app's log lines on the preview's phases (content.ts), printed after each run.
  const phases: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) {
        const entry = JSON.parse(line) as { msg?: string; phases?: string };
        if (entry.msg === "content preview built" && entry.phases) phases.push(entry.phases);
      }
      done();
    },
  });
  const app = await buildApp({ config, db, logger: loggerOptions("info", stream) });
  try {
    const sessions = await Promise.all(EDITORS.map((editor) => db.transaction((tx) => createSession(tx, editor, "link"))));
    const call = async (editor: number, method: "GET" | "POST", url: string, body?: unknown) => {
      const headers = {
        cookie: `__Host-urkraft-verwaltung=${sessions[editor]}`,
        origin: "http://localhost",
        "content-type": "application/json",
      };
      const started = performance.now();
      const response = await app.inject({ method, url, headers, ...(body ? { payload: JSON.stringify(body) } : {}) });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return { ms: performance.now() - started, body: response.json() };
    };
    const open = async (file: string) =>
      (await call(0, "GET", `/api/verwaltung/inhalte/datei?pfad=${encodeURIComponent(file)}`)).body.data as Record<
        string,
        unknown
      >;
    const testimonials = (await open("testimonials.json")) as unknown as { text: string }[];
    const site = await open("site.json");
    // Run n: a change as an editor makes it (texts differ each time), by turns another editor and file.
    const preview = async (run: number, label: string) => {
      const editor = run % EDITORS.length;
      let body: unknown;
      if (run % 3 === 2) body = { file: "site.json", data: { ...site, description: `${String(site.description)} ${label}` } };
      else {
        const data = structuredClone(testimonials);
        data[0]!.text = `Vorschau ${label}: seit ich morgens barfuß gehe, bin ich wacher.`;
        body = { file: "testimonials.json", data };
      }
      const { ms, body: answer } = await call(editor, "POST", "/api/verwaltung/inhalte/vorschau", body);
      console.log(`  ${label}: ${seconds(ms)} s  (${phases.at(-1)}; ${(answer as { pages: string[] }).pages.length} Seiten)`);
      return ms;
    };

    const figures: string[] = [];
    if (ONLY !== "warm") {
      console.log("Vorschau, kalt (leerer Build-Ordner je Lauf):");
      const cold: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        process.env.PREVIEW_BUILD_DIR = path.join(dir, `kalt-${run}`);
        cold.push(await preview(run, `kalt ${run + 1}`));
        await stopPreviewStandbys();
        rmSync(process.env.PREVIEW_BUILD_DIR, { recursive: true, force: true });
      }
      figures.push(`kalt ${seconds(median(cold))} s (${cold.map(seconds).join(", ")})`);
    }
    if (ONLY !== "cold") {
      process.env.PREVIEW_BUILD_DIR = path.join(dir, "warm");
      console.log("Vorschau, warm (ein Build-Ordner, nach einer ersten Vorschau):");
      await preview(0, "füllt den Cache");
      const warm: number[] = [];
      for (let run = 1; run <= RUNS; run += 1) {
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
        warm.push(await preview(run, `warm ${run}`));
      }
      figures.push(`warm ${seconds(median(warm))} s (${warm.map(seconds).join(", ")})`);
    }
    console.log(`Vorschau, Klick bis fertig (Median): ${figures.join("; ")}`);
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
