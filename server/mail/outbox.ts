/**
 * The mail outbox: queueing a composed mail inside the caller's transaction, and the worker's queries to
 * claim due rows, mark them sent or schedule the next attempt.
 */
import { randomUUID } from "node:crypto";
import type { Db, Queryable } from "../db/types";
import type { NewsletterSlot } from "../newsletters/slot";
import { claimDue, releaseClaimed, retryDelayMs, scheduleRetry, type OutboxTable, type RetryPolicy } from "../outbox/queue";
import { siteValues, tokenLink, type MailContext } from "./context";
import { API_PATHS } from "../../common/routes";
import { displayName, isDeliverableAddress, oneLine } from "../../common/mail/headers";
import { renderMail, type MailKind } from "../../common/mail/templates";
import type { Values } from "../../common/mail/markdown";

export interface Mailbox {
  name?: string;
  address: string;
}

/** What a row's `message` holds: everything the transport needs, already composed. */
export interface StoredMessage {
  from: Mailbox;
  to: Mailbox;
  replyTo?: Mailbox;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
}

export interface OutgoingMail {
  kind: MailKind;
  to: Mailbox;
  replyTo?: Mailbox;
  /** The visitor whose data the mail carries. */
  personEmail: string;
  leadId?: number;
  contactRequestId?: number;
  values: Values;
  /** Set for every mail after a confirmed opt-in: adds the footer link and `List-Unsubscribe`. */
  unsubscribeToken?: string;
  /** Message-ID of the mail this one answers: sets `In-Reply-To` and `References`, so it threads. */
  inReplyTo?: string;
  /** When to send it (a daily plan mail); without it, at once. */
  dueAt?: Date;
}

function mailbox(box: Mailbox): Mailbox {
  return box.name ? { name: displayName(box.name), address: box.address } : { address: box.address };
}

/** `List-Unsubscribe` with the link and a mail address, and the one-click POST of RFC 8058. */
export function unsubscribeHeaders(context: MailContext, unsubscribeUrl: string): Record<string, string> {
  const mailto = `mailto:${context.site.email}?subject=${encodeURIComponent("Abmelden")}`;
  return {
    "List-Unsubscribe": `<${unsubscribeUrl}>, <${mailto}>`,
    // RFC 8058: mail programs may unsubscribe with one POST, without opening a page.
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

export function composeMail(context: MailContext, mail: OutgoingMail): StoredMessage {
  const { site } = context;
  const unsubscribeUrl = mail.unsubscribeToken ? tokenLink(context, API_PATHS.unsubscribe, mail.unsubscribeToken) : undefined;
  const rendered = renderMail(
    context.templates,
    mail.kind,
    { ...siteValues(context), ...mail.values },
    {
      unsubscribeUrl,
      brand: site.brand,
    },
  );
  const headers: Record<string, string> = unsubscribeUrl ? unsubscribeHeaders(context, unsubscribeUrl) : {};
  if (mail.inReplyTo) {
    headers["In-Reply-To"] = mail.inReplyTo;
    headers["References"] = mail.inReplyTo;
  }
  const domain = site.mailFrom.address.split("@")[1];
  return {
    from: mailbox(site.mailFrom),
    to: mailbox(mail.to),
    ...(mail.replyTo ? { replyTo: mailbox(mail.replyTo) } : {}),
    subject: oneLine(rendered.subject),
    text: rendered.text,
    html: rendered.html,
    messageId: `<${randomUUID()}@${domain}>`,
    headers,
  };
}

/** A composed mail as the values of its `mail_outbox` row. */
export interface OutboxRow {
  kind: MailKind;
  recipient: string;
  personEmail: string;
  subject: string;
  /** The composed message as JSON text (the `message` column). */
  message: string;
  messageId: string;
}

/**
 * Composes a mail into the values of its outbox row, for statements that queue it together with what it
 * belongs to (services/leads.ts, services/contact.ts: one statement, one round trip). Undefined when the
 * recipient's address is not one we send to (see `isDeliverableAddress`): nothing is queued then.
 */
export function outboxRow(context: MailContext, mail: OutgoingMail): OutboxRow | undefined {
  if (!isDeliverableAddress(mail.to.address)) return undefined;
  const message = composeMail(context, mail);
  return {
    kind: mail.kind,
    recipient: mail.to.address,
    personEmail: mail.personEmail,
    subject: message.subject,
    message: JSON.stringify(message),
    messageId: message.messageId,
  };
}

/**
 * Queues one mail in the caller's transaction: it is sent only if the submission commits, and it is
 * never lost once the submission is acknowledged. A mail with `dueAt` waits until then; the worker
 * claims only rows that are due. Returns false when the recipient's address is not one we send to
 * (see `isDeliverableAddress`); nothing is queued then.
 */
export async function enqueueMail(tx: Queryable, context: MailContext, mail: OutgoingMail): Promise<boolean> {
  const row = outboxRow(context, mail);
  if (!row) return false;
  await tx.query(
    `INSERT INTO mail_outbox (kind, recipient, person_email, lead_id, contact_request_id, subject, message, message_id,
                              due_at, next_attempt_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz, coalesce($9::timestamptz, now()))`,
    [
      row.kind,
      row.recipient,
      row.personEmail,
      mail.leadId ?? null,
      mail.contactRequestId ?? null,
      row.subject,
      row.message,
      row.messageId,
      mail.dueAt?.toISOString() ?? null,
    ],
  );
  return true;
}

export interface ClaimedMail {
  id: number;
  kind: MailKind | "newsletter";
  attempts: number;
  /** A newsletter row holds its slot; the worker composes the mail from it (server/newsletters/sending.ts). */
  message: StoredMessage | NewsletterSlot;
}

/** The mail table for the shared outbox mechanics (server/outbox/queue.ts). */
const MAIL_QUEUE: OutboxTable = {
  table: "mail_outbox",
  claimable: "q.message IS NOT NULL",
  // Mails to people who are waiting for them (confirmation, login link, plan) before newsletters.
  order: "(q.kind = 'newsletter'), q.next_attempt_at, q.id",
  returning: "id, kind, attempts, message",
  // A mail given up for good drops its content (and with it any link token) in the same statement, as a
  // sent one does: only the record the privacy texts name (recipient, subject, times, status, error) stays.
  clearOnFailure: "message",
};

/**
 * The time the mail queries work with: `now` when given (a test's clock, see MailContext.clock), else the
 * database's own now(), the one clock all instances share.
 */
const NOW = (param: string) => `coalesce(${param}::timestamptz, now())`;
const at = (now: Date | undefined) => now?.toISOString() ?? null;

/** Takes up to `limit` due mails and leases them to this worker for `leaseMs` (see `claimDue`). */
export async function claimDueMails(db: Queryable, limit: number, leaseMs: number, now?: Date): Promise<ClaimedMail[]> {
  const rows = await claimDue<{
    id: string | number;
    kind: ClaimedMail["kind"];
    attempts: number;
    message: ClaimedMail["message"] | string;
  }>(db, MAIL_QUEUE, limit, leaseMs, now);
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    attempts: row.attempts,
    message: typeof row.message === "string" ? (JSON.parse(row.message) as ClaimedMail["message"]) : row.message,
  }));
}

