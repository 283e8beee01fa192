/**
 * Builds the Fastify app: the form endpoints, health, the static site, security headers and errors.
 * It opens no port, so tests call `app.inject`; server/index.ts starts it.
 */
import { ContentWorkTree } from "./content-editor/work-tree";
import { ErasureLedger } from "./services/erasure-ledger";
import compress from "@fastify/compress";
import formbody from "@fastify/formbody";
import rateLimit from "@fastify/rate-limit";
import { sharedRateLimitStore } from "./http/shared-rate-limit";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { ServerOptions } from "node:http";
import path from "node:path";
import type { Config, RateLimitConfig } from "./config";
import { readConsentVersions } from "./services/consent-versions";
import { openDb, type Db } from "./db";
import { clientErrorHandler, errorHandler, frameworkErrorHandler, loggableError, sendError } from "./http/errors";
import { FORM_BODY_LIMIT } from "./http/form-post";
import { HTTP_MESSAGES, tooManyRequestsMessage } from "./http/messages";
import { registerMail, type MailSetup } from "./mail";
import { proofOfWork, type ProofOfWork } from "./http/proof-of-work";
import { registerSecurityHeaders } from "./http/security-headers";
import { registerMetrics } from "./metrics";
import challengeRoutes from "./routes/challenge";
import contactRoutes from "./routes/contact";
import healthRoutes from "./routes/health";
import leadTokenRoutes from "./routes/lead-tokens";
import leadRoutes from "./routes/leads";
import ownerArea from "./routes/owner";
import previewRoutes, { registerPreviewHeaders } from "./routes/preview";
import releaseStatusRoutes from "./routes/release-status";
import staticRoutes, { isApiPath, pathnameOf, sendNotFoundPage } from "./routes/static";
import type { ConsentVersions } from "./services/submission";
import { SiteFiles } from "./static/site-files";
import { registerWebhooks } from "./webhooks";
import { registerVisitStats } from "./analytics";
import { registerExperiments } from "./experiments";
import { registerJobs, serverJobs } from "./jobs";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Db;
    consentVersions: ConsentVersions;
    /** Origins besides the request's own host whose form posts are accepted (SITE_URL). */
    allowedOrigins: ReadonlySet<string>;
    formRateLimit: { max: number; timeWindow: number };
    /** The forms' proof of work: challenges and the check of their solutions (http/proof-of-work.ts). */
    proofOfWork: ProofOfWork;
    /** Unsubscribes and erasures kept outside the database, replayed after a restore (erasure-ledger.ts). */
    ledger: ErasureLedger;
  }
}

