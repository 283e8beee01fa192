/**
 * The live release as recorded in the database (table live_release, one row), for instances on several
 * machines sharing PostgreSQL: a deploy or rollback writes it, each instance reads it with its release check.
 */
import pg from "pg";
import type { Queryable } from "../db/types";

export async function recordedRelease(db: Pick<Queryable, "query">): Promise<string | undefined> {
  const { rows } = await db.query<{ release: string }>("SELECT release FROM live_release WHERE id = 1");
  return rows[0]?.release;
}

export async function recordRelease(db: Pick<Queryable, "query">, release: string): Promise<void> {
  await db.query(
    `INSERT INTO live_release (id, release, switched_at) VALUES (1, $1, now())
     ON CONFLICT (id) DO UPDATE SET release = EXCLUDED.release, switched_at = EXCLUDED.switched_at`,
    [release],
  );
}

/**
 * For the deploy command: with a database URL, the new live release is recorded there too, for instances on
 * other machines. A failure only warns: the release is live here either way.
 */
export async function recordLiveRelease(databaseUrl: string | undefined, id: string): Promise<void> {
  if (!databaseUrl) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    await recordRelease(client, id);
  } catch (error) {
    console.warn(`Release ${id} ist hier live, aber nicht in der Datenbank vermerkt: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}
