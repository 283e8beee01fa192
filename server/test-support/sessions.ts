/** What the tests of the owner area share about sessions. */
import type { Queryable } from "../db/types";

/** Every session's times moved back, as if each login had been `minutes` ago. */
export async function ageSessions(db: Queryable, minutes: number): Promise<void> {
  const { rows } = await db.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
      WHERE table_name = 'owner_sessions' AND data_type LIKE 'timestamp%'`,
  );
  const shift = rows.map(({ column_name }) => `${column_name} = ${column_name} - $1::integer * interval '1 minute'`);
  await db.query(`UPDATE owner_sessions SET ${shift.join(", ")}`, [minutes]);
}
