/**
 * `npm run bench:publish`: from „Veröffentlichen“ in „Inhalte“ to the change served by the live site, on a
 * server that deploys itself (no CONTENT_GIT_REMOTE): the server commits in its own checkout, runs
 * `npm run deploy`, and the live release's server switches to the new files. Works in a copy of this
 * project as a git repository of its own (a first release builds it, filling Gatsby's cache as a live
 * server's is), with the production server of that release as a child process. Each run changes a
 * testimonial, publishes it (the API call the screen makes) and asks the pages that show it until one does.
 * Prints each run in seconds. PUBLISH_BENCH_RUNS (3). Runs Gatsby: run it under the machine's build lock.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDb } from "../server/db";
import { deploy } from "../server/release/deploy";
import { LOCK_FILE } from "../server/release/lock";
import { createSession } from "../server/services/owner-sessions";
import { startReleaseServer, stopReleaseServers } from "../server/test-support/release-server";
import { findFreePort } from "./server-load/server-process";
import { copyProjectFiles } from "../server/test-support/project-copy";

const EDITOR = "bench.redaktion@urkraft.de";
const RUNS = Number(process.env.PUBLISH_BENCH_RUNS ?? 3);
const repoDir = path.resolve(__dirname, "..");
const root = mkdtempSync(path.join(os.tmpdir(), "urkraft-bench-publish-"));
const projectDir = path.join(root, "project");
const releasesDir = path.join(root, "releases");
const dataDir = path.join(root, "data");

const seconds = (ms: number) => (ms / 1000).toFixed(1);

function copyProject(): void {
  copyProjectFiles(repoDir, projectDir);
  // The releases' server bundles find their packages here, above the releases folder.
  symlinkSync(path.join(repoDir, "node_modules"), path.join(root, "node_modules"));
  const git = (...args: string[]) => execFileSync("git", args, { cwd: projectDir, stdio: "ignore" });
  git("init", "-q", "-b", "main");
  git("-c", "user.name=Bench", "-c", "user.email=bench@x.de", "add", "-A");
  git("-c", "user.name=Bench", "-c", "user.email=bench@x.de", "commit", "-q", "-m", "Stand");
}

async function main(): Promise<void> {
  copyProject();
  console.log("Erstes Release (füllt Gatsbys Cache) …");
  const first = Date.now();
  await deploy({ projectDir, releasesDir, log: () => undefined });
  console.log(`  fertig nach ${seconds(Date.now() - first)} s`);
  const db = await openDb({ databaseUrl: undefined, dataDir });
  const session = await db.transaction((tx) => createSession(tx, EDITOR, "link"));
  await db.close();

  const server = await startReleaseServer({
    releasesDir,
    cwd: projectDir,
    port: await findFreePort(),
    env: { DATA_DIR: dataDir, DATABASE_URL: "", SITE_URL: "", EDITOR_EMAILS: EDITOR, PREVIEW_WARMUP: "false", LOG_LEVEL: "info" },
  });
  const call = async (method: "GET" | "POST", url: string, body?: unknown) => {
    const response = await fetch(`${server.origin}${url}`, {
      method,
      headers: {
        cookie: `__Host-urkraft-verwaltung=${session}`,
        origin: server.origin,
        "content-type": "application/json",
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const figures: number[] = [];
  try {
    for (let run = 1; run <= RUNS; run += 1) {
      const opened = await call("GET", "/api/verwaltung/inhalte/datei?pfad=principles.json");
      const data = opened.data as { description: string }[];
      const marker = `Messlauf ${Date.now().toString(36)}`;
      data[0]!.description = `${data[0]!.description.replace(/ \(Messlauf \w+\)$/, "")} (${marker})`;
      await call("POST", "/api/verwaltung/inhalte/entwurf", { file: "principles.json", data, baseCommit: opened.baseCommit });
      const pages = opened.pages as string[];
      const started = Date.now();
      await call("POST", "/api/verwaltung/inhalte/veroeffentlichen", { file: "principles.json", message: `Lauf ${run}` });
      const answered = Date.now() - started;
      for (;;) {
        const shown = await Promise.all(
          pages.map(async (page) => (await (await fetch(`${server.origin}${page}`)).text()).includes(marker)),
        );
        if (shown.includes(true)) break;
        if (Date.now() - started > 300_000) throw new Error(`nach 5 Minuten nicht live:\n${server.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      figures.push(Date.now() - started);
      console.log(`  Lauf ${run}: Antwort nach ${seconds(answered)} s, live nach ${seconds(Date.now() - started)} s`);
      // The deploy's own end (its lock) before the next publish.
      while (existsSync(path.join(releasesDir, LOCK_FILE))) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const sorted = [...figures].sort((a, b) => a - b);
    console.log(
      `Veröffentlichen bis live (Median): ${seconds(sorted[Math.floor(sorted.length / 2)]!)} s (${figures.map(seconds).join(", ")})`,
    );
  } finally {
    await stopReleaseServers(releasesDir);
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
