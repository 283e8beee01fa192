/** The numbered migrations: applied in order, recorded once, rolled back whole on failure, safe to start twice at once. */
import assert from "node:assert/strict";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { openDb } from ".";
import { createPostgresDatabaseUrl, databaseTargets, postgresSkipReason, type TestDatabase } from "../test-support/databases";
import { MIGRATIONS_DIR, migrate, readMigrations } from "./migrate";

async function migrationDir(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "urkraft-migrations-"));
  for (const [name, sql] of Object.entries(files)) await writeFile(path.join(dir, name), sql);
  return dir;
}

describe("reading migration files", () => {
  it("finds the project's migrations in numeric order, starting with 001", async () => {
    const migrations = await readMigrations();
    const files = (await readdir(MIGRATIONS_DIR)).filter((file) => file.endsWith(".sql")).sort();
    assert.deepEqual(
      migrations.map((migration) => migration.name),
      files,
    );
    assert.equal(migrations[0]!.version, "001");
    const versions = migrations.map((migration) => Number(migration.version));
    assert.deepEqual(
      versions,
      [...versions].sort((a, b) => a - b),
    );
  });

  it("refuses a badly named file and two files with one number", async () => {
    const badName = await migrationDir({ "1_leads.sql": "SELECT 1;" });
    const twice = await migrationDir({ "001_a.sql": "SELECT 1;", "001_b.sql": "SELECT 1;" });
    try {
      await assert.rejects(readMigrations(badName), /1_leads\.sql: der Name muss wie 001_kurzer_name\.sql aussehen/);
      await assert.rejects(readMigrations(twice), /001_a\.sql und 001_b\.sql haben dieselbe Nummer 001/);
    } finally {
      await rm(badName, { recursive: true });
      await rm(twice, { recursive: true });
    }
  });
});

for (const target of databaseTargets()) {
  describe(`migrations on ${target.driver}`, { skip: target.skip }, () => {
    let database: TestDatabase;
    before(async () => {
      database = await target.create({ migrate: false });
    });
    after(async () => database?.drop());

    it("applies every migration once, in order, and records it", async () => {
      const applied = await migrate(database.db);
      const expected = (await readMigrations()).map((migration) => migration.name);
      assert.deepEqual(applied, expected);
      const { rows } = await database.db.query<{ version: string; name: string; checksum: string }>(
        "SELECT version, name, checksum FROM schema_migrations ORDER BY version",
      );
      assert.deepEqual(
        rows.map((row) => row.name),
        expected,
      );
      assert.ok(rows.every((row) => /^[0-9a-f]{64}$/.test(row.checksum)));
      for (const table of ["leads", "contact_requests"]) {
        const exists = await database.db.query("SELECT 1 FROM information_schema.tables WHERE table_name = $1", [table]);
        assert.equal(exists.rows.length, 1, table);
      }
      assert.deepEqual(await migrate(database.db), [], "a second start applies nothing");
    });

    it("enforces one lead per address whatever its case", async () => {
      const insert =
        "INSERT INTO leads (email, name, form_page, consent_text_version, privacy_version) VALUES ($1, 'A', '/', 'v', 'p')";
      await database.db.query(insert, ["Einmalig@Beispiel.de"]);
      await assert.rejects(database.db.query(insert, ["einmalig@beispiel.DE"]), /leads_email_key/);
    });

    it("rolls a failing migration back entirely and names the file", async () => {
      const dir = await migrationDir({
        "001_first.sql": "CREATE TABLE first_table (id integer);",
        "002_broken.sql": "CREATE TABLE second_table (id integer); SELECT * FROM no_such_table;",
      });
      try {
        const scratch = await target.create({ migrate: false });
        try {
          await assert.rejects(migrate(scratch.db, dir), /Migration 002_broken\.sql ist fehlgeschlagen/);
          const tables = await scratch.db.query(
            "SELECT table_name FROM information_schema.tables WHERE table_name IN ('first_table', 'second_table', 'schema_migrations')",
          );
          assert.deepEqual(tables.rows, [], "nothing of the failed run remains");
        } finally {
          await scratch.drop();
        }
      } finally {
        await rm(dir, { recursive: true });
      }
    });
  });
}

describe("two instances starting at once on one PostgreSQL database", { skip: postgresSkipReason() }, () => {
  it("both start, and each migration is applied exactly once", async () => {
    const created = await createPostgresDatabaseUrl();
    const config = { databaseUrl: created.url, dataDir: await mkdtemp(path.join(os.tmpdir(), "urkraft-pg-")) };
    try {
      const [first, second, third] = await Promise.all([openDb(config), openDb(config), openDb(config)]);
      const { rows } = await first.query<{ version: string; n: number }>(
        "SELECT version, count(*)::int AS n FROM schema_migrations GROUP BY version ORDER BY version",
      );
      assert.deepEqual(
        rows.map((row) => row.version),
        (await readMigrations()).map((migration) => migration.version),
      );
      assert.ok(rows.every((row) => row.n === 1));
      await Promise.all([first.close(), second.close(), third.close()]);
    } finally {
      await created.drop();
      await rm(config.dataDir, { recursive: true, force: true });
    }
  });
});
