/**
 * The PGlite socket the server offers to local tools: owner-only, cleaned up, and a client's statements
 * never mix with the server's own (transactions, rollbacks, session settings).
 */
import assert from "node:assert/strict";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import pg from "pg";
import { openDb, type Db } from ".";
import { socketPath } from "./local-socket";
import { openSocketDb } from "./socket-client";
import { seedPgliteDataDir } from "../test-support/databases";

const insertLead =
  "INSERT INTO leads (email, name, form_page, consent_text_version, privacy_version) VALUES ($1, 'A', '/', 'v', 'p')";

async function emails(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ email: string }>("SELECT email FROM leads ORDER BY email");
  return rows.map((row) => row.email);
}

function client(dataDir: string): pg.Client {
  const connection = new pg.Client({ host: dataDir, port: 5432, user: "postgres", database: "postgres" });
  connection.on("error", () => {});
  return connection;
}

describe("PGlite socket for local tools", () => {
  let dataDir: string;
  let server: Db;
  const errors: unknown[] = [];

  before(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "urkraft-socket-"));
    // What a process killed with SIGKILL leaves behind: a socket file nobody listens on.
    await writeFile(socketPath(dataDir), "");
    await seedPgliteDataDir(dataDir);
    server = await openDb({ databaseUrl: undefined, dataDir }, { serveLocally: (error) => errors.push(error) });
  });
  after(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("replaces a stale socket file and is readable and writable by the owner only", async () => {
    const info = await stat(socketPath(dataDir));
    assert.ok(info.isSocket());
    assert.equal(info.mode & 0o777, 0o600);
  });

  it("keeps a client's rolled-back transaction apart from a server insert made meanwhile", async () => {
    await server.query("DELETE FROM leads");
    const connection = client(dataDir);
    await connection.connect();
    await connection.query("BEGIN");
    await connection.query(insertLead, ["client-rolled-back@beispiel.de"]);
    // The server's insert waits for the client instead of landing inside its transaction.
    const serverInsert = server.query(insertLead, ["server@beispiel.de"]);
    await connection.query("ROLLBACK");
    await connection.end();
    await serverInsert;
    assert.deepEqual(await emails(server), ["server@beispiel.de"]);
  });

  it("never runs a client statement inside a server transaction", async () => {
    await server.query("DELETE FROM leads");
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedOnce = new Promise<void>((resolve) => (inserted = resolve));
    const failing = server
      .transaction(async (tx) => {
        await tx.query(insertLead, ["server-uncommitted@beispiel.de"]);
        inserted();
        await paused;
        throw new Error("abgebrochen");
      })
      .catch((error: Error) => error.message);
    await insertedOnce;
    const connection = client(dataDir);
    const seen = connection
      .connect()
      .then(() => connection.query(insertLead, ["client@beispiel.de"]))
      .then(() => connection.query<{ email: string }>("SELECT email FROM leads ORDER BY email"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    assert.equal(await failing, "abgebrochen");
    const { rows } = await seen;
    await connection.end();
    assert.deepEqual(
      rows.map((row) => row.email),
      ["client@beispiel.de"],
      "the client neither saw the uncommitted row nor lost its own insert to the server's rollback",
    );
    assert.deepEqual(await emails(server), ["client@beispiel.de"]);
  });

  it("resets what a client changed in its session once it disconnects, also when it drops mid-transaction", async () => {
    const connection = client(dataDir);
    await connection.connect();
    await connection.query("SET search_path = ''");
    await connection.query("BEGIN");
    await connection.query("DELETE FROM public.leads");
    // Gone without COMMIT or Terminate, as a killed process would be.
    (connection as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual(await emails(server), ["client@beispiel.de"], "the open transaction was rolled back");
    const { rows } = await server.query<{ search_path: string }>("SHOW search_path");
    assert.equal(rows[0]!.search_path, "public");
  });

  it("serves a second client while the first stays connected, and an erase while the server stores leads", async () => {
    await server.query("DELETE FROM leads");
    await server.query(insertLead, ["weg@beispiel.de"]);
    const tool = await openSocketDb(dataDir);
    // Form posts arriving while the tool works: each its own transaction, as submitLead does.
    const posts = Array.from({ length: 20 }, (_, i) =>
      server.transaction(async (tx) => {
        await tx.query(insertLead, [`post-${i}@beispiel.de`]);
        await tx.query("SELECT pg_sleep(0.005)");
      }),
    );
    const erased = await tool.transaction(async (tx) => {
      const { rows } = await tx.query("DELETE FROM leads WHERE email = $1 RETURNING id", ["weg@beispiel.de"]);
      return rows.length;
    });
    // Connected while `tool` still is: the database is lent in turns, one statement or transaction each.
    const other = await openSocketDb(dataDir);
    const { rows } = await other.query("SELECT 1 FROM leads WHERE email = 'weg@beispiel.de'");
    await other.close();
    await tool.close();
    await Promise.all(posts);
    assert.equal(erased, 1);
    assert.equal(rows.length, 0);
    const stored = await emails(server);
    assert.equal(stored.length, 20);
    assert.ok(!stored.includes("weg@beispiel.de"));
    assert.deepEqual(errors, []);
  });

  it("removes the socket file when the database closes", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "urkraft-socket-"));
    await seedPgliteDataDir(dir);
    const db = await openDb({ databaseUrl: undefined, dataDir: dir }, { serveLocally: () => {} });
    await stat(socketPath(dir));
    await db.close();
    await assert.rejects(stat(socketPath(dir)), { code: "ENOENT" });
    await rm(dir, { recursive: true, force: true });
  });
});
