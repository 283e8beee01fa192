/**
 * GET /api/health answers by a write: 503 on a read-only database and on a full disk (a real, small
 * tmpfs as DATA_DIR where the machine lets us mount one), 200 again once writes go through.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, rmdirSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import pg from "pg";
import { openDb } from "../db";
import { databaseTargets, POSTGRES_ADMIN_URL, seedPgliteDataDir, type TestDatabase } from "../test-support/databases";
import { buildTestApp, type TestApp } from "../test-support/test-app";

async function health(app: TestApp): Promise<{ status: number; body: { ok: boolean; error?: string } }> {
  const response = await app.app.inject({ method: "GET", url: "/api/health" });
  return { status: response.statusCode, body: response.json() };
}

for (const target of databaseTargets()) {
  describe(`GET /api/health (${target.driver})`, { skip: target.skip }, () => {
    it("answers 503 while the database is read-only, 200 once it takes writes again", async () => {
      const own = await target.create();
      const app = await buildTestApp(own);
      try {
        assert.deepEqual(await health(app), { status: 200, body: { ok: true } });

        await setReadOnly(own, true);
        const down = await health(app);
        assert.equal(down.status, 503);
        assert.equal(down.body.ok, false);
        assert.match(down.body.error ?? "", /Datenbank kann gerade nichts speichern/);
        assert.ok(
          app.logs.some((line) => line.includes("read-only")),
          "the log says why",
        );
        // A plain read still succeeds: a SELECT 1 would have answered 200 here.
        assert.deepEqual((await own.db.query("SELECT 1 AS one")).rows, [{ one: 1 }]);

        await setReadOnly(own, false);
        assert.deepEqual(await health(app), { status: 200, body: { ok: true } });
        const probe = await own.db.query<{ n: number }>("SELECT count(*)::int AS n FROM health_probe");
        assert.deepEqual(probe.rows, [{ n: 1 }], "the probe rewrites one row, it does not grow");
      } finally {
        await app.close();
        await own.drop();
      }
    });

    // PostgreSQL only: PGlite has no connection that could be lost.
    (target.driver === "postgres" ? it : () => undefined)(
      "survives a connection lost mid-transaction and answers 200 with the next connection",
      async () => {
        const own = await target.create();
        const app = await buildTestApp(own);
        try {
          const outcome = own.db
            .transaction((tx) => tx.query("SELECT pg_sleep(30)"))
            .then(
              () => "committed",
              (error: Error) => error.message,
            );
          await terminate(own, "SELECT pg_sleep%");
          // Without a listener on the checked-out connection, its 'error' event would end the process here.
          assert.match(await outcome, /terminat/);
          assert.deepEqual(await health(app), { status: 200, body: { ok: true } });
        } finally {
          await app.close();
          await own.drop();
        }
      },
    );
  });
}

/** Ends the PostgreSQL sessions of the test database running a query LIKE `query`, once one does. */
async function terminate(database: TestDatabase, query: string): Promise<void> {
  const name = new URL(database.config.databaseUrl!).pathname.slice(1);
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    for (let attempt = 0; attempt < 100; attempt++) {
      const ended = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND query LIKE $2 AND state = 'active'",
        [name, query],
      );
      if (ended.rowCount) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no session running ${query}`);
  } finally {
    await admin.end();
  }
}

/**
 * PGlite has one session: set it there. PostgreSQL: for the whole database, as on a standby, then end its
 * sessions so that the pool's next connections start with the new setting.
 */
async function setReadOnly(database: TestDatabase, on: boolean): Promise<void> {
  if (database.driver === "pglite") {
    await database.db.exec(`SET default_transaction_read_only = ${on ? "on" : "off"}`);
    return;
  }
  const name = new URL(database.config.databaseUrl!).pathname.slice(1);
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(
      `ALTER DATABASE "${name}" ${on ? "SET default_transaction_read_only = on" : "RESET default_transaction_read_only"}`,
    );
    await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", [name]);
  } finally {
    await admin.end();
  }
  // The pool drops the ended connections as it notices; until then a query may fail with "terminated".
  for (let attempt = 0; attempt < 20; attempt++) {
    const setting = await database.db
      .query<{ value: string }>("SELECT current_setting('default_transaction_read_only') AS value")
      .catch(() => undefined);
    if (setting?.rows[0]?.value === (on ? "on" : "off")) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the pool did not pick up the new setting");
}

// A real file system that runs full; mounting needs root (CI and the development machines run as root).
const mountPoint = mkdtempSync(path.join(os.tmpdir(), "urkraft-full-disk-"));
const mounted = tryMount(mountPoint, "64m");

describe("GET /api/health on a full disk (pglite)", { skip: mounted ? false : "kein tmpfs einhängbar (root nötig)" }, () => {
  let database: TestDatabase;
  let app: TestApp;
  const filler = path.join(mountPoint, "filler");

  before(async () => {
    const dataDir = path.join(mountPoint, "data");
    const config = { databaseUrl: undefined, dataDir };
    await seedPgliteDataDir(dataDir);
    database = { driver: "pglite", config, env: { DATA_DIR: dataDir }, db: await openDb(config), drop: async () => {} };
    app = await buildTestApp(database);
  });

  after(async () => {
    await app?.close();
    await database?.db.close();
    execFileSync("umount", [mountPoint]);
    rmdirSync(mountPoint);
  });

  it("answers 503 while the data directory's disk is full, 200 once space is freed", async () => {
    assert.deepEqual(await health(app), { status: 200, body: { ok: true } });

    fillDisk(filler);
    const full = await health(app);
    assert.equal(full.status, 503);
    assert.match(full.body.error ?? "", /Datenbank/);
    // Not a guess: a table cannot grow now, so a submission would fail.
    await assert.rejects(
      database.db.exec("CREATE TABLE grows (t text); INSERT INTO grows SELECT repeat('x', 2000) FROM generate_series(1, 500)"),
      /No space left on device/,
    );

    rmSync(filler);
    assert.deepEqual(await health(app), { status: 200, body: { ok: true } });
  });
});

if (!mounted) rmdirSync(mountPoint);

function tryMount(dir: string, size: string): boolean {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function fillDisk(file: string): void {
  const fd = openSync(file, "w");
  try {
    for (const size of [1 << 20, 4096]) {
      const chunk = Buffer.alloc(size);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
}
