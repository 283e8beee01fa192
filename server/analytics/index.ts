/**
 * Visit statistics without cookies or scripts: each finished response that showed a person a page is
 * counted in memory (request-kind.ts, source.ts, counter.ts) and the counts are added to the database at
 * most once a minute (VISIT_STATS_INTERVAL) and when the server stops (store.ts). Nothing about a single visitor is kept or
 * logged: no address, no user agent, no full referrer. VISIT_STATS=false turns counting off.
 *
 * A clean stop (SIGTERM, SIGINT) writes everything counted; a killed process loses what it counted since
 * its last write, at most one minute.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config";
import { pathnameOf } from "../routes/static";
import { VISIT_SOURCE_FIELDS } from "../../src/visit-source";
import { VisitCounter, type FormKind } from "./counter";
import { dayClock } from "./day";
import { deviceOf, isBot, isPrefetch, KNOWN_ROUTES, routeOf } from "./request-kind";
import {
  campaignOfQuery,
  cleanLabel,
  OTHER,
  readReferrer,
  UNKNOWN,
  visitSource,
  type Campaign,
  type VisitSource,
} from "./source";
import { writeCounts } from "./store";

export interface VisitStatsHandle {
  counter: VisitCounter;
  /** Today in the site's time zone, the day counts are kept by. */
  today(): string;
  timeZone: string;
  /** Adds what was counted to the database now (also done every minute and on close). */
  write(): Promise<void>;
  /** Counts an accepted form post of `route` (the page it was sent from). */
  post(kind: FormKind, request: FastifyRequest, route: string, source: VisitSource | undefined): void;
}

declare module "fastify" {
  interface FastifyInstance {
    /** null when VISIT_STATS=false. */
    visitStats: VisitStatsHandle | null;
  }
}

export function registerVisitStats(app: FastifyInstance, config: Config, timeZone: string): void {
  if (!config.visitStats.enabled) {
    app.decorate("visitStats", null);
    return;
  }
  const today = dayClock(timeZone);
  const counter = new VisitCounter(today);
  const ownHosts = config.siteUrl ? [new URL(config.siteUrl).host] : [];
  const log = app.log.child({ module: "visit-stats" });

  let writing: Promise<void> | undefined;
  const write = async () => {
    while (writing) await writing;
    const batch = counter.take();
    if (batch.pages.length === 0 && batch.sources.length === 0) return;
    writing = writeCounts(app.db, batch).then(
      () => undefined,
      (error: Error) => {
        counter.restore(batch);
        log.error({ reason: error.message }, "visit counts not written, kept for the next write");
      },
    );
    await writing;
    writing = undefined;
  };

  app.decorate("visitStats", {
    counter,
    today,
    timeZone,
    write,
    post(kind, request, route, source) {
      const device = deviceOf(request.headers["user-agent"] ?? "");
      counter.post(
        kind,
        KNOWN_ROUTES.has(route) ? route : OTHER,
        device,
        source ?? { source: UNKNOWN, medium: "", campaign: "" },
      );
    },
  });

  app.addHook("onResponse", (request, reply, done) => {
    countView(counter, request, reply, ownHosts);
    done();
  });

  let timer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    timer = setInterval(() => void write(), config.visitStats.writeIntervalMs);
    timer.unref();
  });
  // After the requests in flight have finished (onClose), before the database closes.
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await write();
  });
}

function countView(counter: VisitCounter, request: FastifyRequest, reply: FastifyReply, ownHosts: readonly string[]): void {
  if (request.method !== "GET") return;
  const status = reply.statusCode;
  if (status !== 200 && status !== 304 && status !== 404) return;
  const headers = request.headers;
  const dest = headers["sec-fetch-dest"];
  const url = request.url;
  const pathname = pathnameOf(url);
  const type = reply.getHeader("content-type");
  const isHtml = typeof type === "string" && type.startsWith("text/html") && (dest === undefined || dest === "document");
  const view = routeOf(pathname, isHtml);
  if (!view) return;
  // A page-data.json that is missing is no view (Gatsby falls back to loading the page itself).
  if (view.via === "data" && status === 404) return;
  const userAgent = headers["user-agent"];
  if (isBot(userAgent) || isPrefetch(headers)) return;
  const referrer = readReferrer(headers.referer, ownHosts.length > 0 ? [...ownHosts, request.host] : [request.host]);
  if (view.via === "data") {
    // Gatsby fetches the page data of the page it has just loaded in full: that view is counted already.
    if (referrer.kind !== "own" || sameRoute(headers.referer!, view.route)) return;
    counter.view(view.route, deviceOf(userAgent!));
    return;
  }
  const query = url.length > pathname.length ? url.slice(pathname.length) : "";
  const campaign = campaignOfQuery(query);
  const entry = referrer.kind !== "own" || campaign.source !== undefined;
  counter.view(view.route, deviceOf(userAgent!), entry ? visitSource(campaign, referrer) : undefined);
}

function sameRoute(referer: string, route: string): boolean {
  try {
    const page = new URL(referer).pathname;
    return page === route || page === `${route}/` || (route === "/" && page === "/index.html");
  } catch {
    return false;
  }
}

/**
 * The source of the visit a form post comes from: the hidden fields the page fills in (src/visit-source.ts),
 * else the utm_* parameters of the form page's own address (the post's Referer); undefined when the post
 * says nothing (sent without JavaScript from an address without utm_source).
 */
export function postSource(request: FastifyRequest, body: unknown, ownHosts: readonly string[]): VisitSource | undefined {
  const fields = typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const fromFields: Campaign = {
    source: cleanLabel(fields[VISIT_SOURCE_FIELDS.source]),
    medium: cleanLabel(fields[VISIT_SOURCE_FIELDS.medium]),
    campaign: cleanLabel(fields[VISIT_SOURCE_FIELDS.campaign]),
  };
  const referrerField = fields[VISIT_SOURCE_FIELDS.referrer];
  const hosts = [...ownHosts, request.host];
  let campaign = fromFields;
  if (campaign.source === undefined && campaign.medium === undefined && campaign.campaign === undefined) {
    const referer = request.headers.referer;
    const own = referer !== undefined && readReferrer(referer, hosts).kind === "own";
    const mark = referer?.indexOf("?") ?? -1;
    if (own && mark !== -1) campaign = campaignOfQuery(referer!.slice(mark).split("#")[0]!);
  }
  if (typeof referrerField !== "string") {
    return campaign.source !== undefined ? visitSource(campaign, { kind: "none" }) : undefined;
  }
  const referrerText = referrerField.length > 0 && !referrerField.includes("://") ? `https://${referrerField}` : referrerField;
  const referrer = readReferrer(referrerText, hosts);
  return visitSource(campaign, referrer.kind === "own" ? { kind: "none" } : referrer);
}
