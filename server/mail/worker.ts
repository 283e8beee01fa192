/**
 * The outbox worker: runs inside the server process, claims due mails, sends them, marks them sent or
 * schedules a retry with exponential back-off. The loop itself is shared with the webhooks
 * (server/outbox/loop.ts).
 */
import type { Queryable } from "../db/types";
import { createOutboxLoop, type Outcome, type OutboxLoop } from "../outbox/loop";
import { claimDueMails, markAttemptFailed, markSent, releaseMails, type ClaimedMail, type RetryPolicy } from "./outbox";
import type { MailTransport } from "./transport";

export interface WorkerSettings extends RetryPolicy {
  pollMs: number;
  /** How long a claimed row stays reserved for the worker sending it. */
  leaseMs: number;
  batchSize: number;
  /** Mails sent at the same time (and SMTP connections kept open). */
  concurrency: number;
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

export function createMailWorker(options: {
  db: Queryable;
  transport: MailTransport;
  settings: WorkerSettings;
  log: WorkerLog;
  /** The time to send by; the database's now() when unset (see MailContext.clock). */
  clock?: () => Date;
}): MailWorker {
  const { db, transport, settings, log, clock } = options;

  async function deliver(mail: ClaimedMail): Promise<Outcome> {
    try {
      const { file } = await transport.send(mail.message, mail.id, mail.kind);
      if (file) log.info({ mailId: mail.id, kind: mail.kind, file }, "mail written to outbox folder");
      else log.info({ mailId: mail.id, kind: mail.kind }, "mail sent");
      return "sent";
    } catch (error) {
      const reason = describeError(error);
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
    claim: (limit) => claimDueMails(db, limit, settings.leaseMs, clock?.()),
    deliver,
    release: (ids) => releaseMails(db, ids, clock?.()),
    // Sent mails are recorded together at the end of each batch.
    markDelivered: (ids) => markSent(db, ids, clock?.()),
    onClaimError: (error) => log.error({ reason: describeError(error) }, "mail outbox not readable, will retry"),
  });
}
