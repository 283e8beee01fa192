/** What every storage driver offers. PGlite and PostgreSQL speak the same SQL, so callers never branch on the driver. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly driver: "pglite" | "postgres";
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Writes a plain SQL dump (schema, rows, migrations table) to `file`, readable by its owner only; `psql -f` restores it. */
  backupTo(file: string): Promise<void>;
  close(): Promise<void>;
  /** Bytes free where the database keeps its files, when it keeps them on this machine (PGlite). */
  freeBytes?(): Promise<number>;
}
