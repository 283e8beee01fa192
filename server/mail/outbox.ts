/**
 * The mail outbox: queueing a composed mail inside the caller's transaction, and the worker's queries to
 * claim due rows, mark them sent or schedule the next attempt.
 */
import { randomUUID } from "node:crypto";
import type { Queryable } from "../db/types";
import { claimDue, releaseClaimed, retryDelayMs, scheduleRetry, type OutboxTable, type RetryPolicy } from "../outbox/queue";
import { siteValues, tokenLink, type MailContext } from "./context";
import { API_PATHS } from "../../src/routes";
import { displayName, isDeliverableAddress, oneLine } from "./headers";
import { renderMail, type MailKind } from "./templates";
import type { Values } from "./markdown";

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
  const headers: Record<string, string> = {};
  if (unsubscribeUrl) {
    const mailto = `mailto:${site.email}?subject=${encodeURIComponent("Abmelden")}`;
    headers["List-Unsubscribe"] = `<${unsubscribeUrl}>, <${mailto}>`;
    // RFC 8058: mail programs may unsubscribe with one POST, without opening a page.
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
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
  kind: MailKind;
  attempts: number;
  message: StoredMessage;
}

/** The mail table for the shared outbox mechanics (server/outbox/queue.ts). */
const MAIL_QUEUE: OutboxTable = {
  table: "mail_outbox",
  claimable: "q.message IS NOT NULL",
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
  const rows = await claimDue<{ id: string | number; kind: MailKind; attempts: number; message: StoredMessage | string }>(
    db,
    MAIL_QUEUE,
    limit,
    leaseMs,
    now,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    attempts: row.attempts,
    message: typeof row.message === "string" ? (JSON.parse(row.message) as StoredMessage) : row.message,
  }));
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
