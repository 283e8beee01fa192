/**
 * The PGlite database of a running server, reached over its Unix socket with `pg`. The server lends the
 * database in short turns (a statement or a transaction each, see socket-sessions.ts); this uses exactly one
 * connection and keeps it only as long as the command runs.
 */
import pg from "pg";
import { backupInChunks } from "./socket-backup";
import type { Db, Queryable } from "./types";

export async function openSocketDb(dataDir: string): Promise<Db> {
  let client: pg.Client | undefined;
  // Queries and transactions share the one connection: a transaction's statements must not interleave with others.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const result = queue.then(work);
    queue = result.catch(() => undefined);
    return result;
  };

  const connect = async (): Promise<pg.Client> => {
    if (client) return client;
    const fresh = new pg.Client({ host: dataDir, port: 5432, user: "postgres", database: "postgres" });
    // Without a listener a dropped connection would crash the process; the next query reports it.
    fresh.on("error", () => {
      if (client === fresh) client = undefined;
    });
    await fresh.connect();
    client = fresh;
    return fresh;
  };
  const disconnect = async () => {
    const open = client;
    client = undefined;
    await open?.end();
  };

  const wrap = (run: (sql: string, params?: unknown[]) => Promise<pg.QueryResult>): Queryable => ({
    async query<Row>(sql: string, params?: unknown[]) {
      return { rows: (await run(sql, params)).rows as Row[] };
    },
    async exec(sql: string) {
      await run(sql);
    },
  });
  const direct = async (sql: string, params?: unknown[]) => (await connect()).query(sql, params);

  // Fail now, not on the first command, when the server does not answer.
  await exclusive(connect);

  return {
    driver: "pglite",
    ...wrap((sql, params) => exclusive(() => direct(sql, params))),
    transaction: (work) =>
      exclusive(async () => {
        const connection = await connect();
        await connection.query("BEGIN");
        try {
          const result = await work(wrap(direct));
          await connection.query("COMMIT");
          return result;
        } catch (error) {
          await connection.query("ROLLBACK").catch(() => disconnect());
          throw error;
        }
      }),
    backupTo: (file) =>
      exclusive(async () => {
        // Preparing the private copy takes seconds: the connection would sit silent and be closed by the
        // server meanwhile. The first read after it connects again.
        await disconnect();
        await backupInChunks(wrap(direct), dataDir, file);
      }),
    close: () => exclusive(disconnect),
  };
}
