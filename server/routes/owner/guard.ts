/**
 * What every owner API answer shares: never cached, never indexed; a state-changing request only with
 * an Origin of this site (or SITE_URL); every route but the login steps only with a valid session, and
 * only an owner's unless the route lets editors in too (`config.ownerAccess`, from the route's `access` in
 * common/owner/api.ts). The check runs for every route of the owner API; one without `ownerAccess` is an
 * owners' route.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "../../http/errors";
import { wantsHtml } from "../../http/request-info";
import { readSession, SESSION_COOKIE, type OwnerSession } from "../../services/owner-sessions";
import { OWNER_MESSAGES } from "./messages";
import type { OwnerAccess } from "../../../common/owner/api";

/** One route of the owner API as registered, for the tests that walk them all. */
export interface OwnerRoute {
  method: string;
  url: string;
  access: OwnerAccess;
  /** The status codes whose answer the route declares in `schema.response` (common/owner/responses.ts). */
  responses: string[];
}

declare module "fastify" {
  interface FastifyRequest {
    owner?: OwnerSession;
  }
  interface FastifyContextConfig {
    ownerAccess?: OwnerAccess;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD"]);

/** On every owner API answer, the 404 for unknown paths included. */
export const OWNER_API_HEADERS = { "cache-control": "no-store", "x-robots-tag": "noindex, nofollow" } as const;

/** The origin the owner area runs on: SITE_URL when set, else the address the request was sent to. */
export function ownOrigin(request: FastifyRequest, siteUrl: string | undefined): string {
  return siteUrl ?? requestOrigin(request);
}

/** The origin the request was sent to, normalised like URL.origin (default port dropped). */
function requestOrigin(request: FastifyRequest): string {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return "";
  }
}

/** Browsers send Origin with every POST and DELETE; a missing or different one is refused. */
function hasOwnOrigin(request: FastifyRequest, siteUrl: string | undefined): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  const allowed = new Set([requestOrigin(request), ...(siteUrl ? [siteUrl] : [])]);
  try {
    return allowed.has(new URL(origin).origin);
  } catch {
    return false;
  }
}

/** A JSON body (application/json, whatever its parameters), or a DELETE without a body. */
function isJsonOrEmpty(request: FastifyRequest): boolean {
  const type = String(request.headers["content-type"] ?? "")
    .split(";")[0]!
    .trim()
    .toLowerCase();
  if (type === "application/json") return true;
  const empty = !request.headers["transfer-encoding"] && Number(request.headers["content-length"] ?? 0) === 0;
  return request.method === "DELETE" && empty && type === "";
}

/** Before the owner API's routes are registered: guards every one of them and lists them in `routes`. */
export function registerOwnerGuard(app: FastifyInstance, routes: OwnerRoute[]): void {
  app.addHook("onRoute", (route) => {
    const access = route.config?.ownerAccess ?? "owners";
    const responses = Object.keys((route.schema?.response as Record<string, unknown> | undefined) ?? {});
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, access, responses });
  });
  app.addHook("onRequest", async (request, reply) => {
    reply.headers(OWNER_API_HEADERS);
    if (!SAFE_METHODS.has(request.method) && !hasOwnOrigin(request, app.config.siteUrl)) {
      request.log.info({ statusCode: 403 }, "owner request without own origin refused");
      return sendError(request, reply, { status: 403, message: OWNER_MESSAGES.foreignOrigin });
    }
    // A page elsewhere (or a preview) can post a form with the owner's cookie but cannot send JSON without
    // asking first (CORS): so every state-changing call must be JSON, or have no body at all.
    if (!SAFE_METHODS.has(request.method) && !isJsonOrEmpty(request)) {
      request.log.info({ statusCode: 415 }, "owner request that is not JSON refused");
      return sendError(request, reply, { status: 415, message: OWNER_MESSAGES.jsonOnly });
    }
    // Before the body is read or checked: nobody without the right learns anything about a route's input.
    const access = request.routeOptions.config.ownerAccess;
    if (access === "public") return;
    const session = await readSession(app.db, app.config, request.cookies[SESSION_COOKIE]);
    if (!session) return sendError(request, reply, { status: 401, message: OWNER_MESSAGES.loginNeeded });
    if (session.role !== "owner" && access !== "editors") {
      request.log.info({ statusCode: 403 }, "owner route refused to an editor");
      return sendError(request, reply, { status: 403, message: OWNER_MESSAGES.ownersOnly });
    }
    request.owner = session;
  });
}

/**
 * preHandler of the sensitive actions: adding or removing a passkey, exporting all leads, erasing a
 * person, enabling a webhook receiver. A stolen cookie alone is not enough for them:
 * the login must be recent, or confirmed on the spot (passkey) or renewed (fresh link). The answer says
 * so with `confirmLogin: true`, which the owner area turns into the confirmation dialog.
 */
export async function requireRecentLogin(request: FastifyRequest, reply: FastifyReply) {
  if (request.owner?.recent) return;
  request.log.info({ statusCode: 403 }, "owner action needs a recent login");
  if (wantsHtml(request)) return sendError(request, reply, { status: 403, message: OWNER_MESSAGES.confirmNeeded });
  return reply.code(403).send({ error: OWNER_MESSAGES.confirmNeeded, confirmLogin: true });
}

/** The logged-in owner or editor of a request that passed the guard. */
export function ownerOf(request: FastifyRequest): string {
  if (!request.owner) throw new Error("the owner guard must run before this handler");
  return request.owner.email;
}
