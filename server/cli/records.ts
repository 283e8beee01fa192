/** The stored leads and contact requests as the CLI reads them. */
import type { Queryable } from "../db";
import type { LeadStatus } from "../services/leads";

/** Of an unsubscribed lead past its proof period only email, status (and the unsubscribe time) are left. */
export interface LeadRecord {
  id: number;
  email: string;
  name: string | null;
  status: LeadStatus;
  form_page: string | null;
  submitted_at: Date | null;
  confirmed_at: Date | null;
  consent_text_version: string | null;
  privacy_version: string | null;
}

export interface ContactRecord {
  id: number;
  email: string;
  name: string;
  message: string;
  form_page: string;
  submitted_at: Date;
}

/**
 * Rows per statement. Each read stays short, so over the PGlite socket, where a statement may hold the
 * database for at most SOCKET_HOLD_LIMIT_MS, the site's own queries run between two chunks.
 */
export const READ_CHUNK_ROWS = 2_000;

export function readLeads(db: Queryable): Promise<LeadRecord[]> {
  return readInChunks<LeadRecord>(
    db,
    `SELECT id, email, name, status, form_page, submitted_at, confirmed_at, consent_text_version, privacy_version
     FROM leads WHERE id > $1 ORDER BY id LIMIT $2`,
  );
}

export function readContactRequests(db: Queryable): Promise<ContactRecord[]> {
  return readInChunks<ContactRecord>(
    db,
    "SELECT id, email, name, message, form_page, submitted_at FROM contact_requests WHERE id > $1 ORDER BY id LIMIT $2",
  );
}

/** All rows of `sql` (which pages by id with $1 and $2), in the order they were submitted, oldest first. */
async function readInChunks<Row extends { id: number; submitted_at: Date | null }>(db: Queryable, sql: string): Promise<Row[]> {
  const all: Row[] = [];
  for (let after = 0; ;) {
    const { rows } = await db.query<Row>(sql, [after, READ_CHUNK_ROWS]);
    all.push(...rows);
    if (rows.length < READ_CHUNK_ROWS) break;
    after = rows[rows.length - 1]!.id;
  }
  // As ORDER BY submitted_at, id would: rows without a time (erased down to the address) last.
  const time = (row: Row) => (row.submitted_at === null ? Infinity : new Date(row.submitted_at).getTime());
  return all.sort((a, b) => time(a) - time(b) || a.id - b.id);
}
