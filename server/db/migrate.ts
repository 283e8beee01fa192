/**
 * Numbered SQL migrations (`migrations/NNN_name.sql`), applied in order at start and recorded in
 * `schema_migrations`. An advisory lock makes two instances starting at once on one PostgreSQL database
 * take turns: the second waits, then finds everything applied.
 */
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "./types";

// `__dirname` exists when tsx runs the server as CommonJS; the fallback covers an ES module build.
export const MIGRATIONS_DIR =
  typeof __dirname === "string" ? path.join(__dirname, "migrations") : path.resolve("server/db/migrations");

/** Any fixed number works; it only has to differ from other advisory locks taken on the same database. */
const MIGRATION_LOCK = "727184500";

const FILE_NAME = /^(\d{3})_[a-z0-9_]+\.sql$/;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith(".sql")).sort();
  const seen = new Map<string, string>();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = FILE_NAME.exec(file);
    if (!match) throw new Error(`Migration ${file}: der Name muss wie 001_kurzer_name.sql aussehen`);
    const version = match[1]!;
    const other = seen.get(version);
    if (other) throw new Error(`Migrationen ${other} und ${file} haben dieselbe Nummer ${version}`);
    seen.set(version, file);
    migrations.push({ version, name: file, sql: await readFile(path.join(dir, file), "utf8") });
  }
  return migrations;
}

/** Applies what is missing; returns the names of the migrations applied now. */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = await readMigrations(dir);
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1::bigint)", [MIGRATION_LOCK]);
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version text PRIMARY KEY,
        name text NOT NULL,
        checksum text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    const { rows } = await tx.query<{ version: string }>("SELECT version FROM schema_migrations");
    const applied = new Set(rows.map((row) => row.version));
    const appliedNow: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      try {
        await tx.exec(migration.sql);
      } catch (error) {
        throw new Error(`Migration ${migration.name} ist fehlgeschlagen: ${(error as Error).message}`, { cause: error });
      }
      await tx.query("INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)", [
        migration.version,
        migration.name,
        createHash("sha256").update(migration.sql).digest("hex"),
      ]);
      appliedNow.push(migration.name);
    }
    return appliedNow;
  });
}
