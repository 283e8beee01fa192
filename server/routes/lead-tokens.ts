/**
 * The links in lead mails: GET /api/leads/confirm?token=… (double opt-in) and
 * GET|POST /api/leads/unsubscribe?token=… (POST is the one-click unsubscribe of RFC 8058 that mail
 * programs send for `List-Unsubscribe-Post`). Clicks are answered with 303 to a page of the site.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { confirmLead, unsubscribeLead } from "../mail/double-opt-in";
import { sendError } from "../http/errors";

export const CONFIRMED_PATH = "/anmeldung-bestaetigt";
export const UNSUBSCRIBED_PATH = "/abmeldung-bestaetigt";
export const INVALID_LINK_PATH = "/link-ungueltig";

function tokenOf(request: FastifyRequest): unknown {
  return (request.query as Record<string, unknown> | undefined)?.token;
}

export default async function leadTokenRoutes(app: FastifyInstance): Promise<void> {
  // A HEAD request (link checkers, mail scanners) must not confirm or unsubscribe anyone.
  const linkRoute = { exposeHeadRoute: false, config: { rateLimit: app.formRateLimit } };

  app.get("/api/leads/confirm", linkRoute, async (request, reply) => {
    const outcome = await confirmLead(app.db, app.mail, tokenOf(request));
    request.log.info({ outcome }, "lead confirmation link");
    return reply
      .code(303)
      .header("location", outcome === "done" ? CONFIRMED_PATH : INVALID_LINK_PATH)
      .send();
  });

  app.get("/api/leads/unsubscribe", linkRoute, async (request, reply) => {
    const outcome = await unsubscribeLead(app.db, tokenOf(request));
    request.log.info({ outcome }, "unsubscribe link");
    return reply
      .code(303)
      .header("location", outcome === "done" ? UNSUBSCRIBED_PATH : INVALID_LINK_PATH)
      .send();
  });

  app.post("/api/leads/unsubscribe", linkRoute, async (request, reply) => {
    const outcome = await unsubscribeLead(app.db, tokenOf(request));
    request.log.info({ outcome }, "one-click unsubscribe");
    if (outcome === "done") return reply.code(200).send({ ok: true });
    return sendError(request, reply, { status: 404, message: "Dieser Abmeldelink ist ungültig." });
  });
}
