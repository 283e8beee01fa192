/**
 * The worker loop shared by the mail and the webhook outbox: claim a batch, deliver it a few at a time,
 * hand back what was not attempted when stopping, then poll again. State lives only in the database, so
 * a restart (or a second instance on the same PostgreSQL) simply carries on where the table stands.
 */
import diagnostics from "node:diagnostics_channel";
import type { Db, Queryable } from "../db/types";

export interface LoopSettings {
  pollMs: number;
  batchSize: number;
  /** Rows delivered at the same time. */
  concurrency: number;
}

/** What one delivery attempt came to; "gone" when the row was erased or cancelled meanwhile. */
export type Outcome = "sent" | "retry" | "failed" | "gone";

/**
 * Every attempt's outcome is published here, so the metrics can count failures without the workers
 * knowing about them. `db` tells apps in one process apart.
 */
export const OUTCOME_CHANNEL = "urkraft:outbox-outcome";
export interface OutcomeMessage {
  queue: "mail" | "webhook";
  outcome: Outcome;
  db: Queryable | Db;
}
const outcomes = diagnostics.channel(OUTCOME_CHANNEL);

export interface OutboxLoop {
  /** Delivers what is due now, once; returns how many rows were attempted. */
  runOnce(): Promise<number>;
  /** Runs `runOnce` until stopped: at once again after a full batch, else after `pollMs`. */
  start(): void;
  /** Ends the loop after the rows in hand; resolves when nothing is being delivered any more. */
  stop(): Promise<void>;
}

export function createOutboxLoop<Row extends { id: number }>(options: {
  queue: OutcomeMessage["queue"];
  db: Queryable;
  settings: LoopSettings;
  claim(limit: number): Promise<Row[]>;
  deliver(row: Row): Promise<Outcome>;
  release(ids: number[]): Promise<void>;
  /**
   * Records the rows `deliver` reported "sent" in one statement per batch (mails: one UPDATE instead of
   * one per mail). Without it `deliver` records each row itself.
   */
  markDelivered?(ids: number[]): Promise<void>;
  /** Called when the claim itself fails (database unreachable); the loop carries on after `pollMs`. */
  onClaimError(error: unknown): void;
}): OutboxLoop {
  const { settings } = options;
  let running = false;
  let stopping = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  async function runOnce(): Promise<number> {
    const batch = await options.claim(settings.batchSize);
    // A few rows in flight at once: each delivery spends most of its time waiting for the other side.
    let next = 0;
    const delivered: number[] = [];
    const publish = (outcome: Outcome) => {
      if (outcomes.hasSubscribers) outcomes.publish({ queue: options.queue, outcome, db: options.db } satisfies OutcomeMessage);
    };
    const lane = async () => {
      while (next < batch.length && !stopping) {
        const row = batch[next++]!;
        const outcome = await options.deliver(row);
        if (outcome === "sent" && options.markDelivered) delivered.push(row.id);
        else publish(outcome);
      }
    };
    await Promise.all(Array.from({ length: Math.min(settings.concurrency, batch.length) }, lane));
    if (delivered.length > 0) {
      // Should this fail (database gone), the rows stay leased and are sent again once the lease ends:
      // at least once, as when a worker dies after sending.
      await options.markDelivered!(delivered);
      for (const _ of delivered) publish("sent");
    }
    // Handed back rather than left to the lease, so the next start delivers them at once.
    await options.release(batch.slice(next).map((row) => row.id));
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
        options.onClaimError(error);
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
