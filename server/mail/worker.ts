/**
 * The outbox worker: runs inside the server process, claims due mails, sends them, marks them sent or
 * schedules a retry with exponential back-off. The loop itself is shared with the webhooks
 * (server/outbox/loop.ts).
 */
import type { Db } from "../db/types";
import { createOutboxLoop, type Outcome, type OutboxLoop } from "../outbox/loop";
import { composeNewsletterMail, newsletterTexts } from "../newsletters/sending";
import { isNewsletterSlot } from "../newsletters/slot";
import type { MailContext } from "./context";
import {
  claimDueMails,
  claimDueMailsWithinRate,
  markAttemptFailed,
  markSent,
  markUndeliverable,
  releaseMails,
  type ClaimedMail,
  type MailRate,
  type RetryPolicy,
  type StoredMessage,
} from "./outbox";
import type { MailTransport } from "./transport";

export interface WorkerSettings extends RetryPolicy {
  pollMs: number;
  /** How long a claimed row stays reserved for the worker sending it. */
  leaseMs: number;
  batchSize: number;
  /** Mails sent at the same time (and SMTP connections kept open). */
  concurrency: number;
  /** MAIL_RATE; unset: as fast as the mail server takes them. */
  rate?: MailRate;
}

/** The subset of pino's logger the worker uses. */
export interface WorkerLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** `runOnce` sends what is due now; `start` keeps doing so; `stop` ends after the mails in hand. */
export type MailWorker = OutboxLoop;

/**
 * What an SMTP error may say in the log and in `last_error`: codes only. The server's text often
 * repeats the recipient's address, which must not reach the log.
 */
function describeError(error: unknown): string {
  const e = error as { code?: unknown; responseCode?: unknown; command?: unknown };
  const parts = [e.code, e.responseCode, e.command].filter((part) => part !== undefined && part !== "");
  return parts.length > 0 ? parts.join(" ") : (error as Error).name || "Error";
}

/**
 * A 5xx answer to the recipient (RCPT TO) or to the mail itself (DATA) refuses this address for good;
 * 4xx answers and every other failure (connection, login) are retried with back-off.
 */
function isPermanentRefusal(error: unknown): boolean {
  const e = error as { responseCode?: unknown; command?: unknown };
  return (
    typeof e.responseCode === "number" &&
    e.responseCode >= 500 &&
    e.responseCode < 600 &&
    (e.command === "RCPT TO" || e.command === "DATA")
  );
}

export function createMailWorker(options: {
  db: Db;
  transport: MailTransport;
  settings: WorkerSettings;
  log: WorkerLog;
  /** The time to send by; the database's now() when unset (see MailContext.clock). */
  clock?: () => Date;
  /** Composes newsletter rows; without it they are retried until a worker with a context sends them. */
  context?: MailContext;
}): MailWorker {
  const { db, transport, settings, log, clock, context } = options;
  const newsletterText = newsletterTexts(db);

  /**
   * The message to send now; undefined when the row was cancelled (unsubscribed, erased) after it was claimed, so a
   * reader who unsubscribes while their mail is between claim and send does not get it. A newsletter row is composed here.
   */
  async function messageOf(mail: ClaimedMail): Promise<StoredMessage | undefined> {
    const { message } = mail;
    const stillDue = async () =>
      (await db.query("SELECT 1 FROM mail_outbox WHERE id = $1 AND status = 'pending'", [mail.id])).rows.length > 0;
    if (!isNewsletterSlot(message)) return (await stillDue()) ? message : undefined;
    if (!context) throw new Error("no mail context for newsletters");
    const text = (await stillDue()) ? await newsletterText(message.newsletter) : undefined;
    return text && composeNewsletterMail(context, text, message);
  }

  async function deliver(mail: ClaimedMail): Promise<Outcome> {
    try {
      const message = await messageOf(mail);
      if (!message) return "gone";
      const { file } = await transport.send(message, mail.id, mail.kind);
      if (file) log.info({ mailId: mail.id, kind: mail.kind, file }, "mail written to outbox folder");
      else log.info({ mailId: mail.id, kind: mail.kind }, "mail sent");
      // A newsletter is recorded at once rather than with its batch: a crash right after sending it
      // then sends it again only if it strikes between the server's answer and this statement.
      if (mail.kind === "newsletter") await markSent(db, [mail.id], clock?.());
      return "sent";
    } catch (error) {
      const reason = describeError(error);
      if (isPermanentRefusal(error)) {
        await markUndeliverable(db, mail, reason, clock?.());
        log.error({ mailId: mail.id, kind: mail.kind, reason }, "mail refused for good, address marked undeliverable");
        return "failed";
      }
      const outcome = await markAttemptFailed(db, mail, reason, settings, clock?.());
      const entry = { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, reason };
      if (outcome === "failed") log.error(entry, "mail given up after the last attempt");
      else log.warn(entry, "mail not sent, will retry");
      return outcome;
    }
  }

  return createOutboxLoop({
    queue: "mail",
    db,
    settings,
    claim: (limit) =>
      settings.rate
        ? claimDueMailsWithinRate(db, limit, settings.leaseMs, settings.rate, clock?.())
        : claimDueMails(db, limit, settings.leaseMs, clock?.()),
    deliver,
    release: (ids) => releaseMails(db, ids, clock?.()),
    // Sent mails are recorded together at the end of each batch.
    markDelivered: (ids) => markSent(db, ids, clock?.()),
    onClaimError: (error) => log.error({ reason: describeError(error) }, "mail outbox not readable, will retry"),
  });
}
