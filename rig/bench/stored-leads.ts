/** Reads back what the server stored, through the project's own storage module (same drivers as the server). */
import { openDb } from "../../server/db";

/** E-mail addresses of stored leads (or contact requests) that start with `prefix`; call only after the server has stopped (PGlite allows one process). */
export async function storedLeadEmails(
  config: { databaseUrl: string | undefined; dataDir: string },
  prefix: string,
  table: "leads" | "contact_requests" = "leads",
): Promise<string[]> {
  const db = await openDb(config, { migrate: false });
  try {
    const { rows } = await db.query<{ email: string }>(`SELECT email FROM ${table} WHERE email LIKE $1`, [`${prefix}%`]);
    return rows.map((row) => row.email);
  } finally {
    await db.close();
  }
}
