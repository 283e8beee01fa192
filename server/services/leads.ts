/**
 * Storing a lead of the information form. The lead, its proof of consent, its confirmation link and the
 * confirmation mail are written by one statement: one round trip, one (implicit) transaction, so all of
 * them are committed together or none is, and the answer 202 is sent only once they are.
 */
import type { LeadValues } from "../../src/forms/schemas";
import type { Queryable } from "../db";
import type { MailContext } from "../mail";
import { CONFIRMATION_RESEND_MINUTES, prepareConfirmation } from "./lead-confirmation";
import { asStored, type ConsentVersions, type SubmissionMeta } from "./submission";

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

/**
 * One lead per address (case-insensitive). A pending lead takes the newer declaration (name, page, time,
 * versions), since that is what the confirmation click will confirm; confirmed leads keep their record
 * unchanged. An unsubscribed address that signs up again starts a new double opt-in as a pending lead.
 * Every declaration taken is also added to `lead_consents` (services/consents.ts), so no earlier proof is
 * overwritten. A pending lead gets the confirmation request unless one was sent in the last
 * CONFIRMATION_RESEND_MINUTES: `confirmation_sent_at` is set to the statement's now() exactly when it is.
 *
 * Data-modifying CTEs all see the database as it was before the statement, so each table is written once
 * and the later parts read what the upsert returned, never the table.
 */
const SUBMIT_LEAD = `
WITH lead AS (
  INSERT INTO leads AS l (email, name, form_page, consent_text_version, privacy_version, confirmation_sent_at)
  VALUES ($1, $2, $3, $4, $5, now())
  ON CONFLICT ((lower(email))) DO UPDATE SET
    email = EXCLUDED.email,
    name = EXCLUDED.name,
    form_page = EXCLUDED.form_page,
    submitted_at = EXCLUDED.submitted_at,
    consent_text_version = EXCLUDED.consent_text_version,
    privacy_version = EXCLUDED.privacy_version,
    status = 'pending',
    confirmed_at = NULL,
    confirmation_sent_at = CASE
      WHEN l.confirmation_sent_at > now() - $6::integer * interval '1 minute' THEN l.confirmation_sent_at
      ELSE now() END
  WHERE l.status <> 'confirmed'
  RETURNING id, status, (xmax = 0) AS created, form_page, submitted_at, consent_text_version, privacy_version,
            confirmation_sent_at = now() AS requested
), consent AS (
  INSERT INTO lead_consents (lead_id, form_page, submitted_at, consent_text_version, privacy_version)
  SELECT id, form_page, submitted_at, consent_text_version, privacy_version FROM lead
), token AS (
  INSERT INTO lead_tokens (token_hash, lead_id, purpose, expires_at)
  SELECT $7, id, 'confirm', now() + $8::integer * interval '1 hour' FROM lead WHERE requested
), mail AS (
  INSERT INTO mail_outbox (kind, recipient, person_email, lead_id, subject, message, message_id, next_attempt_at)
  SELECT $9, $10, $11, id, $12, $13::jsonb, $14, now() FROM lead WHERE requested AND $13::jsonb IS NOT NULL
)
SELECT id, status, created FROM lead
UNION ALL
SELECT id, status, false FROM leads WHERE lower(email) = lower($1) AND NOT EXISTS (SELECT 1 FROM lead)`;

export async function submitLead(db: Queryable, input: LeadValues, meta: LeadMeta, mail: MailContext): Promise<StoredLead> {
  const values = asStored(input);
  // Composed before the statement: the database is held only for the write itself.
  const request = prepareConfirmation(mail, values);
  const { rows } = await db.query<StoredLead>(SUBMIT_LEAD, [
    values.email,
    values.name,
    meta.formPage,
    meta.consent.consentText,
    meta.consent.privacyStatement,
    CONFIRMATION_RESEND_MINUTES,
    request.tokenHash,
    request.confirmLinkHours,
    request.mail?.kind ?? null,
    request.mail?.recipient ?? null,
    request.mail?.personEmail ?? null,
    request.mail?.subject ?? null,
    request.mail?.message ?? null,
    request.mail?.messageId ?? null,
  ]);
  return rows[0]!;
}
