/** The gauges read from the database on each scrape: one round trip of cheap counts over indexed columns. */
import type { Queryable } from "../db/types";
import type { Collectors } from "./collectors";

interface Figures {
  mail_pending: number;
  mail_oldest: number | null;
  mail_failed: number;
  webhook_pending: number;
  webhook_oldest: number | null;
  webhook_failed: number;
  overdue: number;
  disabled: number;
}

export async function readDatabaseGauges(db: Queryable, metrics: Collectors, replyWithinHours: number): Promise<void> {
  try {
    const { rows } = await db.query<Figures>(
      `SELECT
         (SELECT count(*) FROM mail_outbox WHERE status = 'pending')::int AS mail_pending,
         (SELECT extract(epoch FROM now() - min(created_at)) FROM mail_outbox WHERE status = 'pending')::float8 AS mail_oldest,
         (SELECT count(*) FROM mail_outbox WHERE status = 'failed')::int AS mail_failed,
         (SELECT count(*) FROM webhook_deliveries WHERE status = 'pending')::int AS webhook_pending,
         (SELECT extract(epoch FROM now() - min(queued_at)) FROM webhook_deliveries WHERE status = 'pending')::float8
           AS webhook_oldest,
         (SELECT count(*) FROM webhook_deliveries WHERE status = 'failed')::int AS webhook_failed,
         (SELECT count(*) FROM contact_requests
           WHERE answered_at IS NULL AND spam IS NULL AND submitted_at < now() - $1::double precision * interval '1 hour')::int AS overdue,
         (SELECT count(*) FROM webhook_endpoints WHERE active AND disabled_at IS NOT NULL)::int AS disabled`,
      [replyWithinHours],
    );
    const figures = rows[0]!;
    metrics.pending.set({ queue: "mail" }, figures.mail_pending);
    metrics.pending.set({ queue: "webhook" }, figures.webhook_pending);
    metrics.oldestPending.set({ queue: "mail" }, Math.max(0, figures.mail_oldest ?? 0));
    metrics.oldestPending.set({ queue: "webhook" }, Math.max(0, figures.webhook_oldest ?? 0));
    metrics.givenUp.set({ queue: "mail" }, figures.mail_failed);
    metrics.givenUp.set({ queue: "webhook" }, figures.webhook_failed);
    metrics.overdueRequests.set(figures.overdue);
    metrics.disabledEndpoints.set(figures.disabled);
    metrics.databaseUp.set(1);
  } catch {
    // The other figures still help while the database is away; the stale ones are marked by this gauge.
    metrics.databaseUp.set(0);
  }
}
