/**
 * Wires webhooks into the app: at start the configured endpoints are written to webhook_endpoints
 * (events are queued for those), and in a worker instance (MAIL_WORKER) the delivery worker runs. Old
 * delivery records are purged with the mail records' period by a job (../jobs.ts).
 */
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import { syncEndpoints } from "./deliveries";
import { createSender, type WebhookSender } from "./sender";
import { createWebhookWorker } from "./worker";

export function registerWebhooks(app: FastifyInstance, config: Config, sender?: WebhookSender): void {
  const settings = config.webhooks;
  app.addHook("onReady", async () => {
    await syncEndpoints(app.db, settings.urls);
  });
  if (!config.mail.worker || settings.urls.length === 0 || !settings.secret) return;

  const log = app.log.child({ module: "webhooks" });
  const worker = createWebhookWorker({
    db: app.db,
    sender: sender ?? createSender(settings.secret, settings.timeoutMs),
    settings,
    log,
  });
  app.addHook("onReady", async () => {
    log.info({ endpoints: settings.urls.length }, "webhook worker started");
    worker.start();
  });
  app.addHook("preClose", async () => {
    await worker.stop();
  });
}
