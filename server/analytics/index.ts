/**
 * Visit statistics without cookies or scripts: each page or page-data.json the static routes answer
 * (routes/static.ts, the pages and the 404 page) that showed a person a page is counted in memory (request-kind.ts, source.ts, counter.ts) and the counts are added to the database at
 * most once a minute (VISIT_STATS_INTERVAL) and when the server stops (store.ts). Nothing about a single visitor is kept or
 * logged: no address, no user agent, no full referrer. VISIT_STATS=false turns counting off.
 *
 * A clean stop (SIGTERM, SIGINT) writes everything counted; a killed process loses what it counted since
 * its last write, at most one minute.
 */
import type { IncomingHttpHeaders } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../config";
import { pathnameOf } from "../routes/static";
import { VISIT_SOURCE_FIELDS } from "../../common/visit-source";
import { VisitCounter, type FormKind } from "./counter";
import { dayClock } from "./day";
import { Memo } from "./memo";
import { deviceOf, isBot, isPrefetch, KNOWN_ROUTES, routeOf, type Device } from "./request-kind";
import { sourceInputs } from "./page-source";
import {
  campaignOfQuery,
  cleanLabel,
  cleanMedium,
  entryOf,
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
  /** Counts a page or file answered from memory (routes/static.ts) when it showed a person a page. */
  view(request: FastifyRequest, status: number, contentType: string): void;
  /** Adds what was counted to the database now (a job does it every minute and on close: ../jobs.ts). */
  write(): Promise<void>;
  /**
   * The hidden inputs that tell the page's form the visit's source (page-source.ts), for a person's first
   * request of a visit (from another site, with utm_source, or without Referer); undefined for any other
   * request: then the page is sent as built.
   */
  pageSource(request: AnsweredRequest, contentType: string): Buffer | undefined;
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

  const reader = requestReader(ownHosts);
  app.decorate("visitStats", {
    counter,
    view: (request, status, contentType) => countView(counter, request, status, contentType, reader),
    pageSource: (request, contentType) => pageSource(request, contentType, reader),
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

  // Written every VISIT_STATS_INTERVAL and when the server stops by a job (../jobs.ts).
}

/** What countView reads of a request and its answer (a Fastify request and reply have it). */
export interface AnsweredRequest {
  method: string;
  url: string;
  host: string;
  headers: IncomingHttpHeaders;
}

/** What a request tells, worked out once for the user agents and addresses seen last (Memo, bounded). */
interface RequestReader {
  ownHosts: readonly string[];
  /** The device class, null for a bot or a request without user agent. */
  device(headers: IncomingHttpHeaders): Device | null;
  /** The visit a page request starts, or NO_ENTRY when it came from another page of this site. */
  entry(request: AnsweredRequest, query: string): Entry;
}

interface Entry {
  source: VisitSource;
  /** The page's hidden source inputs (page-source.ts). */
  inputs: Buffer;
}

/** A view inside the site: it starts no visit. */
const NO_ENTRY: Entry = { source: { source: "", medium: "", campaign: "" }, inputs: Buffer.alloc(0) };

function requestReader(ownHosts: readonly string[]): RequestReader {
  const devices = new Memo<Device | null>(500);
  const entries = new Memo<Entry>(1000);
  return {
    ownHosts,
    device(headers) {
      const userAgent = headers["user-agent"];
      if (userAgent === undefined) return null;
      return devices.get(userAgent, () => (isBot(userAgent) ? null : deviceOf(userAgent)));
    },
    entry(request, query) {
      const referer = request.headers.referer;
      const host = request.host;
      return entries.get(`${host}\n${referer ?? ""}\n${query}`, () => {
        const entry = entryOf(referer, query, ownHosts.length > 0 ? [...ownHosts, host] : [host]);
        return entry ? { source: visitSource(entry.campaign, entry.referrer), inputs: sourceInputs(entry) } : NO_ENTRY;
      });
    },
  };
}

/**
 * A function that counts a request as a view (and a visit) when it showed a person a page; see
 * request-kind.ts. It remembers the device class of the user agents and the sources of the addresses it
 * saw last (Memo, bounded), so a request costs about a microsecond.
 */
export function viewCounter(
  counter: VisitCounter,
  ownHosts: readonly string[],
): (request: AnsweredRequest, status: number, contentType: string) => void {
  const reader = requestReader(ownHosts);
  return (request, status, contentType) => countView(counter, request, status, contentType, reader);
}

/** The page a request asks for in order to show it to a person, or undefined (see request-kind.ts). */
function shownPage(request: AnsweredRequest, status: number, contentType: string, reader: RequestReader) {
  if (request.method !== "GET") return undefined;
  if (status !== 200 && status !== 304 && status !== 404) return undefined;
  const headers = request.headers;
  const dest = headers["sec-fetch-dest"];
  const pathname = pathnameOf(request.url);
  const isHtml = contentType.startsWith("text/html") && (dest === undefined || dest === "document");
  const view = routeOf(pathname, isHtml);
  if (!view) return undefined;
  // A page-data.json that is missing is no view (Gatsby falls back to loading the page itself).
  if (view.via === "data" && status === 404) return undefined;
  if (isPrefetch(headers)) return undefined;
  const device = reader.device(headers);
  if (device === null) return undefined;
  return { ...view, pathname, device };
}

function countView(
  counter: VisitCounter,
  request: AnsweredRequest,
  status: number,
  contentType: string,
  reader: RequestReader,
): void {
  const view = shownPage(request, status, contentType, reader);
  if (!view) return;
  if (view.via === "data") {
    const referer = request.headers.referer;
    const host = request.host;
    const ownHosts = reader.ownHosts;
    // Gatsby fetches the page data of the page it has just loaded in full: that view is counted already.
    if (referer === undefined || readReferrer(referer, ownHosts.length > 0 ? [...ownHosts, host] : [host]).kind !== "own") return;
    if (sameRoute(referer, view.route)) return;
    counter.viewInSite(view.route, view.device);
    return;
  }
  const entry = reader.entry(request, queryOf(request.url, view.pathname));
  counter.view(view.route, view.device, entry === NO_ENTRY ? undefined : entry.source);
}

function pageSource(request: AnsweredRequest, contentType: string, reader: RequestReader): Buffer | undefined {
  const view = shownPage(request, 200, contentType, reader);
  if (!view || view.via !== "html") return undefined;
  const entry = reader.entry(request, queryOf(request.url, view.pathname));
  return entry === NO_ENTRY ? undefined : entry.inputs;
}

function queryOf(url: string, pathname: string): string {
  return url.length > pathname.length ? url.slice(pathname.length) : "";
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
 * The source of the visit a form post comes from: the hidden fields the page fills in (common/visit-source.ts),
 * else the utm_* parameters of the form page's own address (the post's Referer); undefined when the post
 * says nothing (sent without JavaScript from an address without utm_source).
 */
export function postSource(request: FastifyRequest, body: unknown, ownHosts: readonly string[]): VisitSource | undefined {
  const fields = typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const fromFields: Campaign = {
    source: cleanLabel(fields[VISIT_SOURCE_FIELDS.source]),
    medium: cleanMedium(fields[VISIT_SOURCE_FIELDS.medium]),
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
