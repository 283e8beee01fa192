/** What the server reads from request headers: form posts, the sending page, foreign origins. */
import type { FastifyRequest } from "fastify";

const FORM_TYPE = "application/x-www-form-urlencoded";

export function mediaType(request: FastifyRequest): string | undefined {
  const header = request.headers["content-type"];
  return header?.split(";")[0]?.trim().toLowerCase() || undefined;
}

/** A classic form post (JavaScript off) is answered with pages and redirects instead of JSON. */
export function isFormPost(request: FastifyRequest): boolean {
  return mediaType(request) === FORM_TYPE;
}

/** HTML for form posts and for browsers navigating to an address; JSON for everything else. */
export function wantsHtml(request: FastifyRequest): boolean {
  if (isFormPost(request)) return true;
  const accept = request.headers.accept ?? "";
  return accept.includes("text/html") && !accept.includes("application/json");
}

/**
 * The path of the page a form was sent from, taken from Referer (or Origin) only when it is this
 * site: so the error page's back link can never lead elsewhere, and the stored path is always ours.
 */
export function sendingPage(request: FastifyRequest, fallback: string): string {
  return ownPageOf(request) ?? fallback;
}

/**
 * The page of this site the request says it was sent from (Referer), or undefined: a browser sends it with
 * every post from a page (the site's Referrer-Policy keeps it for its own requests), a bot posting straight
 * at the API usually does not.
 */
export function ownPageOf(request: FastifyRequest): string | undefined {
  const fallback = undefined;
  const referer = request.headers.referer;
  if (!referer) return fallback;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return fallback;
  }
  if (url.host !== ownHost(request)) return fallback;
  const page = url.pathname;
  const safe = page.startsWith("/") && !page.startsWith("//") && !page.includes("\\") && page.length <= 200;
  return safe ? page : fallback;
}

/**
 * True when the browser says the request comes from another site. Requests without Origin (tools,
 * older clients) pass: the check is against cross-site form posts, which browsers always label.
 */
export function isForeignOrigin(request: FastifyRequest, allowedOrigins: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return true; // includes "null", sent by sandboxed frames and local files
  }
  if (allowedOrigins.has(url.origin)) return false;
  return url.host !== ownHost(request);
}

/** The browser says the request comes from a page of this site (Origin, which browsers set on every post). */
export function isOwnOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host === ownHost(request);
  } catch {
    return false;
  }
}

/** The Host the request was sent to, normalised like URL.host (lower case, default port dropped). */
function ownHost(request: FastifyRequest): string | undefined {
  try {
    return new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    return undefined;
  }
}
