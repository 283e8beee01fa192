/**
 * `npm run leads` beside the real server on PGlite: the CLI, a separate process, reaches the running
 * server's database through its socket; `backup` writes a dump that psql restores into PostgreSQL, and a
 * server started there shows every row unchanged. Without a server the CLI opens the directory itself.
 */
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { findFreePort, startServer, stopServer, type ServerProcess } from "../../rig/server-load/server-process";
import { openDb, type Db } from "../db";
import { socketPath } from "../db/local-socket";
import { openSocketDb } from "../db/socket-client";
import { createPostgresDatabaseUrl, postgresSkipReason, seedPgliteDataDir } from "../test-support/databases";
import { createSiteFixture, type SiteFixture } from "../test-support/site-fixture";
import { entryArgs } from "../test-support/entry-points";

const PROJECT_DIR = path.resolve(__dirname, "..", "..");
const TABLES = ["schema_migrations", "leads", "lead_consents", "lead_tokens", "contact_requests", "mail_outbox"];

interface CliRun {
  code: number | null;
  output: string;
  ms: number;
}

function cli(env: Record<string, string | undefined>, ...argv: string[]): Promise<CliRun> {
  const started = performance.now();
  const child = spawn(process.execPath, [...entryArgs("cli"), ...argv], {
    cwd: PROJECT_DIR,
    env: { ...process.env, DATABASE_URL: undefined, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, output, ms: performance.now() - started })));
}