/** MAIL_RATE: mails handed to the mail server per minute and per day, by all instances together. */
export interface MailRate {
  perMinute: number;
  perDay: number;
}

/**
 * Claims due mails within MAIL_RATE: under an advisory lock (one instance at a time), counts the mails
 * handed out in the last minute and day, claims no more than is left, and records the ones it claims.
 * Transactional mails come first (MAIL_QUEUE's order), so a newsletter never holds up a login link.
 */
export async function claimDueMailsWithinRate(
  db: Db,
  limit: number,
  leaseMs: number,
  rate: MailRate,
  now?: Date,
): Promise<ClaimedMail[]> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(260027)");
    const { rows } = await tx.query<{ minute: number; day: number }>(
      `SELECT (count(*) FILTER (WHERE at > ${NOW("$1")} - interval '1 minute'))::int AS minute, count(*)::int AS day
         FROM mail_sends WHERE at > ${NOW("$1")} - interval '1 day'`,
      [at(now)],
    );
    const room = Math.min(limit, rate.perMinute - rows[0]!.minute, rate.perDay - rows[0]!.day);
    if (room <= 0) return [];
    const claimed = await claimDueMails(tx, room, leaseMs, now);
    if (claimed.length > 0) {
      await tx.query(`INSERT INTO mail_sends (at) SELECT ${NOW("$2")} FROM generate_series(1, $1::integer)`, [
        claimed.length,
        at(now),
      ]);
      await tx.query(`DELETE FROM mail_sends WHERE at < ${NOW("$1")} - interval '1 day'`, [at(now)]);
    }
    return claimed;
  });
}

/**
 * Records sent mails, a batch in one statement. The composed mail is dropped once sent: it may hold a link
 * token, and the row stays only as a record.
 */
export async function markSent(db: Queryable, ids: number[], now?: Date): Promise<void> {
  await db.query(
    `UPDATE mail_outbox SET status = 'sent', sent_at = ${NOW("$2")}, message = NULL, last_error = NULL
      WHERE id = ANY($1::bigint[]) AND status = 'pending'`,
    [ids, at(now)],
  );
}

/** Gives claimed but unattempted rows back, as if never claimed. */
export function releaseMails(db: Queryable, ids: number[], now?: Date): Promise<void> {
  return releaseClaimed(db, MAIL_QUEUE, ids, now);
}

export type { RetryPolicy };
export { retryDelayMs };

/** Schedules the next attempt with back-off; after the last attempt the row is `failed`. */
export async function markAttemptFailed(
  db: Queryable,
  mail: ClaimedMail,
  error: string,
  policy: RetryPolicy,
  now?: Date,
): Promise<"retry" | "failed"> {
  const outcome = await scheduleRetry(db, MAIL_QUEUE, mail, error, policy, undefined, now);
  return outcome === "failed" ? "failed" : "retry";
}

/** Starts `last_error` of a row given up because the address was refused for good. */
export const PERMANENT_FAILURE_PREFIX = "unzustellbar:";

/**
 * The recipient's mail server refused the address for good (SMTP 5xx): the row is given up at once, and
 * when it went to a lead, the lead is marked undeliverable (no more newsletters to it).
 */
export async function markUndeliverable(db: Db, mail: ClaimedMail, error: string, now?: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ lead_id: number | null }>(
      `UPDATE mail_outbox SET status = 'failed', message = NULL, last_error = $2, next_attempt_at = ${NOW("$3")}
        WHERE id = $1 AND status = 'pending' RETURNING lead_id`,
      [mail.id, `${PERMANENT_FAILURE_PREFIX} ${error}`.slice(0, 500), at(now)],
    );
    const leadId = rows[0]?.lead_id;
    if (leadId === null || leadId === undefined) return;
    await tx.query(
      `UPDATE leads SET undeliverable_at = ${NOW("$3")}, undeliverable_reason = $2
        WHERE id = $1 AND undeliverable_at IS NULL`,
      [leadId, error.slice(0, 200), at(now)],
    );
  });
}
