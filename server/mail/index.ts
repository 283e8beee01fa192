/**
 * Wires mail into the app: `app.mail` (templates, site settings, link origin) for the services and the
 * link routes, and in a worker process the outbox worker and the periodic retention purge, started when
 * the app is ready and stopped before the database closes.
 */
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import { purgeExpired } from "../services/privacy";
import { queueReplyReminders } from "../services/reply-reminders";
import { finishNewsletters, startDueNewsletters } from "../newsletters/sending";
import { loadMailContext, type MailContext } from "./context";
import { createMailTransport, type MailTransport } from "./transport";
import { createMailWorker } from "./worker";

declare module "fastify" {
  interface FastifyInstance {
    mail: MailContext;
  }
}

export type { MailContext } from "./context";

export interface MailSetup {
  config: Config;
  contentDir: string;
  /** Tests may pass a context or transport of their own making; by default both come from config. */
  context?: MailContext;
  transport?: MailTransport;
}

export function registerMail(app: FastifyInstance, setup: MailSetup): void {
  const { config } = setup;
  app.decorate("mail", setup.context ?? loadMailContext(setup.contentDir, config.siteUrl));
  if (!config.mail.worker) return;

  const log = app.log.child({ module: "mail" });
  const transport =
    setup.transport ??
    createMailTransport({
      smtpUrl: config.mail.smtpUrl,
      outboxDir: path.join(config.dataDir, "outbox"),
      connections: config.mail.concurrency,
    });
  const worker = createMailWorker({
    db: app.db,
    transport,
    settings: config.mail,
    log,
    clock: app.mail.clock,
    context: app.mail,
  });

  let purgeTimer: NodeJS.Timeout | undefined;
  let newsletterTimer: NodeJS.Timeout | undefined;
  let newsletterRun: Promise<void> | undefined;
  // Starts the newsletters whose time has come and closes those whose last row is done.
  const newsletters = () => {
    newsletterRun ??= (async () => {
      try {
        for (const started of await startDueNewsletters(app.db, app.mail)) log.info(started, "newsletter sending started");
        for (const id of await finishNewsletters(app.db, app.mail)) log.info({ newsletterId: id }, "newsletter sent");
      } catch (error) {
        log.error({ reason: (error as Error).message }, "newsletter start failed, will retry");
      } finally {
        newsletterRun = undefined;
      }
    })();
  };
  let reminderTimer: NodeJS.Timeout | undefined;
  const remind = () =>
    queueReplyReminders(app.db, app.mail, config.ownerEmails).then(
      (count) => count > 0 && log.info({ count }, "reply reminders queued"),
      (error: Error) => log.error({ reason: error.message }, "reply reminders failed"),
    );
  const purge = () =>
    purgeExpired(app.db, app.mail.site.retention).then(
      (deleted) => log.info(deleted, "retention purge"),
      (error: Error) => log.error({ reason: error.message }, "retention purge failed"),
    );

  app.addHook("onReady", async () => {
    log.info({ transport: transport.description }, "mail worker started");
    worker.start();
    void purge();
    purgeTimer = setInterval(() => void purge(), config.mail.purgeIntervalMs);
    purgeTimer.unref();
    newsletters();
    newsletterTimer = setInterval(newsletters, Math.max(config.mail.pollMs, 250));
    newsletterTimer.unref();
    void remind();
    reminderTimer = setInterval(() => void remind(), config.mail.reminderIntervalMs);
    reminderTimer.unref();
  });
  app.addHook("preClose", async () => {
    clearInterval(purgeTimer);
    clearInterval(reminderTimer);
    clearInterval(newsletterTimer);
    await newsletterRun;
    await worker.stop();
    transport.close();
  });
}
