/**
 * The two storage drivers for tests: PGlite in a fresh temporary folder, and PostgreSQL on 127.0.0.1:5432
 * in a database of its own that is dropped afterwards. PostgreSQL is skipped, with a note, when it cannot
 * be reached, except under CI=true, where it must run.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export interface TestDatabase {
  name: "pglite" | "postgres";
  /** Environment for loadConfig: DATA_DIR, and DATABASE_URL for PostgreSQL. */
  env: Record<string, string>;
  dataDir: string;
  drop(): Promise<void>;
}

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export async function pgliteDatabase(): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "urkraft-mail-"));
  return {
    name: "pglite",
    env: { DATA_DIR: dataDir },
    dataDir,
    drop: () => rm(dataDir, { recursive: true, force: true }),
  };
}

/** A new database named after the test file, or a reason why PostgreSQL is not available. */
export async function postgresDatabase(label: string): Promise<TestDatabase | string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2_000 });
  try {
    await admin.connect();
  } catch (error) {
    const reason = `PostgreSQL unter ${ADMIN_URL} nicht erreichbar (${(error as Error).message})`;
    if (process.env.CI === "true") throw new Error(`${reason}; unter CI=true ist das ein Fehler`);
    return reason;
  }
  const database = `urkraft_${label}_${process.pid}_${Date.now().toString(36)}`.toLowerCase().replace(/[^a-z0-9_]/g, "_");
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "urkraft-mail-pg-"));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  return {
    name: "postgres",
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    dataDir,
    async drop() {
      const cleanup = new pg.Client({ connectionString: ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await cleanup.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
