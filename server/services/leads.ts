/** Storing a lead of the information form: one transaction, acknowledged only once committed. */
import type { LeadValues } from "../../src/forms/schemas";
import type { Db, Queryable } from "../db";
import { requestConfirmation } from "../mail/double-opt-in";
import type { MailContext } from "../mail";
import type { ConsentVersions, SubmissionMeta } from "./submission";

export type LeadStatus = "pending" | "confirmed" | "unsubscribed";

export interface LeadMeta extends SubmissionMeta {
  consent: ConsentVersions;
}

export interface StoredLead {
  id: number;
  status: LeadStatus;
  /** False when the address was already known: no second lead was created. */
  created: boolean;
}

export async function submitLead(db: Db, values: LeadValues, meta: LeadMeta, mail: MailContext): Promise<StoredLead> {
  return db.transaction(async (tx) => {
    const lead = await saveLead(tx, values, meta);
    // Queued in the same transaction: the confirmation request exists exactly when the lead does.
    await requestConfirmation(tx, mail, lead.id);
    return lead;
  });
}

/**
 * One lead per address (case-insensitive). A pending lead takes the newer declaration (name, page, time,
 * versions), since that is what the confirmation click will confirm; confirmed leads keep their record
 * unchanged. An unsubscribed address that signs up again starts a new double opt-in as a pending lead.
 * Every declaration taken is also added to `lead_consents`, so no earlier proof is overwritten.
 */
export async function saveLead(tx: Queryable, values: LeadValues, meta: LeadMeta): Promise<StoredLead> {
  const params = [values.email, values.name, meta.formPage, meta.consent.consentText, meta.consent.privacyStatement];
  const { rows } = await tx.query<StoredLead>(
    `INSERT INTO leads (email, name, form_page, consent_text_version, privacy_version)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT ((lower(email))) DO UPDATE SET
       email = EXCLUDED.email,
       name = EXCLUDED.name,
       form_page = EXCLUDED.form_page,
       submitted_at = EXCLUDED.submitted_at,
       consent_text_version = EXCLUDED.consent_text_version,
       privacy_version = EXCLUDED.privacy_version,
       status = 'pending',
       confirmed_at = NULL
     WHERE leads.status <> 'confirmed'
     RETURNING id, status, (xmax = 0) AS created`,
    params,
  );
  const saved = rows[0];
  if (saved) {
    await tx.query(
      `INSERT INTO lead_consents (lead_id, form_page, submitted_at, consent_text_version, privacy_version)
       SELECT id, form_page, submitted_at, consent_text_version, privacy_version FROM leads WHERE id = $1`,
      [saved.id],
    );
    return saved;
  }
  const existing = await tx.query<StoredLead>("SELECT id, status, false AS created FROM leads WHERE lower(email) = lower($1)", [
    values.email,
  ]);
  return existing.rows[0]!;
}
