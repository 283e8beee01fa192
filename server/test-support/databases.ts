/**
 * Every integration test runs against both drivers: PGlite in a temporary directory, and PostgreSQL in a
 * database created for the test file and dropped after it. Without a reachable PostgreSQL the PostgreSQL
 * half is skipped with a message; under CI=true it must run, so it fails instead.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDb, type Db } from "../db";

export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export type Driver = Db["driver"];

export interface TestDatabase {
  driver: Driver;
  /** What the server's config needs to open this database (DATABASE_URL / DATA_DIR). */
  config: { databaseUrl: string | undefined; dataDir: string };
  /** Open and migrated. */
  db: Db;
  /** Closes the connection and removes the database with all its files. */
  drop(): Promise<void>;
}

export interface DatabaseTarget {
  driver: Driver;
  /** A reason to skip (for node:test's `skip` option), or false. */
  skip: string | false;
  create(options?: { migrate?: boolean }): Promise<TestDatabase>;
}

let reachable: boolean | undefined;

/** Checked synchronously, because node:test needs the skip decision when the suite is declared. */
export function postgresReachable(): boolean {
  if (reachable !== undefined) return reachable;
  const { hostname, port } = new URL(POSTGRES_ADMIN_URL);
  const probe = `const s=require("net").connect(${Number(port || 5432)},${JSON.stringify(hostname)});
    s.setTimeout(2000);s.on("connect",()=>process.exit(0));s.on("error",()=>process.exit(1));s.on("timeout",()=>process.exit(1));`;
  reachable = spawnSync(process.execPath, ["-e", probe], { timeout: 5000 }).status === 0;
  return reachable;
}

export function postgresSkipReason(): string | false {
  if (postgresReachable() || process.env.CI === "true") return false;
  const { host } = new URL(POSTGRES_ADMIN_URL);
  return `PostgreSQL auf ${host} ist nicht erreichbar: die PostgreSQL-Tests werden übersprungen (unter CI=true schlagen sie fehl)`;
}

export function databaseTargets(): DatabaseTarget[] {
  return [
    { driver: "pglite", skip: false, create: createPgliteDatabase },
    { driver: "postgres", skip: postgresSkipReason(), create: createPostgresDatabase },
  ];
}

export async function createPgliteDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "urkraft-pglite-"));
  const config = { databaseUrl: undefined, dataDir };
  const db = await openDb(config, options);
  return {
    driver: "pglite",
    config,
    db,
    async drop() {
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh, empty PostgreSQL database with a unique name; returns its connection string. */
export async function createPostgresDatabaseUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `urkraft_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

export async function createPostgresDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const created = await createPostgresDatabaseUrl();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "urkraft-pg-"));
  const config = { databaseUrl: created.url, dataDir };
  let db: Db;
  try {
    db = await openDb(config, options);
  } catch (error) {
    await created.drop();
    throw error;
  }
  return {
    driver: "postgres",
    config,
    db,
    async drop() {
      await db.close();
      await created.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
