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

export async function readLeads(db: Queryable): Promise<LeadRecord[]> {
  const { rows } = await db.query<LeadRecord>(
    `SELECT id, email, name, status, form_page, submitted_at, confirmed_at, consent_text_version, privacy_version
     FROM leads ORDER BY submitted_at, id`,
  );
  return rows;
}

export async function readContactRequests(db: Queryable): Promise<ContactRecord[]> {
  const { rows } = await db.query<ContactRecord>(
    "SELECT id, email, name, message, form_page, submitted_at FROM contact_requests ORDER BY submitted_at, id",
  );
  return rows;
}
