/**
 * The data subject's rights and the retention periods (DSGVO Art. 15, 17, 5(1)(e)): everything stored
 * about one e-mail address, erasing it everywhere, and deleting what is past its period. The periods come
 * from `content/site.json` (`retention`), the same numbers the privacy statement shows.
 */
import { FORM_MAIL_BOUND_HOURS } from "./form-mail-bounds";
import { SPAM_KEPT_DAYS } from "../../common/constants";
import type { SiteSettings } from "../../common/content/read-content";
import type { ErasureResult, PersonData } from "../../common/owner/responses";
import type { Db, Queryable } from "../db/types";
import { SWEEP_DAILY_SECRETS } from "../db/daily-secrets";
import { purgeVisitStats } from "../analytics/store";
import { purgeExperimentRecords } from "../experiments/store";
import { purgeAuditLog } from "./audit-log";
import { purgeOwnerAuth } from "./owner-sessions";
import { eraseWebhookEvents, queueLeadUnsubscribed } from "../webhooks/events";
import { endConfirmedDeclarations } from "./consents";
import type { ErasureLedger } from "./erasure-ledger";
import { personDeliveries } from "../webhooks/log";
import { retryOnDeadlock } from "../db/deadlock-retry";

export type RetentionPeriods = SiteSettings["retention"];

const byAddress = "lower(email) = lower($1)";

export async function showPerson(db: Queryable, email: string): Promise<PersonData> {
  const leads = await db.query(`SELECT * FROM leads WHERE ${byAddress} ORDER BY id`, [email]);
  const consents = await db.query(
    `SELECT c.lead_id, c.form_page, c.submitted_at, c.consent_text_version, c.privacy_version,
            c.newsletters_per_month, c.confirmed_at, c.unsubscribed_at
       FROM lead_consents c JOIN leads l ON l.id = c.lead_id
      WHERE lower(l.email) = lower($1) ORDER BY c.id`,
    [email],
  );
  const leadLinks = await db.query(
    `SELECT t.lead_id, t.purpose, t.created_at, t.expires_at, t.used_at
       FROM lead_tokens t JOIN leads l ON l.id = t.lead_id
      WHERE lower(l.email) = lower($1) ORDER BY t.created_at`,
    [email],
  );
  const contactRequests = await db.query(`SELECT * FROM contact_requests WHERE ${byAddress} ORDER BY id`, [email]);
  const mails = await db.query(
    `SELECT id, kind, status, coalesce(due_at, created_at) AS due_at, sent_at, recipient, subject, attempts,
            created_at, last_error, message ->> 'text' AS text
       FROM mail_outbox WHERE lower(person_email) = lower($1) ORDER BY coalesce(due_at, created_at), id`,
    [email],
  );
  return {
    email,
    leads: leads.rows,
    consents: consents.rows,
    leadLinks: leadLinks.rows,
    contactRequests: contactRequests.rows,
    mails: mails.rows.map((row) => ({ ...row, id: Number(row.id) })),
    webhooks: await personDeliveries(db, email),
  };
}

/**
 * Art. 17: the person's leads (with their proofs of consent and links), contact requests and every mail
 * to or about them, the scheduled plan mails not yet sent included.
 */
export async function erasePerson(db: Db, email: string, ledger?: ErasureLedger): Promise<ErasureResult> {
  // Recorded first: should the erasure fail half-way, a replay finishes it; a restore cannot bring the person back.
  ledger?.record(email, "gelöscht");
  // The mail worker locks the person's queued mails in its own order; a deadlock with it is retried.
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const mails = await tx.query("DELETE FROM mail_outbox WHERE lower(person_email) = lower($1) RETURNING id", [email]);
      const leads = await tx.query(`DELETE FROM leads WHERE ${byAddress} RETURNING id`, [email]);
      const contactRequests = await tx.query(`DELETE FROM contact_requests WHERE ${byAddress} RETURNING id`, [email]);
      await eraseWebhookEvents(tx, email, leads.rows.length + contactRequests.rows.length > 0);
      return { leads: leads.rows.length, contactRequests: contactRequests.rows.length, mails: mails.rows.length };
    }),
  );
}

export interface PurgeResult {
  /** Unconfirmed leads deleted, or (when the address had unsubscribed before) returned to the block list. */
  unconfirmedLeads: number;
  /** Contact requests and unconfirmed sign-ups marked as spam, deleted after SPAM_KEPT_DAYS. */
  spam: number;
  contactRequests: number;
  mails: number;
  /** Proofs of consent that ran out after unsubscribing (of a lead thinned to its block-list entry, or an earlier sign-up). */
  consentProofs: number;
  /** Owner actions older than `auditLogDays`. */
  auditEntries: number;
  /** Rows of the visit statistics (sums per day) older than `visitStatsDays`. */
  visitStatsRows: number;
  /** Confirmed addresses undeliverable for `undeliverableDays`, now unsubscribed. */
  undeliverableUnsubscribed: number;
  /** Sign-ups whose visit source was cleared `leadSourceDays` after confirming. */
  leadSources: number;
  /** Entries of the unsubscribe and erasure list older than the backups, removed from it. */
  ledgerEntries: number;
}

