/**
 * Every timer of the server in one place: the retention purge (mails, leads, contact requests), the purge of
 * old webhook delivery records, the reply reminders, the owners' daily summary of spam, the newsletters' start
 * and finish, pruning old previews and drafts, and writing the visit counts. All start when the app is ready and stop before the database closes: a run under way is
 * awaited, never cut off, and the visit counts are written a last time once the requests in flight are done.
 *
 * The purges, reminders, the spam summary and newsletters run in a worker instance only (MAIL_WORKER), the webhook purge only
 * when webhooks are sent from it; the visit counts are written wherever they are counted (VISIT_STATS).
 * Each run's failure is logged and the next run tries again.
 */
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Config } from "./config";
import { finishNewsletters, startDueNewsletters } from "./newsletters/sending";
import { purgeExpired } from "./services/privacy";
import { queueReplyReminders } from "./services/reply-reminders";
import { queueSpamSummary, SPAM_SUMMARY_CHECK_MS } from "./services/spam-summary";
import { purgeDeliveries } from "./webhooks/deliveries";
import { pruneFormerEditorsPreviews } from "./content-editor/publishing";
import { DRAFT_DAYS, purgeOldDrafts } from "./content-editor/drafts";
import { purgeOldPictures } from "./content-editor/pending-images";
import { PROPOSAL_DAYS, purgeOldProposals } from "./content-editor/proposals";
import { PLAN_DAYS, purgeOldPlans } from "./content-editor/schedule";
import { prunePreviews } from "./release/previews";
import { areaEmails } from "./services/owner-roles";

/** How often planned content changes are looked for. */
const CONTENT_SCHEDULE_MS = 30 * 1000;

/** How often the content repository is looked at for changes made outside „Inhalte“. */
const CONTENT_WATCH_MS = 5 * 60 * 1000;

/** How often old previews are looked for. */
const PREVIEW_PRUNE_MS = 6 * 60 * 60 * 1000;

export interface Job {
  name: string;
  everyMs: number;
  /** Also once as soon as the app is ready (default), or only after the first interval. */
  atStart: boolean;
  /** Once more after the requests in flight have finished, before the database closes. */
  atClose: boolean;
  run(log: FastifyBaseLogger): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The timers this instance runs (jobs.ts). */
    jobs: { names: string[]; timers(): number };
  }
}

