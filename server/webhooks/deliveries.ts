/**
 * The worker's queries on webhook_deliveries, on top of the shared outbox mechanics
 * (server/outbox/queue.ts): claim in order per person and endpoint, acknowledge, retry, disable on 410.
 */
import type { Db, Queryable } from "../db/types";
import { claimDue, releaseClaimed, scheduleRetry, type OutboxTable, type RetryPolicy } from "../outbox/queue";

/**
 * A delivery is claimed only when no earlier delivery of the same person to the same endpoint is still
 * pending: events of one person arrive in the order they happened (confirmed before unsubscribed or
 * erased), while other people's events pass a receiver that keeps failing one of them.
 */
export const WEBHOOK_QUEUE: OutboxTable = {
  table: "webhook_deliveries",
  claimable: `NOT EXISTS (
      SELECT 1 FROM webhook_deliveries e
       WHERE e.endpoint = q.endpoint AND e.person_key = q.person_key AND e.status = 'pending' AND e.id < q.id)`,
  returning: "id, event_id, event_type, endpoint, payload, attempts",
  retryFrom: "queued_at",
};

export interface ClaimedDelivery {
  id: number;
  eventId: string;
  eventType: string;
  endpoint: string;
  payload: string;
  attempts: number;
}

export async function claimDueDeliveries(db: Queryable, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const rows = await claimDue<{
    id: string | number;
    event_id: string;
    event_type: string;
    endpoint: string;
    payload: string;
    attempts: number;
  }>(db, WEBHOOK_QUEUE, limit, leaseMs);
  return rows.map((row) => ({
    id: Number(row.id),
    eventId: row.event_id,
    eventType: row.event_type,
    endpoint: row.endpoint,
    payload: row.payload,
    attempts: row.attempts,
  }));
}

export function releaseDeliveries(db: Queryable, ids: number[]): Promise<void> {
  return releaseClaimed(db, WEBHOOK_QUEUE, ids);
}

export async function markDelivered(db: Queryable, id: number, status: number): Promise<void> {
  await db.query(
    `UPDATE webhook_deliveries SET status = 'delivered', delivered_at = now(), last_status = $2, last_error = NULL
      WHERE id = $1 AND status = 'pending'`,
    [id, status],
  );
}

export async function markDeliveryFailed(
  db: Queryable,
  delivery: ClaimedDelivery,
  status: number | null,
  error: string,
  policy: RetryPolicy,
): Promise<"retry" | "failed" | "gone"> {
  return scheduleRetry(db, WEBHOOK_QUEUE, delivery, error, policy, { column: "last_status", value: status });
}

export const DISABLED_MESSAGE = "Endpunkt hat mit 410 Gone geantwortet und ist deaktiviert";

/** 410 Gone: the receiver says it wants nothing more. Persisted; what is still queued for it is given up. */
export async function disableEndpoint(db: Db, url: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query("UPDATE webhook_endpoints SET disabled_at = now() WHERE url = $1 AND disabled_at IS NULL", [url]);
    await tx.query(
      `UPDATE webhook_deliveries SET status = 'failed', last_status = 410, last_error = $2
        WHERE endpoint = $1 AND status = 'pending'`,
      [url, DISABLED_MESSAGE],
    );
  });
}

/** Shown to the owner beside a delivery given up because its receiver is no longer configured. */
export const REMOVED_MESSAGE = "Empfänger ist nicht mehr eingerichtet";

/**
 * Makes webhook_endpoints match WEBHOOK_URLS at start: new addresses are added, configured ones become
 * active again (a 410 stays until the owner enables the endpoint), and deliveries still queued for an
 * address no longer configured are given up.
 */
export async function syncEndpoints(db: Db, urls: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO webhook_endpoints (url) SELECT unnest($1::text[])
       ON CONFLICT (url) DO UPDATE SET active = true`,
      [urls],
    );
    await tx.query("UPDATE webhook_endpoints SET active = false WHERE active AND NOT (url = ANY($1::text[]))", [urls]);
    await tx.query(
      `UPDATE webhook_deliveries SET status = 'failed', last_error = $1
        WHERE status = 'pending' AND endpoint IN (SELECT url FROM webhook_endpoints WHERE NOT active)`,
      [REMOVED_MESSAGE],
    );
  });
}

/** Delivery records (and their payloads) older than `days`, whatever their state, except those still queued. */
export async function purgeDeliveries(db: Queryable, days: number): Promise<number> {
  const { rows } = await db.query(
    `DELETE FROM webhook_deliveries
      WHERE status <> 'pending' AND created_at < now() - $1::integer * interval '1 day'
      RETURNING id`,
    [days],
  );
  return rows.length;
}
