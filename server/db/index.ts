/** The one entry to storage: PostgreSQL when DATABASE_URL is set, PGlite under DATA_DIR otherwise; migrated on open. */
import type { Config } from "../config";
import { migrate } from "./migrate";
import { openPglite } from "./pglite";
import { openPostgres } from "./postgres";
import type { Db } from "./types";

export type { Db, Queryable } from "./types";

export interface OpenDbOptions {
  /** Run the migrations on open (default). */
  migrate?: boolean;
  onIdleError?: (error: Error) => void;
}

export async function openDb(config: Pick<Config, "databaseUrl" | "dataDir">, options: OpenDbOptions = {}): Promise<Db> {
  const db = config.databaseUrl
    ? await openPostgres(config.databaseUrl, { onIdleError: options.onIdleError })
    : await openPglite(config.dataDir);
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
