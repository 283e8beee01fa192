/**
 * Logging in and out: the login-link form, the "Anmelden" button behind the link (a POST, so a mail
 * scanner fetching the link logs nobody in), passkey login, confirming a running session with a
 * passkey, the session, logout and "alle Sitzungen beenden" (optionally with every passkey). Login
 * requests are rate-limited per client; links also per address (owner-login.ts). Every failed login is
 * written to the audit log (owner-alerts.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { OWNER_API } from "../../../common/owner/api";
import type { OwnerSession } from "../../../common/owner/responses";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { sendError } from "../../http/errors";
import { audit } from "../../services/audit-log";
import { notifyPasskeyChange, recordFailedLogin } from "../../services/owner-alerts";
import { consumeLoginLink } from "../../services/owner-login";
import {
  confirmSession,
  createSession,
  endAllSessions,
  endSession,
  readSession,
  SESSION_COOKIE,
  type LoginMethod,
} from "../../services/owner-sessions";
import { confirmationOptions, loginOptions, removeAllPasskeys, verifyPasskey } from "../../services/passkeys";
import { ownerOf, requireRecentLogin } from "./guard";
import { areaEmails } from "../../services/owner-roles";
import { OWNER_MESSAGES } from "./messages";
import { relyingParty } from "./relying-party";
import { field } from "./input";
import { ownerRoute } from "./route";

/** The window of the login limit: OWNER_LOGIN_LIMIT requests per client address and login route. */
export const LOGIN_RATE_WINDOW_MS = 15 * 60_000;

const passkeyResponse = (body: unknown) => {
  const response = (body as { response?: unknown } | undefined)?.response;
  return typeof response === "object" && response !== null ? (response as AuthenticationResponseJSON) : undefined;
};

export default async function loginRoutes(app: FastifyInstance): Promise<void> {
  const route = ownerRoute(app);
  const limited = { config: { rateLimit: { max: app.config.ownerLoginLimit, timeWindow: LOGIN_RATE_WINDOW_MS } } };
  const allowed = areaEmails(app.config);
  const failed = (owner: string | undefined, how: string) =>
    recordFailedLogin(app.db, app.mail, app.config.ownerEmails, { owner, how });

  const queue = app.ownerLoginLinks;
  route(OWNER_API.loginLink, limited, async (request, reply) => {
    const { email } = request.body;
    // The same for every address: nothing is looked up before the answer.
    queue.add(email);
    return reply.code(202).send({ message: OWNER_MESSAGES.linkSent });
  });

  route(OWNER_API.login, limited, async (request, reply) => {
    const token = field(request.body, "token");
    const outcome = await app.db.transaction(async (tx) => {
      const link = await consumeLoginLink(tx, allowed, token);
      if (!link.ok) return link;
      await audit(tx, link.email, "login", "per Anmeldelink");
      return { ...link, id: await createSession(tx, link.email, "link") };
    });
    if (!outcome.ok) {
      await failed(outcome.email, outcome.why);
      return sendError(request, reply, { status: 400, message: OWNER_MESSAGES.linkInvalid });
    }
    return startSession(reply, outcome, "link");
  });

  route(OWNER_API.passkeyLoginOptions, limited, async (request, reply) => {
    return reply.send(await loginOptions(app.db, relyingParty(app, request)));
  });

  route(OWNER_API.passkeyLogin, limited, async (request, reply) => {
    const response = passkeyResponse(request.body);
    const outcome = await app.db.transaction(async (tx) => {
      const checked = response ? await verifyPasskey(tx, relyingParty(app, request), response) : { ok: false as const };
      if (!checked.ok || !allowed.includes(checked.email)) return { ok: false as const, email: checked.email };
      await audit(tx, checked.email, "login", "per Passkey");
      return { ok: true as const, email: checked.email, id: await createSession(tx, checked.email, "passkey") };
    });
    if (!outcome.ok) {
      await failed(outcome.email, "Passkey nicht bestätigt");
      return sendError(request, reply, { status: 400, message: OWNER_MESSAGES.passkeyFailed });
    }
    return startSession(reply, outcome, "passkey");
  });

  route(OWNER_API.confirmOptions, limited, async (request, reply) =>
    reply.send(await confirmationOptions(app.db, relyingParty(app, request), ownerOf(request))),
  );

  route(OWNER_API.confirm, limited, async (request, reply) => {
    const owner = ownerOf(request);
    const response = passkeyResponse(request.body);
    const checked = response ? await verifyPasskey(app.db, relyingParty(app, request), response, owner) : { ok: false as const };
    if (!checked.ok) {
      await failed(owner, "Bestätigung per Passkey fehlgeschlagen");
      return sendError(request, reply, { status: 400, message: OWNER_MESSAGES.confirmFailed });
    }
    await confirmSession(app.db, request.cookies[SESSION_COOKIE]!);
    await audit(app.db, owner, "login-confirmed", "per Passkey");
    const session = await readSession(app.db, app.config, request.cookies[SESSION_COOKIE]);
    return sessionInfo(session!);
  });

  route(OWNER_API.session, async (request) => sessionInfo(request.owner!));

  route(OWNER_API.logout, async (request, reply) => {
    await endSession(app.db, request.cookies[SESSION_COOKIE]!);
    await audit(app.db, ownerOf(request), "logout");
    return clearCookie(reply).send({ ok: true });
  });

  // With `passkeys: true` every passkey of the owner goes too, which needs a recent login like removing one.
  route(
    OWNER_API.endSessions,
    {
      preHandler: async (request, reply) => {
        if ((request.body as { passkeys?: unknown } | undefined)?.passkeys === true) return requireRecentLogin(request, reply);
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request);
      const withPasskeys = (request.body as { passkeys?: unknown } | undefined)?.passkeys === true;
      const { ended, passkeys } = await app.db.transaction(async (tx) => {
        const removed = withPasskeys ? await removeAllPasskeys(tx, owner) : [];
        for (const name of removed) {
          await audit(tx, owner, "passkey-removed", name);
          await notifyPasskeyChange(tx, app.mail, app.config, { owner, passkeyName: name, added: false });
        }
        const count = await endAllSessions(tx, owner);
        await audit(tx, owner, "sessions-ended", `${count} Sitzung(en)`);
        return { ended: count, passkeys: removed.length };
      });
      return clearCookie(reply).send({ ok: true, ended, passkeys });
    },
  );
}

/** The session as the owner area sees it: who, as what, how, until when sensitive actions need no confirmation. */
function sessionInfo(session: NonNullable<FastifyRequest["owner"]>): OwnerSession {
  const { email, role, method, createdAt, expiresAt, confirmedUntil, recent } = session;
  return {
    email,
    role,
    method,
    createdAt: createdAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
    confirmedUntil: confirmedUntil.toISOString(),
    recent,
  };
}

/**
 * `__Host-`: Secure, Path=/, no Domain, so no other host or path can set or read it. No Max-Age or
 * Expires: the cookie ends with the browser; the session's own limits are kept in the database.
 */
function startSession(reply: FastifyReply, session: { email: string; id: string }, method: LoginMethod) {
  return reply
    .setCookie(SESSION_COOKIE, session.id, { path: "/", httpOnly: true, secure: true, sameSite: "strict" })
    .send({ email: session.email, method });
}

function clearCookie(reply: FastifyReply) {
  return reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, secure: true, sameSite: "strict" });
}
