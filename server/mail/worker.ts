/**
 * The outbox worker: runs inside the server process, claims due mails, sends them, marks them sent or
 * schedules a retry with exponential back-off. State lives only in the database, so a restart (or a
 * second instance on the same PostgreSQL) simply carries on where the table stands.
 */
import type { Queryable } from "../db/types";
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

export interface MailWorker {
  /** Sends what is due now, once; returns how many mails were attempted. */
  runOnce(): Promise<number>;
  /** Runs `runOnce` until stopped: at once again after a full batch, else after `pollMs`. */
  start(): void;
  /** Ends the loop after the mail in hand; resolves when nothing is being sent any more. */
  stop(): Promise<void>;
}

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
  let running = false;
  let stopping = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  async function deliver(mail: ClaimedMail): Promise<void> {
    try {
      const { file } = await transport.send(mail.message, mail.id, mail.kind);
      await markSent(db, mail.id, clock?.());
      if (file) log.info({ mailId: mail.id, kind: mail.kind, file }, "mail written to outbox folder");
      else log.info({ mailId: mail.id, kind: mail.kind }, "mail sent");
    } catch (error) {
      const reason = describeError(error);
      const outcome = await markAttemptFailed(db, mail, reason, settings, clock?.());
      const entry = { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, reason };
      if (outcome === "failed") log.error(entry, "mail given up after the last attempt");
      else log.warn(entry, "mail not sent, will retry");
    }
  }

  async function runOnce(): Promise<number> {
    const batch = await claimDueMails(db, settings.batchSize, settings.leaseMs, clock?.());
    // A few mails in flight at once: each SMTP exchange spends most of its time waiting for the server.
    let next = 0;
    const lane = async () => {
      while (next < batch.length && !stopping) await deliver(batch[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(settings.concurrency, batch.length) }, lane));
    // Handed back rather than left to the lease, so the next start sends them at once.
    await releaseMails(
      db,
      batch.slice(next).map((mail) => mail.id),
      clock?.(),
    );
    return batch.length;
  }

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function run(): Promise<void> {
    while (running) {
      let attempted = 0;
      try {
        attempted = await runOnce();
      } catch (error) {
        log.error({ reason: describeError(error) }, "mail outbox not readable, will retry");
      }
      if (running && attempted < settings.batchSize) await pause(settings.pollMs);
    }
  }

  return {
    runOnce,
    start() {
      if (running) return;
      running = true;
      stopping = false;
      loop = run();
    },
    async stop() {
      running = false;
      stopping = true;
      wake?.();
      await loop;
      loop = undefined;
    },
  };
}