export interface AppOptions {
  config: Config;
  /** An open database; without it the app opens one from `config` and closes it with the app. */
  db?: Db;
  /** Defaults to the versions in content/ (site.json and the privacy statement). */
  consentVersions?: ConsentVersions;
  /** Fastify logger settings; tests pass a stream to read what is logged. */
  logger?: FastifyServerOptions["logger"];
  /** The site's files; by default `config.publicDir`. A live release passes its own, which follows deploys. */
  site?: SiteFiles;
  /** Where the content the server reads lives (mail texts, consent versions); by default ./content. */
  contentDir?: string;
  /** Mail context or transport of the test's making; by default from content/ and config. */
  mail?: Pick<MailSetup, "context" | "transport">;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    trustProxy: trustProxySetting(config.trustProxy),
    bodyLimit: FORM_BODY_LIMIT,
    // A malformed URL and an unparsable request are answered in German like every other error.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    ...requestTimeouts(config.requestTimeoutMs),
  });

  const db =
    options.db ??
    (await openDb(config, { onIdleError: (err) => app.log.error({ err: loggableError(err) }, "database connection lost") }));
  if (!options.db) app.addHook("onClose", () => db.close());

  app.decorate("config", config);
  app.decorate("db", db);
  const contentDir = options.contentDir ?? path.resolve("content");
  app.decorate("consentVersions", options.consentVersions ?? readConsentVersions(contentDir));
  app.decorate("allowedOrigins", new Set(config.siteUrl ? [config.siteUrl] : []));
  app.decorate("formRateLimit", { max: config.rateLimit.max, timeWindow: config.rateLimit.windowMs });
  app.decorate("ledger", new ErasureLedger(config.dataDir));
  app.decorate("proofOfWork", proofOfWork(db));
  // The content routes put their runners here; the jobs for planned changes and outside changes call them (jobs.ts).
  app.decorate("contentSchedule", { runDue: async () => 0, watchOutside: async () => 0 });
  const { workTree, remote, branch } = config.contentGit;
  app.decorate("contentTree", new ContentWorkTree(workTree, remote, branch));
  registerMail(app, { config, contentDir, ...options.mail });
  registerWebhooks(app, config);
  registerMetrics(app, config);
  registerVisitStats(app, config, app.mail.site.timeZone);
  // Every timer, after the database's close hook so that the last visit counts are written before it.
  registerJobs(app, serverJobs(app, config));

  // Only JSON and form posts are read; text/plain would let another site's form post JSON-like bodies.
  app.removeContentTypeParser("text/plain");
  await app.register(formbody, { bodyLimit: FORM_BODY_LIMIT });
  await app.register(rateLimit, {
    ...rateLimitOptions(config.rateLimit),
    // On PostgreSQL every instance counts the same hits (see shared-rate-limit.ts).
    ...(db.driver === "postgres" ? { store: sharedRateLimitStore(db) } : {}),
  });
  // The same two encodings the precompressed site files come in (see static/file-cache.ts).
  await app.register(compress, { threshold: 1024, encodings: ["br", "gzip"] });

  registerSecurityHeaders(app, { trustProxy: config.trustProxy !== false });
  app.addHook("onSend", async (request, reply, payload) => {
    if (isApiPath(pathnameOf(request.url)) && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });

  registerPreviewHeaders(app);

  const site = options.site ?? new SiteFiles(config.publicDir);
  registerExperiments(app, site, app.mail.site.timeZone);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(async (request, reply) => {
    const readsPage = (request.method === "GET" || request.method === "HEAD") && !isApiPath(pathnameOf(request.url));
    if (readsPage) return sendNotFoundPage(site, request, reply);
    return sendError(request, reply, { status: 404, message: HTTP_MESSAGES.notFound });
  });

  await app.register(healthRoutes);
  await app.register(challengeRoutes);
  await app.register(leadRoutes);
  await app.register(leadTokenRoutes, { site });
  await app.register(contactRoutes);
  await app.register(ownerArea, { site });
  await app.register(releaseStatusRoutes);
  await app.register(previewRoutes, { previewsDir: config.previewsDir });
  await app.register(staticRoutes, { site });
  return app;
}

/**
 * Slow clients: a request whose headers or body have not arrived within `timeoutMs` of its first byte gets a
 * 408 and its connection is closed (clientErrorHandler), so thousands of half-sent requests cannot pile up; Node
 * would wait 300 s for the body and look only every 30 s. Other visitors are answered meanwhile.
 */
export function requestTimeouts(timeoutMs: number): { requestTimeout: number; http: ServerOptions } {
  return {
    requestTimeout: timeoutMs,
    http: {
      headersTimeout: timeoutMs,
      requestTimeout: timeoutMs,
      // How often Node looks for expired requests: a request is closed at most a tenth later than due.
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.round(timeoutMs / 10))),
    },
  };
}

/** A hop count becomes the function Fastify uses for it (its types accept no number). */
function trustProxySetting(value: Config["trustProxy"]): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === "number" ? (_address, hop) => hop < value : value;
}

function rateLimitOptions(limit: RateLimitConfig) {
  return {
    // Only the form endpoints are limited (their route config); pages and files are not.
    global: false,
    max: limit.max,
    timeWindow: limit.windowMs,
    errorResponseBuilder: (_request: unknown, context: { ttl: number }) =>
      Object.assign(new Error(tooManyRequestsMessage(context.ttl)), { statusCode: 429, code: "RATE_LIMITED" }),
  };
}

/**
 * pino settings: request lines carry method, path and status only. Query strings (confirmation
 * tokens), bodies and client addresses are never written, so no personal data reaches the log.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions["logger"] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: ["body", "*.body", "email", "*.email", "values", "*.values"], censor: "[entfernt]" },
    serializers: {
      req: (request: { method: string; url: string }) => ({ method: request.method, url: pathnameOf(request.url) }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: (error: Error & { code?: string }) => loggableError(error),
    },
  };
}
