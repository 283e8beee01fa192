/**
 * The webhook worker: the shared outbox loop (server/outbox/loop.ts) over webhook_deliveries. A 2xx
 * acknowledges, 410 disables the endpoint, anything else (other status, redirect, timeout, refused
 * connection, garbage) is retried with back-off for three days.
 */
import type { WebhookConfig } from "../config";
import type { Db } from "../db/types";
import { createOutboxLoop, type Outcome, type OutboxLoop } from "../outbox/loop";
import type { WorkerLog } from "../mail/worker";
import {
  claimDueDeliveries,
  disableEndpoint,
  markDeliveryFailed,
  markDelivered,
  releaseDeliveries,
  type ClaimedDelivery,
} from "./deliveries";
import type { WebhookSender } from "./sender";

export function createWebhookWorker(options: {
  db: Db;
  sender: WebhookSender;
  settings: WebhookConfig;
  log: WorkerLog;
}): OutboxLoop {
  const { db, sender, settings, log } = options;

  async function deliver(delivery: ClaimedDelivery): Promise<Outcome> {
    const result = await sender.send(delivery);
    // Only the host: hook addresses of n8n or Zapier carry their secret in the path.
    const entry = {
      deliveryId: delivery.id,
      event: delivery.eventType,
      host: new URL(delivery.endpoint).host,
      attempts: delivery.attempts,
    };
    if ("status" in result && result.status >= 200 && result.status < 300) {
      await markDelivered(db, delivery.id, result.status);
      log.info({ ...entry, status: result.status }, "webhook delivered");
      return "sent";
    }
    if ("status" in result && result.status === 410) {
      await disableEndpoint(db, delivery.endpoint);
      log.error({ ...entry, status: 410 }, "webhook endpoint answered 410 Gone and is disabled");
      return "failed";
    }
    const status = "status" in result ? result.status : null;
    const reason = "status" in result ? `HTTP ${result.status}` : result.error;
    const outcome = await markDeliveryFailed(db, delivery, status, reason, settings);
    if (outcome === "failed") log.error({ ...entry, reason }, "webhook given up after three days of retries");
    else if (outcome === "retry") log.warn({ ...entry, reason }, "webhook not delivered, will retry");
    return outcome;
  }

  return createOutboxLoop({
    queue: "webhook",
    db,
    settings,
    claim: (limit) => claimDueDeliveries(db, limit, settings.leaseMs),
    deliver,
    release: (ids) => releaseDeliveries(db, ids),
    onClaimError: (error) => log.error({ reason: (error as Error).message }, "webhook outbox not readable, will retry"),
  });
}
