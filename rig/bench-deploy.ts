/**
 * `npm run bench:deploy`: deploys this checkout twice while visitors view pages and send sign-ups, and prints
 * for each deploy the failed requests (must be 0), the slowest answer from the switch on, and the time from
 * the start of `npm run deploy` until the change is live:
 *   1. a content change (a testimonial's text): the running server switches its files;
 *   2. a code change (the server bundle differs): a new process takes the port over.
 * Four visitors each view a page and send a sign-up, then pause BENCH_PAUSE_MS (default 50 ms; 0 for as fast as
 * the server answers, which leaves Gatsby less of the two cores).
 * The releases go to a temporary folder (BENCH_RELEASES_DIR to keep them). The changed files
 * (content/testimonials.json, server/index.ts) are written back as they were at the start: do not edit them
 * while the bench runs.
 * With DATABASE_URL the server uses PostgreSQL, else a temporary PGlite (no code change then, unless
 * BENCH_PGLITE_HANDOVER=1: see docs/production.md). Runs Gatsby three times: run it under the machine's build lock where there is one.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { findFreePort } from "./server-load/server-process";
import { deploy } from "../server/release/deploy";
import { startReleaseServer, stopReleaseServers } from "../server/test-support/release-server";
import { startTraffic } from "../server/test-support/traffic";

const projectDir = path.resolve(__dirname, "..");
const root = mkdtempSync(path.join(os.tmpdir(), "urkraft-bench-deploy-"));
const releasesDir = process.env.BENCH_RELEASES_DIR ?? path.join(root, "releases");
const page = "/bewegung-alltag";
const testimonials = path.join(projectDir, "content", "testimonials.json");
const serverEntry = path.join(projectDir, "server", "index.ts");
const originals = new Map([testimonials, serverEntry].map((file) => [file, readFileSync(file, "utf8")]));

function changeTestimonial(marker: string): void {
  const text = originals.get(testimonials)!.replace("Ich hätte nicht gedacht", `Ich hätte nicht gedacht (${marker})`);
  if (text === originals.get(testimonials)) throw new Error("Testimonial-Text für die Messung nicht gefunden");
  writeFileSync(testimonials, text);
}

async function measure(label: string, baseUrl: string, marker: string) {
  const traffic = startTraffic(baseUrl, { pagePath: page, pauseMs: Number(process.env.BENCH_PAUSE_MS ?? 50) });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const started = Date.now();
  let switchedAt = 0;
  let phases = "";
  await deploy({
    projectDir,
    releasesDir,
    log: (line) => {
      if (line.includes("ist live")) {
        switchedAt = Date.now();
        phases = /\((.*)\)/.exec(line)?.[1] ?? "";
        traffic.mark();
      }
    },
  });
  const liveAt = await traffic.waitFor(page, marker);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const stats = await traffic.stop();
  console.log(
    [
      `${label}:`,
      `  Anfragen ${stats.requests} (davon ${stats.leadsAccepted} Anmeldungen angenommen), fehlgeschlagen: ${stats.failed}`,
      ...stats.failures.map((failure) => `    ${failure}`),
      `  langsamste Antwort ab der Umschaltung: ${stats.slowestSinceMarkMs.toFixed(0)} ms (insgesamt ${stats.slowestMs.toFixed(0)} ms)`,
      `  live nach ${((liveAt - started) / 1000).toFixed(1)} s (Build und Release ${((switchedAt - started) / 1000).toFixed(1)} s, Umschalten ${((liveAt - switchedAt) / 1000).toFixed(1)} s)`,
      `  Phasen: ${phases}`,
    ].join("\n"),
  );
  return stats.failed;
}

async function main(): Promise<void> {
  mkdirSync(releasesDir, { recursive: true });
  symlinkSync(path.join(projectDir, "node_modules"), path.join(root, "node_modules"));
  const stamp = Date.now().toString(36);
  console.log(`Erstes Release nach ${releasesDir} …`);
  const first = Date.now();
  await deploy({ projectDir, releasesDir, log: () => undefined });
  console.log(`  erstes Release nach ${((Date.now() - first) / 1000).toFixed(1)} s`);

  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await findFreePort();
  let failed = 0;
  let server: Awaited<ReturnType<typeof startReleaseServer>> | undefined;
  try {
    server = await startReleaseServer({
      releasesDir,
      cwd: projectDir,
      port,
      env: { DATA_DIR: path.join(root, "data"), RATE_LIMIT_MAX: "1000000" },
    });
    const baseUrl = server.origin;
    changeTestimonial(`Inhalt ${stamp}`);
    failed += await measure("Inhaltsänderung (Testimonial)", baseUrl, `Inhalt ${stamp}`);
    if (process.env.DATABASE_URL || process.env.BENCH_PGLITE_HANDOVER === "1") {
      changeTestimonial(`Code ${stamp}`);
      writeFileSync(serverEntry, `${originals.get(serverEntry)}\n/*! bench:deploy ${stamp} */\n`);
      failed += await measure("Codeänderung (neuer Serverprozess)", baseUrl, `Code ${stamp}`);
    } else {
      console.log("Codeänderung: übersprungen (nur mit DATABASE_URL oder BENCH_PGLITE_HANDOVER=1 gemessen)");
    }
  } finally {
    // The server's warnings and errors (it logs at "warn"), from both processes of a handover.
    if (server?.output().trim()) console.log(`Ausgabe des Servers:\n${server.output().trim()}`);
    for (const [file, text] of originals) writeFileSync(file, text);
    // After a handover the server is another process: stop whichever serves the releases.
    await stopReleaseServers(releasesDir);
    if (!process.env.BENCH_RELEASES_DIR) rmSync(root, { recursive: true, force: true });
  }
  if (failed > 0) process.exit(1);
}

main().catch((error: unknown) => {
  for (const [file, text] of originals) writeFileSync(file, text);
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