/** The jobs this instance runs with `config`. */
export function serverJobs(app: FastifyInstance, config: Config): Job[] {
  const jobs: Job[] = [];
  const { mail, webhooks } = config;
  if (mail.worker) {
    jobs.push(
      {
        name: "retention purge",
        everyMs: mail.purgeIntervalMs,
        atStart: true,
        atClose: false,
        run: async (log) =>
          log.info(
            await purgeExpired(app.db, app.mail.site.retention, {
              ledger: app.ledger,
              backupDays: app.mail.site.deployment.backupDays,
            }),
            "retention purge",
          ),
      },
      {
        name: "reply reminders",
        everyMs: mail.reminderIntervalMs,
        atStart: true,
        atClose: false,
        run: async (log) => {
          const count = await queueReplyReminders(app.db, app.mail, config.ownerEmails);
          if (count > 0) log.info({ count }, "reply reminders queued");
        },
      },
      {
        // Requests marked as spam notify nobody one by one: the owners get one summary a day when spam came.
        name: "spam summary",
        everyMs: SPAM_SUMMARY_CHECK_MS,
        atStart: true,
        atClose: false,
        run: async (log) => {
          const summary = await queueSpamSummary(app.db, app.mail, config.ownerEmails);
          if (summary) log.info(summary, "spam summary queued");
        },
      },
      {
        // Starts the newsletters whose time has come and closes those whose last row is done.
        name: "newsletters",
        everyMs: Math.max(mail.pollMs, 250),
        atStart: true,
        atClose: false,
        run: async (log) => {
          for (const started of await startDueNewsletters(app.db, app.mail)) log.info(started, "newsletter sending started");
          for (const id of await finishNewsletters(app.db, app.mail)) log.info({ newsletterId: id }, "newsletter sent");
        },
      },
      {
        // Previews past their age, and those of people who may no longer log in, go (expired ones are not served).
        name: "preview prune",
        everyMs: PREVIEW_PRUNE_MS,
        atStart: true,
        atClose: false,
        run: async (log) => {
          const removed = [
            ...prunePreviews(config.previewsDir),
            ...pruneFormerEditorsPreviews(config.previewsDir, areaEmails(config)),
          ];
          if (removed.length > 0) log.info({ removed: removed.map((preview) => preview.token) }, "previews removed");
        },
      },
      {
        // Planned changes in „Inhalte“: each goes live (or back) within a minute of its time, also after a restart.
        name: "content schedule",
        everyMs: CONTENT_SCHEDULE_MS,
        atStart: true,
        atClose: false,
        run: async (log) => {
          const ran = await app.contentSchedule.runDue();
          if (ran > 0) log.info({ ran }, "planned content changes run");
        },
      },
      {
        // Changes pushed to the content repository from outside „Inhalte“: every owner hears of them.
        name: "content watch",
        everyMs: CONTENT_WATCH_MS,
        atStart: true,
        atClose: false,
        run: async (log) => {
          const told = await app.contentSchedule.watchOutside();
          if (told > 0) log.info({ told }, "owners told of content changed outside „Inhalte“");
        },
      },
      {
        name: "draft purge",
        everyMs: mail.purgeIntervalMs,
        atStart: true,
        atClose: false,
        run: async (log) => {
          const deleted = await purgeOldDrafts(app.db);
          if (deleted > 0) log.info({ deleted }, `drafts unchanged for ${DRAFT_DAYS} days deleted`);
          const pictures = await purgeOldPictures(app.db);
          if (pictures > 0) log.info({ deleted: pictures }, `unpublished pictures older than ${DRAFT_DAYS} days deleted`);
          const proposals = await purgeOldProposals(app.db);
          if (proposals > 0) log.info({ deleted: proposals }, `proposals older than ${PROPOSAL_DAYS} days deleted`);
          const plans = await purgeOldPlans(app.db);
          if (plans > 0) log.info({ deleted: plans }, `planned changes done more than ${PLAN_DAYS} days ago deleted`);
        },
      },
    );
  }
  if (mail.worker && webhooks.urls.length > 0 && webhooks.secret) {
    jobs.push({
      name: "webhook purge",
      everyMs: mail.purgeIntervalMs,
      atStart: true,
      atClose: false,
      run: async (log) =>
        log.info(
          { deleted: await purgeDeliveries(app.db, app.mail.site.retention.sentMailDays) },
          "webhook delivery records purged",
        ),
    });
  }
  const visitStats = app.visitStats;
  if (visitStats) {
    jobs.push({
      name: "visit counts",
      everyMs: config.visitStats.writeIntervalMs,
      atStart: false,
      atClose: true,
      // Keeps the counts in memory for the next run when the database refuses them (analytics/index.ts).
      run: () => visitStats.write(),
    });
  }
  // The experiments' counts are kept like the visit counts (server/experiments/), and not when those are off.
  if (visitStats)
    jobs.push({
      name: "experiment counts",
      everyMs: config.visitStats.writeIntervalMs,
      atStart: false,
      atClose: true,
      run: () => app.experiments.write(),
    });
  return jobs;
}

/** Starts `jobs` when the app is ready and stops them when it closes. */
export function registerJobs(app: FastifyInstance, jobs: Job[]): void {
  const timers: NodeJS.Timeout[] = [];
  const runs = new Map<Job, Promise<void>>();
  const log = app.log.child({ module: "jobs" });
  let stopped = false;

  // A job never runs twice at once: a tick while it still runs is skipped.
  const runOnce = (job: Job): Promise<void> => {
    const current = runs.get(job);
    if (current) return current;
    const run = job
      .run(log)
      .catch((error: Error) => log.error({ job: job.name, reason: error.message }, `${job.name} failed`))
      .finally(() => runs.delete(job));
    runs.set(job, run);
    return run;
  };

  app.decorate("jobs", { names: jobs.map((job) => job.name), timers: () => timers.length });

  app.addHook("onReady", async () => {
    for (const job of jobs) {
      if (job.atStart) void runOnce(job);
      const timer = setInterval(() => {
        if (!stopped) void runOnce(job);
      }, job.everyMs);
      timer.unref();
      timers.push(timer);
    }
  });
  app.addHook("preClose", async () => {
    stopped = true;
    for (const timer of timers.splice(0)) clearInterval(timer);
    await Promise.all(runs.values());
  });
  // After the requests in flight have finished (onClose), before the database closes (registered after it).
  app.addHook("onClose", async () => {
    stopped = true;
    for (const timer of timers.splice(0)) clearInterval(timer);
    await Promise.all(runs.values());
    for (const job of jobs) if (job.atClose) await runOnce(job);
  });
}
