/**
 * PGlite: PostgreSQL compiled to WebAssembly, storing its files under DATA_DIR. One process at a time may
 * open a data directory (two would corrupt it), so a lock file with the owner's process id guards it.
 * The server lends the open database to local tools over a Unix socket (see local-socket.ts).
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, readFile, rm, statfs, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { startLocalSocket, type LocalSocket } from "./local-socket";
import { AlarmingNodeFS } from "./pglite-alarms";
import { keepPrivate, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "./private-files";
import { resetSession } from "./socket-sessions";
import { dumpWithPgliteTools, writePrivately } from "./sql-dump";
import type { Db, Queryable } from "./types";

/**
 * PGlite keeps PostgreSQL's shared memory inside its WebAssembly heap, so PostgreSQL's defaults (128 MB of
 * shared buffers) stay resident for the life of the process. This site's tables are a few megabytes; the
 * values below cut the server's resident memory by about 100 MB (measured with `npm run bench`).
 */
const MEMORY_SETTINGS = ["-c", "shared_buffers=16MB", "-c", "wal_buffers=1MB", "-c", "work_mem=2MB"];

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
  await mkdir(directory, { recursive: true, mode: PRIVATE_DIR_MODE });
  const lockFile = lockFilePath(dataDir);
  await takeLock(lockFile);
  let pglite: PGlite;
  try {
    const options = { startParams: [...PGlite.defaultStartParams, ...MEMORY_SETTINGS] };
    if (!existsSync(path.join(directory, "PG_VERSION"))) {
      await createCluster(directory, options.startParams);
      await keepPrivate(directory);
    }
    pglite = await PGlite.create({ ...options, fs: new AlarmingNodeFS(directory) });
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
    async freeBytes() {
      const info = await statfs(directory);
      return info.bavail * info.bsize;
    },
  };
}

/**
 * Creating the cluster (initdb) grows PGlite's WebAssembly heap to about 400 MB, and a process's resident
 * memory, once grown, is its high-water mark for good. A short-lived child process creates it and exits; the
 * server then opens the existing directory, which needs a fraction of that (measured with `npm run bench`).
 */
async function createCluster(directory: string, startParams: string[]): Promise<void> {
  const code = `import { PGlite } from "@electric-sql/pglite";
    const db = await PGlite.create(process.argv[1], { startParams: JSON.parse(process.argv[2]) });
    await db.close();`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", code, directory, JSON.stringify(startParams)], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-2000);
  });
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (exitCode !== 0)
    throw new Error(`Die Datenbank in ${directory} ließ sich nicht anlegen (Code ${exitCode}): ${errors.trim()}`);
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
  await writeFile(lockFile, String(process.pid), { mode: PRIVATE_FILE_MODE });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  return !isZombie(pid);
}

/**
 * A process that has ended but whose parent has not reaped it still answers signal 0. A server started by a
 * handover has no parent of its own left; killed, it can stay such a zombie, and it holds nothing any more.
 */
function isZombie(pid: number): boolean {
  try {
    return /\) Z /.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}
