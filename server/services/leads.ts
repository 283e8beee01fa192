/**
 * Storing leads of the information form. A lead, its proof of consent, its confirmation link and the
 * confirmation mail are written by one statement: one round trip, one (implicit) transaction, so all of
 * them are committed together or none is, and the answer 202 is sent only once they are. Under load the
 * statement carries several sign-ups at once (group commit, db/group-commit.ts).
 */
import type { LeadValues } from "../../common/forms/schemas";
import type { Queryable } from "../db";
import type { MailContext } from "../mail";
import { CONFIRMATION_RESEND_MINUTES, prepareConfirmation, type ConfirmationRequest } from "./lead-confirmation";
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
 * CONFIRMATION_RESEND_MINUTES while it was pending: `confirmation_sent_at` is set to the statement's now() exactly
 * when it is. An address that confirmed (its link used) and unsubscribed since, or was unsubscribed by an owner,
 * gets a new request at once, however recent the last one.
 * A sign-up that looks automated (`spam`) gets none and leaves the time as it was, so a bot naming an
 * address neither mails it nor uses up the request its owner may ask for from the page. It is written only
 * for a new address or over an earlier one so marked: a person's sign-up (pending or unsubscribed) keeps
 * its declaration and stays unmarked, and the attempt is dropped (no consent row, no mail).
 *
 * One statement writes a batch of sign-ups ($1, a JSON array; see db/group-commit.ts), no two with the
 * same address. Rows are upserted in the order of their address, so two batches running side by side on
 * PostgreSQL lock the same addresses in the same order and never deadlock.
 *
 * Data-modifying CTEs all see the database as it was before the statement, so each table is written once
 * and the later parts read what the upsert returned, never the table.
 */
const SUBMIT_LEADS = `
WITH input AS (
  SELECT * FROM json_to_recordset($1::json) AS i(
    ord integer, email text, name text, form_page text, source text, medium text, campaign text, spam text,
    consent_text_version text, privacy_version text, newsletters_per_month integer,
    token_hash text, kind text, recipient text, person_email text, subject text, message jsonb, message_id text)
), lead AS (
  INSERT INTO leads AS l (email, name, form_page, source, medium, campaign, spam, consent_text_version, privacy_version,
                          confirmation_sent_at)
  SELECT email, name, form_page, source, medium, campaign, spam, consent_text_version, privacy_version,
         CASE WHEN spam IS NULL THEN now() END
    FROM input ORDER BY lower(email)
  ON CONFLICT ((lower(email))) DO UPDATE SET
    email = EXCLUDED.email,
    name = EXCLUDED.name,
    form_page = EXCLUDED.form_page,
    source = EXCLUDED.source,
    medium = EXCLUDED.medium,
    campaign = EXCLUDED.campaign,
    spam = EXCLUDED.spam,
    submitted_at = EXCLUDED.submitted_at,
    consent_text_version = EXCLUDED.consent_text_version,
    privacy_version = EXCLUDED.privacy_version,
    status = 'pending',
    confirmed_at = NULL,
    confirmation_sent_at = CASE
      WHEN EXCLUDED.spam IS NOT NULL THEN l.confirmation_sent_at
      -- The bound holds only while the last request's link is still unused: after it was used (and the address
      -- unsubscribed since) a new sign-up brings a new link at once.
      WHEN l.status = 'pending' AND l.confirmation_sent_at > now() - $2::integer * interval '1 minute'
        THEN l.confirmation_sent_at
      ELSE now() END
  WHERE l.status <> 'confirmed' AND (EXCLUDED.spam IS NULL OR l.spam IS NOT NULL)
  RETURNING id, lower(email) AS address, status, (xmax = 0) AS created, form_page, submitted_at,
            consent_text_version, privacy_version, confirmation_sent_at = now() AS requested
), consent AS (
  INSERT INTO lead_consents (lead_id, form_page, submitted_at, consent_text_version, privacy_version, newsletters_per_month)
  SELECT lead.id, lead.form_page, lead.submitted_at, lead.consent_text_version, lead.privacy_version, i.newsletters_per_month
    FROM lead JOIN input i ON lower(i.email) = lead.address ORDER BY lead.id
), requested AS (
  SELECT lead.id, i.* FROM lead JOIN input i ON lower(i.email) = lead.address WHERE lead.requested
), token AS (
  INSERT INTO lead_tokens (token_hash, lead_id, purpose, expires_at)
  SELECT token_hash, id, 'confirm', now() + $3::integer * interval '1 hour' FROM requested ORDER BY id
), mail AS (
  INSERT INTO mail_outbox (kind, recipient, person_email, lead_id, subject, message, message_id, next_attempt_at)
  SELECT kind, recipient, person_email, id, subject, message, message_id, now() FROM requested
   WHERE message IS NOT NULL ORDER BY id
)
SELECT i.ord, lead.id, lead.status, lead.created FROM input i JOIN lead ON lead.address = lower(i.email)
UNION ALL
SELECT i.ord, l.id, l.status, false FROM input i JOIN leads l ON lower(l.email) = lower(i.email)
 WHERE NOT EXISTS (SELECT 1 FROM lead WHERE lead.address = lower(i.email))`;

/** A sign-up ready to be written: the values as stored, and its confirmation request composed. */
export interface PreparedLead {
  values: LeadValues;
  meta: LeadMeta;
  request: ConfirmationRequest;
}

/** Composes what a sign-up needs before the database is asked: only the write itself holds it. */
export function prepareLead(input: LeadValues, meta: LeadMeta, mail: MailContext): PreparedLead {
  const values = asStored(input);
  return { values, meta, request: prepareConfirmation(mail, values) };
}

/** The key of a sign-up's address: batches never hold two of one (see db/group-commit.ts). */
export const leadAddressKey = (lead: PreparedLead): string => lead.values.email.toLowerCase();

/**
 * Writes sign-ups of different addresses in one statement (one transaction); one result each, in order.
 * The composed mails are already JSON text and go into the statement's one parameter as they are.
 */
export async function writeLeads(db: Queryable, leads: PreparedLead[]): Promise<StoredLead[]> {
  if (leads.length === 0) return [];
  const items = leads.map(({ values, meta, request }, ord) => {
    const mail = request.mail;
    const fields = JSON.stringify({
      ord,
      email: values.email,
      name: values.name,
      form_page: meta.formPage,
      source: meta.source?.source ?? null,
      medium: meta.source?.medium ?? null,
      campaign: meta.source?.campaign ?? null,
      spam: meta.spam ?? null,
      consent_text_version: meta.consent.consentText,
      privacy_version: meta.consent.privacyStatement,
      newsletters_per_month: meta.consent.newslettersPerMonth,
      token_hash: request.tokenHash,
      kind: mail?.kind ?? null,
      recipient: mail?.recipient ?? null,
      person_email: mail?.personEmail ?? null,
      subject: mail?.subject ?? null,
      message_id: mail?.messageId ?? null,
    });
    return mail ? `${fields.slice(0, -1)},"message":${mail.message}}` : fields;
  });
  const confirmLinkHours = leads[0]!.request.confirmLinkHours;
  const { rows } = await db.query<StoredLead & { ord: number }>(SUBMIT_LEADS, [
    `[${items.join(",")}]`,
    CONFIRMATION_RESEND_MINUTES,
    confirmLinkHours,
  ]);
  const results: StoredLead[] = new Array(leads.length);
  for (const { ord, id, status, created } of rows) results[ord] = { id, status, created };
  return results;
}
