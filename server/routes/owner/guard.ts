/**
 * What every owner API answer shares: never cached, never indexed; a state-changing request only with
 * an Origin of this site (or SITE_URL); protected routes only with a valid session.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "../../http/errors";
import { wantsHtml } from "../../http/request-info";
import { readSession, SESSION_COOKIE, type OwnerSession } from "../../services/owner-sessions";
import { OWNER_MESSAGES } from "./messages";

declare module "fastify" {
  interface FastifyRequest {
    owner?: OwnerSession;
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

export function registerOwnerGuard(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    reply.headers(OWNER_API_HEADERS);
    if (!SAFE_METHODS.has(request.method) && !hasOwnOrigin(request, app.config.siteUrl)) {
      request.log.info({ statusCode: 403 }, "owner request without own origin refused");
      return sendError(request, reply, { status: 403, message: OWNER_MESSAGES.foreignOrigin });
    }
  });
}

/** preHandler of every route that needs a logged-in owner. */
export async function requireOwner(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const session = await readSession(this.db, this.config.ownerEmails, request.cookies[SESSION_COOKIE]);
  if (!session) return sendError(request, reply, { status: 401, message: OWNER_MESSAGES.loginNeeded });
  request.owner = session;
}

/**
 * preHandler (after `requireOwner`) of the sensitive actions: adding or removing a passkey, exporting all
 * leads, erasing a person, enabling a webhook receiver. A stolen cookie alone is not enough for them:
 * the login must be recent, or confirmed on the spot (passkey) or renewed (fresh link). The answer says
 * so with `confirmLogin: true`, which the owner area turns into the confirmation dialog.
 */
export async function requireRecentLogin(request: FastifyRequest, reply: FastifyReply) {
  if (request.owner?.recent) return;
  request.log.info({ statusCode: 403 }, "owner action needs a recent login");
  if (wantsHtml(request)) return sendError(request, reply, { status: 403, message: OWNER_MESSAGES.confirmNeeded });
  return reply.code(403).send({ error: OWNER_MESSAGES.confirmNeeded, confirmLogin: true });
}

/** The owner of a request that passed `requireOwner`. */
export function ownerOf(request: FastifyRequest): string {
  if (!request.owner) throw new Error("requireOwner must run before this handler");
  return request.owner.email;
}
