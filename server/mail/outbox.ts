/**
 * The mail outbox: queueing a composed mail inside the caller's transaction, and the worker's queries to
 * claim due rows, mark them sent or schedule the next attempt.
 */
import { randomUUID } from "node:crypto";
import type { Queryable } from "../db/types";
import { link, siteValues, type MailContext } from "./context";
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
  /** When to send it (a daily plan mail); without it, at once. */
  dueAt?: Date;
}

function mailbox(box: Mailbox): Mailbox {
  return box.name ? { name: displayName(box.name), address: box.address } : { address: box.address };
}

export function composeMail(context: MailContext, mail: OutgoingMail): StoredMessage {
  const { site } = context;
  const unsubscribeUrl = mail.unsubscribeToken
    ? link(context, `/api/leads/unsubscribe?token=${mail.unsubscribeToken}`)
    : undefined;
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

/**
 * Queues one mail in the caller's transaction: it is sent only if the submission commits, and it is
 * never lost once the submission is acknowledged. A mail with `dueAt` waits until then; the worker
 * claims only rows that are due. Returns false when the recipient's address is not one we send to
 * (see `isDeliverableAddress`); nothing is queued then.
 */
export async function enqueueMail(tx: Queryable, context: MailContext, mail: OutgoingMail): Promise<boolean> {
  if (!isDeliverableAddress(mail.to.address)) return false;
  const message = composeMail(context, mail);
  await tx.query(
    `INSERT INTO mail_outbox (kind, recipient, person_email, lead_id, contact_request_id, subject, message,
                              due_at, next_attempt_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, coalesce($8::timestamptz, now()))`,
    [
      mail.kind,
      mail.to.address,
      mail.personEmail,
      mail.leadId ?? null,
      mail.contactRequestId ?? null,
      message.subject,
      JSON.stringify(message),
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

/**
 * The time the outbox queries work with: `now` when given (a test's clock, see MailContext.clock),
 * else the database's own now(), the one clock all instances share.
 */
const NOW = (param: string) => `coalesce(${param}::timestamptz, now())`;
const at = (now: Date | undefined) => now?.toISOString() ?? null;

/**
 * Takes up to `limit` due rows and moves their due time forward by `leaseMs`, in one statement. On
 * PostgreSQL `SKIP LOCKED` lets several server instances claim side by side without taking the same
 * row; a worker that dies mid-send leaves its rows to be claimed again once the lease has run out.
 */
export async function claimDueMails(db: Queryable, limit: number, leaseMs: number, now?: Date): Promise<ClaimedMail[]> {
  const { rows } = await db.query<{ id: string | number; kind: MailKind; attempts: number; message: StoredMessage | string }>(
    `UPDATE mail_outbox
        SET attempts = attempts + 1,
            next_attempt_at = ${NOW("$3")} + $2::double precision * interval '1 millisecond'
      WHERE id IN (
        SELECT id FROM mail_outbox
         WHERE status = 'pending' AND next_attempt_at <= ${NOW("$3")} AND message IS NOT NULL
         ORDER BY next_attempt_at, id
         LIMIT $1
         FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, attempts, message`,
    [limit, leaseMs, at(now)],
  );
  return rows
    .map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      attempts: row.attempts,
      message: typeof row.message === "string" ? (JSON.parse(row.message) as StoredMessage) : row.message,
    }))
    .sort((a, b) => a.id - b.id);
}

/** The composed mail is dropped once sent: it may hold a link token, and the row stays only as a record. */
export async function markSent(db: Queryable, id: number, now?: Date): Promise<void> {
  await db.query(
    `UPDATE mail_outbox SET status = 'sent', sent_at = ${NOW("$2")}, message = NULL, last_error = NULL
      WHERE id = $1 AND status = 'pending'`,
    [id, at(now)],
  );
}

/** Gives claimed but unattempted rows back, as if never claimed. */
export async function releaseMails(db: Queryable, ids: number[], now?: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `UPDATE mail_outbox SET attempts = attempts - 1, next_attempt_at = ${NOW("$2")}
      WHERE id = ANY($1::bigint[]) AND status = 'pending'`,
    [ids, at(now)],
  );
}

export interface RetryPolicy {
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
}

/** Exponential back-off: base, 2×base, 4×base … up to the maximum; after the last attempt the row is `failed`. */
export function retryDelayMs(attempts: number, policy: RetryPolicy): number {
  return Math.min(policy.retryBaseMs * 2 ** Math.max(0, attempts - 1), policy.retryMaxMs);
}

export async function markAttemptFailed(
  db: Queryable,
  mail: ClaimedMail,
  error: string,
  policy: RetryPolicy,
  now?: Date,
): Promise<"retry" | "failed"> {
  const outcome = mail.attempts >= policy.maxAttempts ? "failed" : "retry";
  await db.query(
    `UPDATE mail_outbox
        SET status = $2, last_error = $3,
            next_attempt_at = ${NOW("$5")} + $4::double precision * interval '1 millisecond'
      WHERE id = $1 AND status = 'pending'`,
    [mail.id, outcome === "failed" ? "failed" : "pending", error.slice(0, 500), retryDelayMs(mail.attempts, policy), at(now)],
  );
  return outcome;
}
