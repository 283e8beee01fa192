/**
 * The crash test: the real server receives a stream of lead submissions, is killed with SIGKILL in the
 * middle of it, and restarted on the same database. Every submission that was answered with 202 must
 * then be stored exactly once: an acknowledgement is only ever sent after the commit.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { openDb } from "../../server/db";
import { createSiteFixture } from "../../server/test-support/site-fixture";
import { findFreePort, startServer, stopServer } from "./server-process";

export interface CrashTestOptions {
  /** PostgreSQL connection string; without it PGlite in a temporary directory. */
  databaseUrl?: string;
  /** How long submissions stream in before the kill. */
  loadMs: number;
  /** Submissions in flight at once. */
  concurrency: number;
  port?: number;
  log?: (line: string) => void;
}

export interface CrashTestResult {
  /** Submissions sent, answered or not. */
  sent: number;
  /** Submissions answered with 202 before the kill. */
  accepted: number;
  /** Accepted submissions found in the database after the restart (each exactly once). */
  storedAccepted: number;
  /** Accepted but not stored: must be empty. */
  missing: string[];
  /** Stored more than once: must be empty. */
  duplicates: string[];
  /** In flight when the server died: stored without an answer (allowed, the visitor may retry). */
  storedWithoutAnswer: number;
}

export async function runCrashTest(options: CrashTestOptions): Promise<CrashTestResult> {
  const log = options.log ?? (() => undefined);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "urkraft-crash-"));
  const site = await createSiteFixture();
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl,
    PUBLIC_DIR: site.dir,
    RATE_LIMIT_MAX: "100000000",
  };
  const run = `${Date.now().toString(36)}${process.pid}`;
  try {
    const port = options.port ?? (await findFreePort());
    log(`Server startet auf Port ${port} (${options.databaseUrl ? "PostgreSQL" : "PGlite"}) …`);
    const server = await startServer(port, env);

    const accepted = new Set<string>();
    let sent = 0;
    let stop = false;
    const worker = async (lane: number) => {
      for (let i = 0; !stop; i += 1) {
        const email = `crash-${run}-${lane}-${i}@beispiel.de`;
        sent += 1;
        try {
          const response = await fetch(`${server.url}/api/leads`, {
            method: "POST",
            headers: { "content-type": "application/json", origin: server.url },
            body: JSON.stringify({ name: `Last ${lane}-${i}`, email, website: "" }),
          });
          if (response.status === 202) accepted.add(email);
          else if (response.status !== 503) throw new Error(`Unerwartete Antwort ${response.status}: ${await response.text()}`);
        } catch (error) {
          if (!stop) throw error;
        }
      }
    };
    const workers = Array.from({ length: options.concurrency }, (_, lane) => worker(lane));
    await new Promise((resolve) => setTimeout(resolve, options.loadMs));
    stop = true;
    server.child.kill("SIGKILL");
    await server.exited;
    await Promise.all(workers);
    log(`SIGKILL nach ${options.loadMs} ms: ${sent} gesendet, ${accepted.size} mit 202 bestätigt.`);

    const restarted = await startServer(port, env);
    log("Neustart auf derselben Datenbank erfolgreich.");
    await stopServer(restarted);

    const db = await openDb({ databaseUrl: options.databaseUrl, dataDir });
    try {
      const { rows } = await db.query<{ email: string; n: number }>(
        "SELECT lower(email) AS email, count(*)::int AS n FROM leads WHERE email LIKE $1 GROUP BY lower(email)",
        [`crash-${run}-%`],
      );
      const stored = new Map(rows.map((row) => [row.email, row.n]));
      const missing = [...accepted].filter((email) => !stored.has(email));
      const duplicates = rows.filter((row) => row.n > 1).map((row) => row.email);
      const storedAccepted = [...accepted].filter((email) => stored.get(email) === 1).length;
      return {
        sent,
        accepted: accepted.size,
        storedAccepted,
        missing,
        duplicates,
        storedWithoutAnswer: rows.filter((row) => !accepted.has(row.email)).length,
      };
    } finally {
      await db.close();
    }
  } finally {
    await site.remove();
    await rm(dataDir, { recursive: true, force: true });
  }
}
