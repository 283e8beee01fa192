/** A database of its own on the PostgreSQL server named by DATABASE_URL, so the benchmark never writes into real data. */
import pg from "pg";

export interface TempDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export async function createTempDatabase(databaseUrl: string): Promise<TempDatabase> {
  // BENCH_DATABASE_PREFIX names the databases where several people share one PostgreSQL server.
  const prefix = process.env.BENCH_DATABASE_PREFIX ?? "urkraft_bench";
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`BENCH_DATABASE_PREFIX: nur a–z, 0–9 und _, bekommen „${prefix}“`);
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
