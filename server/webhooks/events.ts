/**
 * The webhook events and their payloads (docs/webhooks.md). Each `queue…` function is called inside
 * the transaction of what it reports, so the event exists exactly when that change is committed; it
 * writes one delivery row per enabled endpoint, and nothing when no endpoint is configured.
 */
import { randomUUID } from "node:crypto";
import type { Queryable } from "../db/types";
import { ownerRequestPath } from "../../common/routes";

export const WEBHOOK_EVENTS = [
  "lead.confirmed",
  "lead.unsubscribed",
  "contact.received",
  "person.erased",
  "newsletter.sent",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** A claimed delivery stays reserved this long (config.webhooks.leaseMs); see `eraseWebhookEvents`. */
export const DELIVERY_LEASE_MS = 5 * 60_000;

/** The body of every webhook, as the Standard Webhooks specification suggests. */
export interface WebhookPayload {
  type: WebhookEvent;
  timestamp: string;
  data: Record<string, string>;
}

/** `newsletter.sent`: the newsletter's id, subject and figures (numbers), no personal data. */
export interface NewsletterSentPayload {
  type: "newsletter.sent";
  timestamp: string;
  data: Record<string, string | number>;
}

/** The person's key in webhook_deliveries, computed by the database so it matches `lower(email)` elsewhere. */
export const personKey = (param: string) => `encode(sha256(convert_to(lower(${param}::text), 'UTF8')), 'hex')`;
export const PERSON_KEY = personKey("$1");

/** The endpoints an event is delivered to: one delivery row each. */
export const ENABLED_ENDPOINTS = "webhook_endpoints WHERE active AND disabled_at IS NULL";

/** A new webhook-id: the same on every attempt and for every endpoint. */
export const newEventId = () => `msg_${randomUUID().replace(/-/g, "")}`;

const iso = (value: Date | string) => new Date(value).toISOString();

async function queueEvent(
  tx: Queryable,
  personEmail: string,
  payload: WebhookPayload | NewsletterSentPayload,
  dueAt: Date | null = null,
): Promise<number> {
  const { rows } = await tx.query(
    `INSERT INTO webhook_deliveries (event_id, event_type, endpoint, person_key, payload, next_attempt_at)
     SELECT $2, $3, url, ${PERSON_KEY}, $4, coalesce($5::timestamptz, now())
       FROM ${ENABLED_ENDPOINTS}
     RETURNING id`,
    [personEmail, newEventId(), payload.type, JSON.stringify(payload), dueAt],
  );
  return rows.length;
}

/** Called when the confirmation click has confirmed the lead: name, address and the consent it confirmed. */
export async function queueLeadConfirmed(tx: Queryable, leadId: number): Promise<void> {
  const { rows } = await tx.query<{ email: string; name: string; confirmed_at: Date; consent_text_version: string }>(
    "SELECT email, name, confirmed_at, consent_text_version FROM leads WHERE id = $1 AND status = 'confirmed'",
    [leadId],
  );
  const lead = rows[0];
  if (!lead) return;
  await queueEvent(tx, lead.email, {
    type: "lead.confirmed",
    timestamp: iso(lead.confirmed_at),
    data: {
      email: lead.email,
      name: lead.name,
      confirmedAt: iso(lead.confirmed_at),
      consentTextVersion: lead.consent_text_version,
    },
  });
}

/**
 * Called by the unsubscribe link, which may be used again: only the click that unsubscribed the lead
 * in this transaction (its `unsubscribed_at` is the transaction's `now()`) sends the event.
 */
export async function queueLeadUnsubscribed(tx: Queryable, leadId: number): Promise<void> {
  const { rows } = await tx.query<{ email: string; unsubscribed_at: Date }>(
    "SELECT email, unsubscribed_at FROM leads WHERE id = $1 AND status = 'unsubscribed' AND unsubscribed_at = now()",
    [leadId],
  );
  const lead = rows[0];
  if (!lead) return;
  await queueEvent(tx, lead.email, {
    type: "lead.unsubscribed",
    timestamp: iso(lead.unsubscribed_at),
    data: { email: lead.email, unsubscribedAt: iso(lead.unsubscribed_at) },
  });
}

/** The `contact.received` body: who and when, and where the owner reads it. The message itself stays on the site. */
export function contactReceivedPayload(
  siteUrl: string,
  request: { name: string; email: string },
  requestId: number | string,
  receivedAt: string,
): WebhookPayload {
  return {
    type: "contact.received",
    timestamp: receivedAt,
    data: {
      name: request.name,
      email: request.email,
      receivedAt,
      url: `${siteUrl.replace(/\/+$/, "")}${ownerRequestPath(requestId)}`,
    },
  };
}

/** Queues `contact.received` for a stored request (the form itself queues it in its statement, services/contact.ts). */
export async function queueContactReceived(tx: Queryable, siteUrl: string, requestId: number): Promise<void> {
  const { rows } = await tx.query<{ name: string; email: string; submitted_at: Date }>(
    "SELECT name, email, submitted_at FROM contact_requests WHERE id = $1",
    [requestId],
  );
  const request = rows[0];
  if (!request) return;
  await queueEvent(tx, request.email, contactReceivedPayload(siteUrl, request, requestId, iso(request.submitted_at)));
}

/**
 * Part of an erasure (Art. 17): deletes every webhook record of the person, delivered or not, except
 * a `person.erased` still waiting, and, when `notify` (something was erased), queues `person.erased`
 * so the owner's tools can erase too. Should an earlier event of the person be in flight right now,
 * `person.erased` waits until that attempt's lease has run out, so it never arrives before it.
 */
export async function eraseWebhookEvents(tx: Queryable, email: string, notify: boolean): Promise<void> {
  const { rows } = await tx.query<{ due: Date | null; now: Date }>(
    `WITH erased AS (
       DELETE FROM webhook_deliveries
        WHERE person_key = ${PERSON_KEY} AND NOT (event_type = 'person.erased' AND status = 'pending')
        RETURNING status, attempts, next_attempt_at)
     SELECT max(least(next_attempt_at, now() + $2::double precision * interval '1 millisecond'))
              FILTER (WHERE status = 'pending' AND attempts > 0) AS due,
            now() AS now
       FROM erased`,
    [email, DELIVERY_LEASE_MS],
  );
  if (!notify) return;
  const erasedAt = iso(rows[0]!.now);
  await queueEvent(tx, email, { type: "person.erased", timestamp: erasedAt, data: { email, erasedAt } }, rows[0]!.due);
}

/**
 * Called when the last row of a newsletter has been sent, cancelled or given up: its subject and figures,
 * no addresses. Ordered apart from every person's events (its key is the newsletter's, not an address).
 */
export async function queueNewsletterSent(
  tx: Queryable,
  newsletter: { id: number; subject: string; finishedAt: Date; figures: object },
): Promise<void> {
  const finishedAt = iso(newsletter.finishedAt);
  await queueEvent(tx, `newsletter:${newsletter.id}`, {
    type: "newsletter.sent",
    timestamp: finishedAt,
    data: { id: newsletter.id, subject: newsletter.subject, finishedAt, ...(newsletter.figures as Record<string, number>) },
  });
}
