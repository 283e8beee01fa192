/**
 * What every owner API answer shares: never cached, never indexed; a state-changing request only with
 * an Origin of this site (or SITE_URL); protected routes only with a valid session.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "../../http/errors";
import { readSession, SESSION_COOKIE, type OwnerSession } from "../../services/owner-sessions";
import { OWNER_MESSAGES } from "./messages";

declare module "fastify" {
  interface FastifyRequest {
    owner?: OwnerSession;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD"]);

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
    reply.header("cache-control", "no-store").header("x-robots-tag", "noindex, nofollow");
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

/** The owner of a request that passed `requireOwner`. */
export function ownerOf(request: FastifyRequest): string {
  if (!request.owner) throw new Error("requireOwner must run before this handler");
  return request.owner.email;
}
