/**
 * Wires mail into the app: `app.mail` (templates, site settings, link origin) for the services and the
 * link routes, and in a worker process the outbox worker, started when the app is ready and stopped before
 * the database closes. The purge, reminders and newsletters are jobs (../jobs.ts).
 */
import { replayAfterRestore } from "../services/restore-replay";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
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

  app.addHook("onReady", async () => {
    // A restored backup may hold people who unsubscribed or were erased since: out again before any mail goes.
    const replayed = await replayAfterRestore(app.db, app.ledger);
    if (replayed.erased + replayed.unsubscribed > 0) log.warn(replayed, "unsubscribes and erasures replayed after a restore");
    log.info({ transport: transport.description }, "mail worker started");
    worker.start();
  });
  app.addHook("preClose", async () => {
    await worker.stop();
    transport.close();
  });
}
