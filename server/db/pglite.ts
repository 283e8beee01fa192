/**
 * PGlite: PostgreSQL compiled to WebAssembly, storing its files under DATA_DIR. One process at a time may
 * open a data directory (two would corrupt it), so a lock file with the owner's process id guards it.
 * The server lends the open database to local tools over a Unix socket (see local-socket.ts).
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { startLocalSocket, type LocalSocket } from "./local-socket";
import { resetSession } from "./socket-sessions";
import { dumpWithPgliteTools, writePrivately } from "./sql-dump";
import type { Db, Queryable } from "./types";

export interface PgliteDb extends Db {
  readonly driver: "pglite";
  /** Starts serving the database on DATA_DIR's socket (closed again by `close`); returns the socket's path. */
  serveLocally(onError?: (error: unknown) => void): Promise<string>;
}

export function lockFilePath(dataDir: string): string {
  return path.join(dataDir, "pglite.lock");
}

export async function openPglite(dataDir: string): Promise<PgliteDb> {
  const directory = path.join(dataDir, "pglite");
  await mkdir(directory, { recursive: true });
  const lockFile = lockFilePath(dataDir);
  await takeLock(lockFile);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(directory);
  } catch (error) {
    await rm(lockFile, { force: true });
    throw error;
  }

  const wrap = (target: Pick<PGlite, "query" | "exec">): Queryable => ({
    async query<Row>(sql: string, params?: unknown[]) {
      const result = await target.query<Row>(sql, params);
      return { rows: result.rows };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  });

  let socket: LocalSocket | undefined;
  let closed = false;
  return {
    driver: "pglite",
    ...wrap(pglite),
    transaction: (work) => pglite.transaction((tx) => work(wrap(tx))),
    async backupTo(file) {
      // Both of PGlite's locks, so neither the server's queries nor a socket client run meanwhile.
      const sql = await pglite._runExclusiveTransaction(() =>
        pglite.runExclusive(async () => {
          try {
            return await dumpWithPgliteTools(pglite);
          } finally {
            await resetSession(pglite);
          }
        }),
      );
      await writePrivately(file, sql);
    },
    async serveLocally(onError) {
      socket ??= await startLocalSocket(pglite, dataDir, onError);
      return socket.path;
    },
    async close() {
      if (closed) return;
      closed = true;
      await socket?.stop();
      await pglite.close();
      await rm(lockFile, { force: true });
    },
  };
}

/** The id of another live process holding the data directory, if one does. */
export async function lockHolder(dataDir: string): Promise<number | undefined> {
  const owner = await readFile(lockFilePath(dataDir), "utf8").then(
    (text) => Number.parseInt(text, 10),
    () => undefined,
  );
  if (owner === undefined || Number.isNaN(owner) || owner === process.pid || !isRunning(owner)) return undefined;
  return owner;
}

async function takeLock(lockFile: string): Promise<void> {
  const owner = await lockHolder(path.dirname(lockFile));
  if (owner !== undefined) {
    throw new Error(
      `Die Datenbank in ${path.dirname(lockFile)} ist schon von Prozess ${owner} geöffnet (PGlite erlaubt nur einen). ` +
        "Beende ihn zuerst oder nutze PostgreSQL über DATABASE_URL.",
    );
  }
  // A lock left by a killed process is stale: its owner is gone, so the data directory is free.
  await writeFile(lockFile, String(process.pid));
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