/** Unsubscribed leads whose proof of consent is past `consentProofYears`, counted from unsubscribing. */
const PROOF_EXPIRED = "status = 'unsubscribed' AND unsubscribed_at < now() - $1::integer * interval '1 year'";
const UNCONFIRMED_EXPIRED = "submitted_at < now() - $1::integer * interval '1 day'";

/**
 * Deletes unconfirmed leads older than `unconfirmedLeadDays` (counted from their latest submission),
 * contact requests older than `contactRequestDays`, and mail records (sent, cancelled or given up)
 * older than `sentMailDays` (a newsletter's rows at least 32 days, as the monthly limit counts them). Mails
 * still queued for a deleted lead or request go with it. An unconfirmed
 * sign-up of an address that had unsubscribed is not deleted but lapses: the lead returns to its block-list
 * entry with its latest confirmed proof, and only the unconfirmed declaration goes.
 *
 * A proof of consent is kept for `consentProofYears` after unsubscribing; then it is deleted from the
 * history, and an unsubscribed lead is thinned to the block list: address, status and time of
 * unsubscribing stay (so nothing is sent to it again), name, form page, visit source, versions, the other
 * times, its links and its mail records go. The visit statistics' daily sums go after `visitStatsDays`.
 */
export interface PurgeOptions {
  /** Records addresses that count as unsubscribed after `undeliverableDays`, and is pruned after `backupDays`. */
  ledger?: ErasureLedger;
  /** deployment.backupDays of content/site.json: how long a backup that could bring someone back exists. */
  backupDays?: string;
}

