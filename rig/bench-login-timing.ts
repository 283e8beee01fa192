/**
 * Does asking for a login link take longer for an owner's address than for any other? The real server
 * listens on BENCH_PORT (default 9310) with a fresh database (PGlite in a temporary folder, or a database
 * of its own on DATABASE_URL's PostgreSQL) and 100 owner addresses; the script asks for a link 100 times
 * for owners and 100 times for other addresses, alternating, over HTTP with keep-alive, one request at a
 * time, each followed by a request on the same connection (GET /api/health), and prints mean, median and 95th
 * percentile of the answers and of the requests after them, and their differences. The server runs in a
 * process of its own (this script with `server`), so its work after an answer never delays the client.
 *
 *   npx tsx rig/bench-login-timing.ts            # PGlite
 *   DATABASE_URL=postgres://… npx tsx rig/bench-login-timing.ts
 */
import { spawn } from "node:child_process";
import http from "node:http";
import { fileURLToPath } from "node:url";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { openDb } from "../server/db";
import { createTempDatabase } from "./bench/postgres";

const COUNT = Number(process.env.BENCH_REQUESTS ?? 100);
const WARM_UP = 20;
const PORT = Number(process.env.BENCH_PORT ?? 9310);

const owners = Array.from({ length: COUNT + WARM_UP }, (_, i) => `inhaber${i}@urkraft.de`);
const strangers = Array.from({ length: COUNT + WARM_UP }, (_, i) => `fremd${i}@beispiel.de`);

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** Milliseconds until the whole answer is in; on the one kept-alive connection. */
function timed(path: string, method: "GET" | "POST", body?: string, expect = 200): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const request = http.request(
      {
        host: "127.0.0.1",
        port: PORT,
        path,
        method,
        agent,
        headers: {
          ...(body ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) } : {}),
          origin: `http://127.0.0.1:${PORT}`,
          accept: "application/json",
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => {
          if (response.statusCode !== expect) reject(new Error(`${method} ${path}: ${response.statusCode}`));
          else resolve(Number(process.hrtime.bigint() - started) / 1e6);
        });
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const requestLink = (email: string) => timed("/api/verwaltung/anmeldelink", "POST", JSON.stringify({ email }), 202);
/** The request the same client sends right after, on the same connection: it would meet work done for the one before. */
const nextRequest = () => timed("/api/health", "GET");

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    mean: times.reduce((sum, time) => sum + time, 0) / times.length,
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
  };
};

function serverConfig(database: { url?: string; dataDir?: string }) {
  return loadConfig({
    ...(database.url ? { DATABASE_URL: database.url } : { DATA_DIR: database.dataDir! }),
    OWNER_EMAILS: owners.join(","),
    OWNER_LOGIN_LIMIT: "100000",
    MAIL_WORKER: "false",
    BUILD_ON_START: "false",
    LOG_LEVEL: "warn",
    PORT: String(PORT),
  });
}

/** The child: the real app on PORT until SIGTERM, then it finishes the queued link requests and exits. */
async function serve(): Promise<void> {
  const config = serverConfig({ url: process.env.TIMING_DATABASE_URL, dataDir: process.env.TIMING_DATA_DIR });
  const db = await openDb(config);
  const app = await buildApp({ config, db, logger: false });
  await app.listen({ port: PORT, host: "127.0.0.1" });
  process.stdout.write("bereit\n");
  process.once("SIGTERM", () => {
    void app
      .close()
      .then(() => db.close())
      .then(() => process.exit(0));
  });
}

async function main(): Promise<void> {
  const temp = process.env.DATABASE_URL ? await createTempDatabase(process.env.DATABASE_URL) : undefined;
  const dataDir = temp ? undefined : await mkdtemp(path.join(os.tmpdir(), "urkraft-login-timing-"));
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), "server"], {
    env: { ...process.env, TIMING_DATABASE_URL: temp?.url ?? "", TIMING_DATA_DIR: dataDir ?? "" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("bereit") && resolve());
      child.once("exit", (code) => reject(new Error(`Server beendet mit ${code}`)));
    });
    for (let i = 0; i < WARM_UP; i++) {
      await requestLink(owners[COUNT + i]!);
      await requestLink(strangers[COUNT + i]!);
    }
    const times = { owner: [] as number[], stranger: [] as number[] };
    const next = { owner: [] as number[], stranger: [] as number[] };
    for (let i = 0; i < COUNT; i++) {
      // Alternating, and which goes first alternates too, so drift and after-effects fall on both alike.
      const pair: ["owner" | "stranger", string][] = [
        ["owner", owners[i]!],
        ["stranger", strangers[i]!],
      ];
      if (i % 2 === 1) pair.reverse();
      for (const [kind, email] of pair) {
        times[kind].push(await requestLink(email));
        next[kind].push(await nextRequest());
      }
    }
    agent.destroy();
    child.kill("SIGTERM");
    await exited;
    const db = await openDb(serverConfig({ url: temp?.url, dataDir }));
    const queued = await db.query<{ n: number }>("SELECT count(*)::integer AS n FROM mail_outbox WHERE kind = 'owner-login'");
    await db.close();
    const owner = summary(times.owner);
    const stranger = summary(times.stranger);
    const row = (label: string, s: { mean: number; median: number; p95: number }) =>
      `${label.padEnd(26)} ${s.mean.toFixed(2).padStart(8)} ${s.median.toFixed(2).padStart(8)} ${s.p95.toFixed(2).padStart(8)}`;
    console.log(`Anmeldelink anfordern, ${COUNT} Anfragen je Art, ${temp ? "PostgreSQL" : "PGlite"} (ms):`);
    console.log(`${"".padEnd(26)} ${"Mittel".padStart(8)} ${"Median".padStart(8)} ${"p95".padStart(8)}`);
    console.log(row("Adresse eines Inhabers", owner));
    console.log(row("andere Adresse", stranger));
    console.log(
      row("Unterschied", {
        mean: owner.mean - stranger.mean,
        median: owner.median - stranger.median,
        p95: owner.p95 - stranger.p95,
      }),
    );
    const ownerNext = summary(next.owner);
    const strangerNext = summary(next.stranger);
    console.log(row("danach, nach Inhaber", ownerNext));
    console.log(row("danach, nach anderer", strangerNext));
    console.log(
      row("Unterschied danach", {
        mean: ownerNext.mean - strangerNext.mean,
        median: ownerNext.median - strangerNext.median,
        p95: ownerNext.p95 - strangerNext.p95,
      }),
    );
    console.log(`Anmelde-Mails in der Warteschlange: ${queued.rows[0]!.n} (erwartet ${COUNT + WARM_UP})`);
  } finally {
    child.kill("SIGTERM");
    await exited;
    if (temp) await temp.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

(process.argv[2] === "server" ? serve() : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
