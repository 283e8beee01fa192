/**
 * Logging in and out: the login-link form, the "Anmelden" button behind the link (a POST, so a mail
 * scanner fetching the link logs nobody in), passkey login, the session, logout and "alle Sitzungen
 * beenden". Login requests are rate-limited per client; links also per address (owner-login.ts).
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { LIMITS } from "../../../src/constants";
import { EMAIL_PATTERN } from "../../../src/forms/schemas";
import { sendError } from "../../http/errors";
import { audit } from "../../services/audit-log";
import { consumeLoginLink, requestLoginLink } from "../../services/owner-login";
import {
  createSession,
  endAllSessions,
  endSession,
  SESSION_COOKIE,
  SESSION_MAX_HOURS,
  type LoginMethod,
} from "../../services/owner-sessions";
import { loginOptions, verifyPasskeyLogin } from "../../services/passkeys";
import { ownerOf, requireOwner } from "./guard";
import { OWNER_MESSAGES } from "./messages";
import { relyingParty } from "./relying-party";
import { field } from "./input";

/** The window of the login limit: OWNER_LOGIN_LIMIT requests per client address and login route. */
export const LOGIN_RATE_WINDOW_MS = 15 * 60_000;

export default async function loginRoutes(app: FastifyInstance): Promise<void> {
  const limited = { rateLimit: { max: app.config.ownerLoginLimit, timeWindow: LOGIN_RATE_WINDOW_MS } };

  app.post("/api/verwaltung/anmeldelink", { config: limited }, async (request, reply) => {
    const email = field(request.body, "email");
    if (!email || email.length > LIMITS.email || !EMAIL_PATTERN.test(email.trim())) {
      return sendError(request, reply, { status: 400, message: OWNER_MESSAGES.emailInvalid });
    }
    const queued = await requestLoginLink(app.db, app.mail, app.config.ownerEmails, email);
    request.log.info({ queued }, "owner login link requested");
    return reply.code(202).send({ message: OWNER_MESSAGES.linkSent });
  });

  app.post("/api/verwaltung/sitzung", { config: limited }, async (request, reply) => {
    const token = field(request.body, "token");
    const session = await app.db.transaction(async (tx) => {
      const email = await consumeLoginLink(tx, app.config.ownerEmails, token);
      if (!email) return undefined;
      await audit(tx, email, "login", "per Anmeldelink");
      return { email, id: await createSession(tx, email, "link") };
    });
    if (!session) return sendError(request, reply, { status: 400, message: OWNER_MESSAGES.linkInvalid });
    return startSession(reply, session, "link");
  });

  app.post("/api/verwaltung/passkey-anmeldung/optionen", { config: limited }, async (request, reply) => {
    return reply.send(await loginOptions(app.db, relyingParty(app, request)));
  });

  app.post("/api/verwaltung/passkey-anmeldung", { config: limited }, async (request, reply) => {
    const response = (request.body as { response?: AuthenticationResponseJSON } | undefined)?.response;
    const session = await app.db.transaction(async (tx) => {
      const email = response ? await verifyPasskeyLogin(tx, relyingParty(app, request), response) : undefined;
      if (!email || !app.config.ownerEmails.includes(email)) return undefined;
      await audit(tx, email, "login", "per Passkey");
      return { email, id: await createSession(tx, email, "passkey") };
    });
    if (!session) return sendError(request, reply, { status: 400, message: OWNER_MESSAGES.passkeyFailed });
    return startSession(reply, session, "passkey");
  });

  app.get("/api/verwaltung/sitzung", { preHandler: requireOwner }, async (request) => {
    const { email, method, createdAt, expiresAt } = request.owner!;
    return { email, method, createdAt: createdAt.toISOString(), expiresAt: expiresAt.toISOString() };
  });

  app.post("/api/verwaltung/abmelden", { preHandler: requireOwner }, async (request, reply) => {
    await endSession(app.db, request.cookies[SESSION_COOKIE]!);
    await audit(app.db, ownerOf(request), "logout");
    return clearCookie(reply).send({ ok: true });
  });

  app.post("/api/verwaltung/sitzungen-beenden", { preHandler: requireOwner }, async (request, reply) => {
    const owner = ownerOf(request);
    const ended = await endAllSessions(app.db, owner);
    await audit(app.db, owner, "sessions-ended", `${ended} Sitzung(en)`);
    return clearCookie(reply).send({ ok: true, ended });
  });
}

/** `__Host-`: Secure, Path=/, no Domain, so no other host or path can set or read it. */
function startSession(reply: FastifyReply, session: { email: string; id: string }, method: LoginMethod) {
  return reply
    .setCookie(SESSION_COOKIE, session.id, {
      path: "/",
      httpOnly: true,
      secure: true,
      sameSite: "strict",
      maxAge: SESSION_MAX_HOURS * 3600,
    })
    .send({ email: session.email, method });
}

function clearCookie(reply: FastifyReply) {
  return reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, secure: true, sameSite: "strict" });
}
