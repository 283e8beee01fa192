/**
 * Which requests are page views: what a person's browser asks for to show a page. Crawlers and tools
 * (by their user agent), HEAD requests, prefetches and prerenders, the owner area, the API and every
 * asset are not. The user agent is read here for the device class and dropped; it is never kept.
 */
import type { IncomingHttpHeaders } from "node:http";
import { OWNER_DIR } from "../static/owner-files";
import { ALL_ROUTES, API_PREFIX } from "../../common/routes";
import { OTHER } from "./source";

export type Device = "mobil" | "tablet" | "desktop";

/** The pages of the site (common/routes.ts); any other path is counted as "andere". */
export const KNOWN_ROUTES: ReadonlySet<string> = new Set(ALL_ROUTES.filter((route) => route.kind !== "owner").map((r) => r.path));

const BOT =
  /bot|crawl|spider|slurp|scrap|fetch|preview|facebookexternalhit|embedly|quora link|whatsapp|telegram|discord|skype|headless|lighthouse|pagespeed|phantom|selenium|puppeteer|playwright|curl|wget|httpie|python|java\/|go-http|okhttp|axios|node|undici|libwww|perl|ruby|php|monitor|uptime|pingdom|statuscake|check|scan|archive|validator|feed|rss/i;

/** True for crawlers, link previews, monitors and tools, and for requests without a user agent. */
export function isBot(userAgent: string | undefined): boolean {
  return userAgent === undefined || userAgent.length < 10 || BOT.test(userAgent);
}

const TABLET = /ipad|tablet|playbook|silk|kindle|nexus (?:7|9|10)|android(?!.*mobi)/i;
const MOBILE = /mobi|iphone|ipod|android|windows phone|opera mini|blackberry/i;

/** The device class from the user agent (an iPad asking for the desktop site counts as desktop). */
export function deviceOf(userAgent: string): Device {
  if (TABLET.test(userAgent)) return "tablet";
  if (MOBILE.test(userAgent)) return "mobil";
  return "desktop";
}

/** Speculative loads: link prefetch, Chrome's prefetch and prerender, Firefox's older header. */
export function isPrefetch(headers: IncomingHttpHeaders): boolean {
  const purpose = headers["sec-purpose"] ?? headers.purpose ?? headers["x-purpose"] ?? headers["x-moz"];
  return typeof purpose === "string" && /prefetch|prerender|preview/i.test(purpose);
}

const PAGE_DATA = /^\/page-data\/(.+)\/page-data\.json$/;

/**
 * The route a GET of `pathname` shows, or undefined when it shows none: "html" for a page, "data" for
 * Gatsby's page-data.json of a page (fetched for a navigation inside the site). Unknown pages are "andere".
 */
export function routeOf(pathname: string, isHtml: boolean): { route: string; via: "html" | "data" } | undefined {
  if (pathname.startsWith("/page-data/")) {
    const match = PAGE_DATA.exec(pathname);
    if (!match) return undefined;
    const route = match[1] === "index" ? "/" : `/${match[1]}`;
    return KNOWN_ROUTES.has(route) ? { route, via: "data" } : undefined;
  }
  if (!isHtml) return undefined;
  if (pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`)) return undefined;
  if (pathname === `/${OWNER_DIR}` || pathname.startsWith(`/${OWNER_DIR}/`)) return undefined;
  const page = pathname.length > 1 ? pathname.replace(/(?:\/index\.html|\.html|\/)$/, "") || "/" : pathname;
  return { route: KNOWN_ROUTES.has(page) ? page : OTHER, via: "html" };
}
