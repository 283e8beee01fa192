/** A PostgreSQL database of a browser test's own, so the test can read what its server stored. */
import { randomBytes } from "node:crypto";
import pg from "pg";

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new database whose name starts with `prefix` and ends in this process's id and a random part, so that
 * no other test or run shares it; `drop` removes it.
 */
export async function freshDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
  return { url, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
