/**
 * Measures `POST /api/leads` on the real server (child process) with autocannon: accepted submissions
 * per second and latency percentiles, each request a new address so every one is stored.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { createSiteFixture } from "../../server/test-support/site-fixture";
import { findFreePort, startServer, stopServer } from "./server-process";

export interface BenchOptions {
  databaseUrl?: string;
  durationSeconds: number;
  connections: number;
}

export interface BenchResult {
  driver: "PGlite" | "PostgreSQL";
  acceptedPerSecond: number;
  accepted: number;
  otherAnswers: number;
  errors: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
}

export async function runBench(options: BenchOptions): Promise<BenchResult> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "urkraft-bench-"));
  const site = await createSiteFixture();
  const port = await findFreePort(9170);
  const server = await startServer(port, {
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl,
    PUBLIC_DIR: site.dir,
    RATE_LIMIT_MAX: "100000000",
  });
  try {
    const run = Date.now().toString(36);
    let sequence = 0;
    const result = await autocannon({
      url: `${server.url}/api/leads`,
      connections: options.connections,
      duration: options.durationSeconds,
      requests: [
        {
          method: "POST",
          headers: { "content-type": "application/json", origin: server.url },
          setupRequest: (request) => {
            sequence += 1;
            return {
              ...request,
              body: JSON.stringify({ name: "Max Mustermann", email: `bench-${run}-${sequence}@beispiel.de`, website: "" }),
            };
          },
        },
      ],
    });
    const accepted = result["2xx"];
    return {
      driver: options.databaseUrl ? "PostgreSQL" : "PGlite",
      acceptedPerSecond: Math.round(accepted / options.durationSeconds),
      accepted,
      otherAnswers: result.non2xx,
      errors: result.errors + result.timeouts,
      latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    };
  } finally {
    await stopServer(server);
    await site.remove();
    await rm(dataDir, { recursive: true, force: true });
  }
}
