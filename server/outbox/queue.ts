/**
 * The durable outbox mechanics shared by mails (`mail_outbox`) and webhooks (`webhook_deliveries`): claim
 * due rows with a lease, hand unattempted rows back, and schedule the next attempt with exponential
 * back-off or give up. Each table has the columns `id`, `status` ('pending' while queued), `attempts`,
 * `next_attempt_at` (due time, moved forward by the lease when claimed) and `last_error`.
 */
import type { Queryable } from "../db/types";

export interface RetryPolicy {
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
  /** Give up once the next attempt would fall later than this long after `retryFrom` (webhooks: 3 days). */
  retryForMs?: number;
}

export interface OutboxTable {
  /** Table name; also used as the alias `q` in `claimable`. */
  table: "mail_outbox" | "webhook_deliveries";
  /** Further condition a due row must meet to be claimed, on alias `q` (e.g. order per person). */
  claimable?: string;
  /** Order in which due rows are claimed, on alias `q`; by due time and id unless given. */
  order?: string;
  /** Columns returned by a claim. */
  returning: string;
  /** Column the `retryForMs` window counts from. */
  retryFrom?: string;
  /** Column emptied in the same statement that gives a row up (e.g. a mail's content). */
  clearOnFailure?: string;
}

/**
 * The time a query works with: the parameter `$n` when given (a test's clock), else the database's own
 * now(), the one clock all instances share.
 */
const nowAt = (n: number) => `coalesce($${n}::timestamptz, now())`;
const iso = (now: Date | undefined) => now?.toISOString() ?? null;

/** Exponential back-off: base, 2×base, 4×base … up to the maximum. */
export function retryDelayMs(attempts: number, policy: Pick<RetryPolicy, "retryBaseMs" | "retryMaxMs">): number {
  return Math.min(policy.retryBaseMs * 2 ** Math.max(0, attempts - 1), policy.retryMaxMs);
}

/**
 * Takes up to `limit` due rows and moves their due time forward by `leaseMs`, in one statement. On
 * PostgreSQL `SKIP LOCKED` lets several server instances claim side by side without taking the same
 * row; a worker that dies mid-send leaves its rows to be claimed again once the lease has run out.
 * Rows come back in id order.
 */
export async function claimDue<Row extends { id: string | number }>(
  db: Queryable,
  queue: OutboxTable,
  limit: number,
  leaseMs: number,
  now?: Date,
): Promise<Row[]> {
  const { table } = queue;
  const { rows } = await db.query<Row>(
    `UPDATE ${table}
        SET attempts = attempts + 1,
            next_attempt_at = ${nowAt(3)} + $2::double precision * interval '1 millisecond'
      WHERE id IN (
        SELECT q.id FROM ${table} q
         WHERE q.status = 'pending' AND q.next_attempt_at <= ${nowAt(3)} AND (${queue.claimable ?? "true"})
         ORDER BY ${queue.order ?? "q.next_attempt_at, q.id"}
         LIMIT $1
         FOR UPDATE SKIP LOCKED)
      RETURNING ${queue.returning}`,
    [limit, leaseMs, iso(now)],
  );
  return rows.sort((a, b) => Number(a.id) - Number(b.id));
}

/** Gives claimed but unattempted rows back, as if never claimed. */
export async function releaseClaimed(db: Queryable, queue: OutboxTable, ids: number[], now?: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `UPDATE ${queue.table} SET attempts = attempts - 1, next_attempt_at = ${nowAt(2)}
      WHERE id = ANY($1::bigint[]) AND status = 'pending'`,
    [ids, iso(now)],
  );
}

/**
 * Records a failed attempt: the row is due again after the back-off, or `failed` after the last
 * attempt. "gone" when the row was no longer pending (cancelled or erased meanwhile).
 */
export async function scheduleRetry(
  db: Queryable,
  queue: OutboxTable,
  row: { id: number; attempts: number },
  error: string,
  policy: RetryPolicy,
  /** A further column written with the attempt, e.g. the HTTP status of a webhook. */
  also?: { column: string; value: unknown },
  now?: Date,
): Promise<"retry" | "failed" | "gone"> {
  const delayMs = retryDelayMs(row.attempts, policy);
  const windowStart = queue.retryFrom ?? nowAt(6);
  const givingUp = `attempts >= $2
                           OR ($5::double precision IS NOT NULL
                               AND ${nowAt(6)} + $4::double precision * interval '1 millisecond'
                                   > ${windowStart} + $5::double precision * interval '1 millisecond')`;
  const clear = queue.clearOnFailure;
  const { rows } = await db.query<{ status: string }>(
    `UPDATE ${queue.table}
        SET status = CASE WHEN ${givingUp} THEN 'failed' ELSE 'pending' END,${
          clear ? ` ${clear} = CASE WHEN ${givingUp} THEN NULL ELSE ${clear} END,` : ""
        }
            last_error = $3,${also ? ` ${also.column} = $7,` : ""}
            next_attempt_at = ${nowAt(6)} + $4::double precision * interval '1 millisecond'
      WHERE id = $1 AND status = 'pending'
      RETURNING status`,
    [
      row.id,
      policy.maxAttempts,
      error.slice(0, 500),
      delayMs,
      policy.retryForMs ?? null,
      iso(now),
      ...(also ? [also.value] : []),
    ],
  );
  const status = rows[0]?.status;
  if (status === undefined) return "gone";
  return status === "failed" ? "failed" : "retry";
}
