/**
 * The floor a form post is measured against: single-row INSERT commits, each its own statement (and so its
 * own transaction), sent by `connections` callers at once through the project's own storage module, so
 * the same driver and the same pool settings as the server (PGlite in a directory of its own, or the
 * PostgreSQL database the server will use, before it starts).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDb } from "../../server/db";

export interface RawInsertFigures {
  connections: number;
  inserts: number;
  insertsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

const TABLE = "bench_raw_inserts";

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! * 100) / 100;
}

export async function measureRawInserts(
  databaseUrl: string | undefined,
  connectionCounts: readonly number[],
  durationS: number,
): Promise<RawInsertFigures[]> {
  const dataDir = databaseUrl ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), "urkraft-bench-raw-"));
  const db = await openDb({ databaseUrl, dataDir: dataDir ?? "" }, { migrate: false });
  try {
    await db.exec(`CREATE TABLE ${TABLE} (id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, email text NOT NULL,
                   created_at timestamptz NOT NULL DEFAULT now())`);
    const results: RawInsertFigures[] = [];
    for (const connections of connectionCounts) {
      const latencies: number[] = [];
      const deadline = performance.now() + durationS * 1000;
      let counter = 0;
      const caller = async () => {
        while (performance.now() < deadline) {
          const started = performance.now();
          await db.query(`INSERT INTO ${TABLE} (email) VALUES ($1)`, [`raw-${++counter}@example.org`]);
          latencies.push(performance.now() - started);
        }
      };
      const started = performance.now();
      await Promise.all(Array.from({ length: connections }, caller));
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      results.push({
        connections,
        inserts: latencies.length,
        insertsPerSecond: Math.round(latencies.length / seconds),
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
      });
    }
    return results;
  } finally {
    await db.exec(`DROP TABLE IF EXISTS ${TABLE}`).catch(() => undefined);
    await db.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
