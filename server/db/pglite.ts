/**
 * PGlite: PostgreSQL compiled to WebAssembly, storing its files under DATA_DIR. One process at a time may
 * open a data directory (two would corrupt it), so a lock file with the owner's process id guards it.
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, rm, statfs, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Db, Queryable } from "./types";

/**
 * PGlite keeps PostgreSQL's shared memory inside its WebAssembly heap, so PostgreSQL's defaults (128 MB of
 * shared buffers) stay resident for the life of the process. This site's tables are a few megabytes; the
 * values below cut the server's resident memory by about 100 MB (measured with `npm run bench`).
 */
const MEMORY_SETTINGS = ["-c", "shared_buffers=16MB", "-c", "wal_buffers=1MB", "-c", "work_mem=2MB"];

export async function openPglite(dataDir: string): Promise<Db> {
  const directory = path.join(dataDir, "pglite");
  await mkdir(directory, { recursive: true });
  const lockFile = path.join(dataDir, "pglite.lock");
  await takeLock(lockFile);
  let pglite: PGlite;
  try {
    const fresh = !existsSync(path.join(directory, "PG_VERSION"));
    const options = { startParams: [...PGlite.defaultStartParams, ...MEMORY_SETTINGS] };
    pglite = await PGlite.create(directory, options);
    if (fresh) {
      // Creating the cluster leaves initdb's WebAssembly heap (about 400 MB) referenced for the life of the
      // instance; a second instance on the now existing directory starts without it, the first is freed.
      await pglite.close();
      pglite = await PGlite.create(directory, options);
      // With --expose-gc (npm start) the freed heap goes back to the system now, not at some later collection.
      (globalThis as { gc?: () => void }).gc?.();
    }
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

  let closed = false;
  return {
    driver: "pglite",
    ...wrap(pglite),
    transaction: (work) => pglite.transaction((tx) => work(wrap(tx))),
    async close() {
      if (closed) return;
      closed = true;
      await pglite.close();
      await rm(lockFile, { force: true });
    },
    async freeBytes() {
      const info = await statfs(directory);
      return info.bavail * info.bsize;
    },
  };
}

async function takeLock(lockFile: string): Promise<void> {
  const owner = await readFile(lockFile, "utf8").then(
    (text) => Number.parseInt(text, 10),
    () => undefined,
  );
  if (owner !== undefined && owner !== process.pid && isRunning(owner)) {
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