async function post(server: ServerProcess, route: string, body: Record<string, string>): Promise<number> {
  const response = await fetch(`${server.url}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ website: "", ...body }),
  });
  await response.text();
  return response.status;
}

/** Every row of the compared tables as JSON text, times in UTC, in a stable order. */
async function snapshot(db: Db): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.query("SET LOCAL TimeZone = 'UTC'");
    const tables: Record<string, string[]> = {};
    for (const table of TABLES) {
      const { rows } = await tx.query<{ row: string }>(`SELECT to_jsonb(t)::text AS row FROM ${table} t ORDER BY 1`);
      tables[table] = rows.map((row) => row.row);
    }
    return tables;
  });
}

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("leads CLI beside the running server on PGlite", () => {
  let site: SiteFixture;
  let dataDir: string;
  let env: Record<string, string>;
  let server: ServerProcess;
  let port: number;

  before(async () => {
    site = await createSiteFixture();
    dataDir = await mkdtemp(path.join(os.tmpdir(), "urkraft-beside-"));
    await seedPgliteDataDir(dataDir);
    env = { DATA_DIR: dataDir, PUBLIC_DIR: site.dir, RATE_LIMIT_MAX: "100000" };
    port = await findFreePort();
    server = await startServer(port, env);
  });
  after(async () => {
    if (server) await stopServer(server);
    await site?.remove();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("offers its database on an owner-only socket in DATA_DIR", async () => {
    const info = await stat(socketPath(dataDir));
    assert.ok(info.isSocket());
    assert.equal(info.mode & 0o777, 0o600);
  });

  it("lists a lead submitted a moment before, from a separate process", async () => {
    assert.equal(await post(server, "/api/leads", { name: "Jürgen Groß", email: "juergen@beispiel.de" }), 202);
    const submitted = performance.now();
    const run = await cli({ DATA_DIR: dataDir }, "list");
    assert.equal(run.code, 0, run.output);
    assert.match(run.output, /unbestätigt .*juergen@beispiel\.de +Jürgen Groß/);
    assert.ok(performance.now() - submitted < 10_000);
    console.log(`# list over the socket: ${Math.round(run.ms)} ms for the whole CLI process`);
  });

  it("erases a person while form posts keep arriving, losing none of them", async () => {
    assert.equal(await post(server, "/api/leads", { name: "Weg", email: "weg@beispiel.de" }), 202);
    assert.equal(
      await post(server, "/api/contact", { name: "Weg", email: "weg@beispiel.de", message: "Bitte melde dich." }),
      202,
    );
    const posts = Array.from({ length: 25 }, (_, i) =>
      post(server, "/api/leads", { name: `Besucher ${i}`, email: `besucher-${i}@beispiel.de` }),
    );
    const erase = await cli({ DATA_DIR: dataDir }, "erase", "weg@beispiel.de");
    assert.deepEqual(await Promise.all(posts), Array(25).fill(202));
    assert.equal(erase.code, 0, erase.output);
    assert.match(erase.output, /Gelöscht: 1 Lead\(s\), 1 Kontaktanfrage\(n\), [1-9]\d* E-Mail\(s\) im Postausgang\./);

    const shown = await cli({ DATA_DIR: dataDir }, "show", "weg@beispiel.de");
    assert.equal(shown.code, 0, shown.output);
    assert.match(shown.output, /"leads": \[\]/);
    assert.match(shown.output, /"mails": \[\]/);
    const listed = await cli({ DATA_DIR: dataDir }, "list");
    assert.match(listed.output, /^Leads \(26\)/m);
    for (let i = 0; i < 25; i += 1) assert.match(listed.output, new RegExp(`besucher-${i}@beispiel\\.de`));
  });

  it("exports CSV and purges with the server running", async () => {
    const outDir = await mkdtemp(path.join(os.tmpdir(), "urkraft-beside-export-"));
    try {
      const exported = await cli({ DATA_DIR: dataDir }, "export", "--csv", "--out", outDir);
      assert.equal(exported.code, 0, exported.output);
      assert.match(exported.output, /26 Leads → /);
      const purged = await cli({ DATA_DIR: dataDir }, "purge");
      assert.equal(purged.code, 0, purged.output);
      assert.match(purged.output, /^Gelöscht: 0 unbestätigte/m);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });

  it(
    "backs up while running; psql restores it into PostgreSQL and a server there shows every row unchanged",
    { skip: postgresSkipReason() || (spawnSync("psql", ["--version"]).status !== 0 && "psql ist nicht installiert") },
    async () => {
      assert.equal(
        await post(server, "/api/contact", { name: "José", email: "jose@beispiel.de", message: "Grüße aus München" }),
        202,
      );
      // Sent mails only, so the PostgreSQL server's outbox worker has nothing left to change. A connection
      // has the database to itself, so each look is a short one of its own, letting the worker send.
      await waitFor(async () => {
        const look = await openSocketDb(dataDir);
        try {
          const { rows } = await look.query<{ n: number }>("SELECT count(*)::int AS n FROM mail_outbox WHERE status = 'pending'");
          return rows[0]!.n === 0;
        } finally {
          await look.close();
        }
      }, "the outbox to be sent");
      const source = await openSocketDb(dataDir);
      const before = await snapshot(source).finally(() => source.close());
      assert.ok(before.leads!.length >= 26 && before.lead_consents!.length >= 26 && before.mail_outbox!.length >= 26);

      const file = path.join(dataDir, "sicherung.sql");
      const backup = await cli({ DATA_DIR: dataDir }, "backup", "--out", file);
      assert.equal(backup.code, 0, backup.output);
      assert.equal((await stat(file)).mode & 0o777, 0o600);
      console.log(`# backup over the socket: ${Math.round(backup.ms)} ms, ${(await stat(file)).size} bytes`);
      assert.equal(await post(server, "/api/leads", { name: "Nach", email: "nach-der-sicherung@beispiel.de" }), 202);

      const target = await createPostgresDatabaseUrl();
      const targetDir = await mkdtemp(path.join(os.tmpdir(), "urkraft-beside-pg-"));
      let pgServer: ServerProcess | undefined;
      try {
        const restore = spawnSync("psql", [target.url, "-v", "ON_ERROR_STOP=1", "-1", "-q", "-f", file], { encoding: "utf8" });
        assert.equal(restore.status, 0, restore.stderr);
        pgServer = await startServer(await findFreePort(), {
          ...env,
          DATA_DIR: targetDir,
          DATABASE_URL: target.url,
        });
        const restored = await openDb({ databaseUrl: target.url, dataDir: targetDir }, { migrate: false });
        try {
          assert.deepEqual(await snapshot(restored), before, "rows and the migrations table are as they were");
        } finally {
          await restored.close();
        }
        const listed = await cli({ DATA_DIR: targetDir, DATABASE_URL: target.url }, "list");
        assert.match(listed.output, /juergen@beispiel\.de +Jürgen Groß/);
        assert.doesNotMatch(listed.output, /nach-der-sicherung/);
        assert.equal(await post(pgServer, "/api/leads", { name: "Neu", email: "neu@beispiel.de" }), 202, "ids continue");
      } finally {
        if (pgServer) await stopServer(pgServer);
        await target.drop();
        await rm(targetDir, { recursive: true, force: true });
      }
    },
  );

  it("removes the socket on shutdown; then the CLI opens the directory itself", async () => {
    await stopServer(server);
    await assert.rejects(stat(socketPath(dataDir)), { code: "ENOENT" });
    const run = await cli({ DATA_DIR: dataDir }, "list");
    assert.equal(run.code, 0, run.output);
    assert.match(run.output, /juergen@beispiel\.de/);
    await assert.rejects(stat(path.join(dataDir, "pglite.lock")), { code: "ENOENT" }, "the CLI released the directory");
  });

  it("after a server was killed, the CLI opens the directory and a new server replaces the stale socket", async () => {
    server = await startServer(port, env);
    await stopServer(server, "SIGKILL");
    assert.ok((await stat(socketPath(dataDir))).isSocket(), "a killed server leaves its socket behind");
    const direct = await cli({ DATA_DIR: dataDir }, "list");
    assert.equal(direct.code, 0, direct.output);
    assert.match(direct.output, /juergen@beispiel\.de/);

    server = await startServer(port, env);
    assert.equal(await post(server, "/api/leads", { name: "Wieder da", email: "wieder@beispiel.de" }), 202);
    const through = await cli({ DATA_DIR: dataDir }, "list");
    assert.equal(through.code, 0, through.output);
    assert.match(through.output, /wieder@beispiel\.de/);
  });
});
