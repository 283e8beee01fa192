/** The one entry to storage: PostgreSQL when DATABASE_URL is set, PGlite under DATA_DIR otherwise; migrated on open. */
import { access } from "node:fs/promises";
import type { Config } from "../config";
import { socketPath } from "./local-socket";
import { migrate } from "./migrate";
import { lockHolder, openPglite } from "./pglite";
import { openPostgres } from "./postgres";
import { openSocketDb } from "./socket-client";
import type { Db } from "./types";

export type { Db, Queryable } from "./types";

export interface OpenDbOptions {
  /** Run the migrations on open (default). */
  migrate?: boolean;
  onIdleError?: (error: Error) => void;
  /**
   * PGlite only: after migrating, serve the database to local tools on DATA_DIR's socket; errors of
   * that socket (also failing to start it, which leaves the database working without) go here. The
   * server does this, so `npm run leads` works while it runs.
   */
  serveLocally?: (error: unknown) => void;
}

export async function openDb(config: Pick<Config, "databaseUrl" | "dataDir">, options: OpenDbOptions = {}): Promise<Db> {
  if (config.databaseUrl) return prepare(await openPostgres(config.databaseUrl, { onIdleError: options.onIdleError }), options);
  const db = await prepare(await openPglite(config.dataDir), options);
  if (options.serveLocally) await db.serveLocally(options.serveLocally).catch(options.serveLocally);
  return db;
}

async function prepare<T extends Db>(db: T, options: OpenDbOptions): Promise<T> {
  if (options.migrate !== false) {
    try {
      await migrate(db);
    } catch (error) {
      await db.close();
      throw error;
    }
  }
  return db;
}

/** How long a tool waits for a starting server to open its socket. */
const SOCKET_WAIT_MS = 30_000;

/**
 * For tools beside the server (`npm run leads`): PostgreSQL as configured; PGlite through the running
 * server's socket when a server holds the data directory, else the directory itself.
 */
export async function connectDb(config: Pick<Config, "databaseUrl" | "dataDir">): Promise<Db> {
  if (config.databaseUrl) return openDb(config);
  const deadline = Date.now() + SOCKET_WAIT_MS;
  for (;;) {
    const holder = await lockHolder(config.dataDir);
    if (holder === undefined) return openDb(config);
    const socket = socketPath(config.dataDir);
    const listening = await access(socket).then(
      () => true,
      () => false,
    );
    if (listening) {
      try {
        return await openSocketDb(config.dataDir);
      } catch (error) {
        // Still starting, or stopped just now: look again until the deadline.
        if (Date.now() > deadline) throw new Error(socketError(config.dataDir, holder, error), { cause: error });
      }
    } else if (Date.now() > deadline) {
      throw new Error(socketError(config.dataDir, holder));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function socketError(dataDir: string, holder: number, error?: unknown): string {
  const reason = error instanceof Error ? ` (${error.message})` : "";
  return (
    `Die Datenbank in ${dataDir} ist von Prozess ${holder} geöffnet, aber über ${socketPath(dataDir)} nicht erreichbar${reason}. ` +
    "Läuft dort ein älterer Server oder ein anderer Befehl? Warte, bis er fertig ist, oder starte den Server neu."
  );
}
