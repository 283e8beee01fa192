/**
 * What the owner area's delivery log needs: the last 500 deliveries with their state, and "erneut
 * senden" for one of them. Also the endpoints, to see and lift a 410 deactivation.
 */
import type { Db, Queryable } from "../db/types";
import { PERSON_KEY, type WebhookEvent } from "./events";

export const DELIVERY_LOG_LIMIT = 500;

export interface DeliveryLogEntry {
  id: number;
  eventId: string;
  event: WebhookEvent;
  endpoint: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  /** When the next attempt is due; null once delivered or given up. */
  nextAttemptAt: Date | null;
  /** HTTP status of the last answer, if there was one. */
  lastStatus: number | null;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
}

export async function listDeliveries(db: Queryable, limit = DELIVERY_LOG_LIMIT): Promise<DeliveryLogEntry[]> {
  const { rows } = await db.query<{
    id: string | number;
    event_id: string;
    event_type: WebhookEvent;
    endpoint: string;
    status: DeliveryLogEntry["status"];
    attempts: number;
    next_attempt_at: Date;
    last_status: number | null;
    last_error: string | null;
    created_at: Date;
    delivered_at: Date | null;
  }>(
    `SELECT id, event_id, event_type, endpoint, status, attempts, next_attempt_at, last_status, last_error,
            created_at, delivered_at
       FROM webhook_deliveries ORDER BY id DESC LIMIT $1`,
    [Math.min(Math.max(1, limit), DELIVERY_LOG_LIMIT)],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    eventId: row.event_id,
    event: row.event_type,
    endpoint: row.endpoint,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === "pending" ? new Date(row.next_attempt_at) : null,
    lastStatus: row.last_status,
    lastError: row.last_error,
    createdAt: new Date(row.created_at),
    deliveredAt: row.delivered_at ? new Date(row.delivered_at) : null,
  }));
}

export type ResendOutcome = "queued" | "not-found" | "already-queued" | "endpoint-disabled" | "endpoint-removed";

/**
 * "Erneut senden": the delivery is queued again at once, with the same `webhook-id` (a receiver that
 * has it already may skip it) and three fresh days of retries. Not for an endpoint that answered 410
 * (enable it first) or that is no longer configured.
 */
export async function resendDelivery(db: Db, id: number): Promise<ResendOutcome> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ status: string; active: boolean; disabled_at: Date | null }>(
      `SELECT d.status, e.active, e.disabled_at
         FROM webhook_deliveries d JOIN webhook_endpoints e ON e.url = d.endpoint
        WHERE d.id = $1 FOR UPDATE OF d`,
      [id],
    );
    const row = rows[0];
    if (!row) return "not-found";
    if (row.status === "pending") return "already-queued";
    if (row.disabled_at) return "endpoint-disabled";
    if (!row.active) return "endpoint-removed";
    await tx.query(
      `UPDATE webhook_deliveries
          SET status = 'pending', attempts = 0, next_attempt_at = now(), queued_at = now(),
              last_error = NULL, delivered_at = NULL
        WHERE id = $1`,
      [id],
    );
    return "queued";
  });
}

export interface EndpointState {
  url: string;
  active: boolean;
  disabledAt: Date | null;
}

export async function listEndpoints(db: Queryable): Promise<EndpointState[]> {
  const { rows } = await db.query<{ url: string; active: boolean; disabled_at: Date | null }>(
    "SELECT url, active, disabled_at FROM webhook_endpoints ORDER BY url",
  );
  return rows.map((row) => ({
    url: row.url,
    active: row.active,
    disabledAt: row.disabled_at ? new Date(row.disabled_at) : null,
  }));
}

/** Lifts a 410 deactivation: new events go to the endpoint again (earlier ones only with "erneut senden"). */
export async function enableEndpoint(db: Queryable, url: string): Promise<boolean> {
  const { rows } = await db.query(
    "UPDATE webhook_endpoints SET disabled_at = NULL WHERE url = $1 AND disabled_at IS NOT NULL RETURNING url",
    [url],
  );
  return rows.length > 0;
}

/** Art. 15: the deliveries about one person, with what each carried. */
export async function personDeliveries(db: Queryable, email: string): Promise<Record<string, unknown>[]> {
  const { rows } = await db.query(
    `SELECT id, event_type, endpoint, status, attempts, created_at, delivered_at, payload
       FROM webhook_deliveries WHERE person_key = ${PERSON_KEY} ORDER BY id`,
    [email],
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}