export async function purgeExpired(db: Db, periods: RetentionPeriods, options: PurgeOptions = {}): Promise<PurgeResult> {
  const { ledger } = options;
  const backupDays = Number(options.backupDays);
  // One day more than the backups live: the oldest backup is always younger than the entries kept.
  const ledgerEntries = ledger && backupDays > 0 ? ledger.prune(backupDays + 1) : 0;
  const result = await db.transaction(async (tx) => {
    const unconfirmedDays = [periods.unconfirmedLeadDays];
    const lapsed = await tx.query<{ id: number }>(
      `UPDATE leads l
          SET status = 'unsubscribed', form_page = c.form_page, submitted_at = c.submitted_at,
              consent_text_version = c.consent_text_version, privacy_version = c.privacy_version,
              confirmed_at = c.confirmed_at, unsubscribed_at = coalesce(l.unsubscribed_at, c.unsubscribed_at)
         FROM (SELECT DISTINCT ON (lead_id) * FROM lead_consents
                WHERE confirmed_at IS NOT NULL ORDER BY lead_id, id DESC) c
        WHERE c.lead_id = l.id AND l.status = 'pending' AND l.${UNCONFIRMED_EXPIRED}
        RETURNING l.id`,
      unconfirmedDays,
    );
    await tx.query(
      "UPDATE mail_outbox SET status = 'cancelled', message = NULL WHERE lead_id = ANY($1::integer[]) AND status = 'pending'",
      [lapsed.rows.map((row) => row.id)],
    );
    const leads = await tx.query(
      `DELETE FROM leads WHERE status = 'pending' AND ${UNCONFIRMED_EXPIRED} RETURNING id`,
      unconfirmedDays,
    );
    // Declarations never confirmed are no proof; those of deleted leads went with them.
    await tx.query(`DELETE FROM lead_consents WHERE confirmed_at IS NULL AND ${UNCONFIRMED_EXPIRED}`, unconfirmedDays);
    const contactRequests = await tx.query(
      `DELETE FROM contact_requests WHERE submitted_at < now() - $1::integer * interval '1 day' RETURNING id`,
      [periods.contactRequestDays],
    );
    // Posts marked as spam often name a stranger's address: they go after SPAM_KEPT_DAYS, whatever the periods say,
    // as the owner's „Allen Spam löschen“ takes them (services/inbox.ts).
    const spamRequests = await tx.query(
      `DELETE FROM contact_requests WHERE spam IS NOT NULL AND submitted_at < now() - $1::integer * interval '1 day' RETURNING id`,
      [SPAM_KEPT_DAYS],
    );
    const spamLeads = await tx.query(
      `DELETE FROM leads WHERE spam IS NOT NULL AND status = 'pending' AND submitted_at < now() - $1::integer * interval '1 day'
       RETURNING id`,
      [SPAM_KEPT_DAYS],
    );
    const proofYears = [periods.consentProofYears];
    const expiredProofs = await tx.query<{ lead_id: number }>(
      "DELETE FROM lead_consents WHERE unsubscribed_at < now() - $1::integer * interval '1 year' RETURNING lead_id",
      proofYears,
    );
    await tx.query(`DELETE FROM lead_tokens WHERE lead_id IN (SELECT id FROM leads WHERE ${PROOF_EXPIRED})`, proofYears);
    const proofMails = await tx.query(
      `DELETE FROM mail_outbox WHERE lead_id IN (SELECT id FROM leads WHERE ${PROOF_EXPIRED}) RETURNING id`,
      proofYears,
    );
    const thinned = await tx.query<{ id: number }>(
      `UPDATE leads
          SET name = NULL, form_page = NULL, submitted_at = NULL, confirmed_at = NULL, confirmation_sent_at = NULL,
              consent_text_version = NULL, privacy_version = NULL, source = NULL, medium = NULL, campaign = NULL,
              undeliverable_at = NULL, undeliverable_reason = NULL, spam = NULL
        WHERE ${PROOF_EXPIRED}
          AND num_nonnulls(name, form_page, submitted_at, confirmed_at, confirmation_sent_at,
                           consent_text_version, privacy_version, source, medium, campaign,
                           undeliverable_at, undeliverable_reason, spam) > 0
        RETURNING id`,
      proofYears,
    );
    const mails = await tx.query(
      `DELETE FROM mail_outbox
        WHERE status IN ('sent', 'cancelled', 'failed')
          AND coalesce(sent_at, created_at) < now() - $1::integer * interval '1 day'
          -- A newsletter's rows count for the consent's monthly limit until their month is over.
          AND (newsletter_id IS NULL OR due_at < now() - interval '32 days')
        RETURNING id`,
      [periods.sentMailDays],
    );
    // An address refused for good counts as unsubscribed after `undeliverableDays`; its proof period starts then.
    const undeliverable = await tx.query<{ id: number; email: string }>(
      `UPDATE leads SET status = 'unsubscribed', unsubscribed_at = now()
        WHERE status = 'confirmed' AND undeliverable_at < now() - $1::integer * interval '1 day'
        RETURNING id, email`,
      [periods.undeliverableDays],
    );
    for (const lead of undeliverable.rows) {
      await queueLeadUnsubscribed(tx, lead.id);
      await endConfirmedDeclarations(tx, lead.id);
      await tx.query("UPDATE mail_outbox SET status = 'cancelled', message = NULL WHERE lead_id = $1 AND status = 'pending'", [
        lead.id,
      ]);
    }
    // The source of a sign-up's visit: kept only as far back as the owner's statistics read.
    const sources = await tx.query(
      `UPDATE leads SET source = NULL, medium = NULL, campaign = NULL
        WHERE confirmed_at < now() - $1::integer * interval '1 day' AND num_nonnulls(source, medium, campaign) > 0
        RETURNING id`,
      [periods.leadSourceDays],
    );
    // The bound on form mails needs an address's HMAC for a day, no longer, and the secret it was made with
    // (also the shared rate limit's) until the day after.
    await tx.query("DELETE FROM form_mail_guard WHERE sent_at < now() - $1::integer * interval '1 hour'", [
      FORM_MAIL_BOUND_HOURS,
    ]);
    await tx.query(SWEEP_DAILY_SECRETS);
    const auditEntries = await purgeAuditLog(tx, periods.auditLogDays);
    const visitStatsRows = await purgeVisitStats(tx, periods.visitStatsDays);
    await purgeExperimentRecords(tx, periods);
    await purgeOwnerAuth(tx);
    // A thinned lead's proof counts once, whether or not it was also in the history.
    const inHistory = new Set(expiredProofs.rows.map((row) => row.lead_id));
    const thinnedWithoutHistory = thinned.rows.filter((row) => !inHistory.has(row.id)).length;
    return {
      unconfirmedLeads: leads.rows.length + lapsed.rows.length,
      contactRequests: contactRequests.rows.length,
      spam: spamRequests.rows.length + spamLeads.rows.length,
      mails: mails.rows.length + proofMails.rows.length,
      consentProofs: expiredProofs.rows.length + thinnedWithoutHistory,
      auditEntries,
      visitStatsRows,
      undeliverableUnsubscribed: undeliverable.rows.length,
      leadSources: sources.rows.length,
      undeliverableEmails: undeliverable.rows.map((row) => row.email),
    };
  });
  for (const email of result.undeliverableEmails) ledger?.record(email, "abgemeldet");
  const { undeliverableEmails: _emails, ...counts } = result;
  return { ...counts, ledgerEntries };
}

export type { ErasureResult, PersonData };
