/** The inbox of contact requests: overview, list, one request, reply, mark answered. */
import type { FastifyInstance } from "fastify";
import { sendError } from "../../http/errors";
import { audit } from "../../services/audit-log";
import {
  eraseSpam,
  getRequest,
  listRequests,
  markAnswered,
  overview,
  parseCursor,
  REPLY_MAX_LENGTH,
  replyToRequest,
} from "../../services/inbox";
import { ownerOf } from "./guard";
import { OWNER_API } from "../../../common/owner/api";
import { OWNER_MESSAGES } from "./messages";
import { ownerRoute } from "./route";

export default async function inboxRoutes(app: FastifyInstance): Promise<void> {
  const route = ownerRoute(app);
  const replyWithinHours = () => app.mail.site.replyWithinHours;

  route(OWNER_API.overview, async () => ({
    ...(await overview(app.db, replyWithinHours())),
    replyWithinHours: replyWithinHours(),
  }));

  route(OWNER_API.requests, async (request, reply) => {
    const { filter = "offen", q, vor } = request.query;
    const before = vor === undefined ? undefined : parseCursor(vor);
    if (vor !== undefined && !before) return sendError(request, reply, { status: 400, message: OWNER_MESSAGES.badCursor });
    return listRequests(app.db, { filter, search: q, before, replyWithinHours: replyWithinHours() });
  });

  // Everything that looks automated goes at once: the requests and the sign-ups never confirmed.
  route(OWNER_API.eraseSpam, async (request) => eraseSpam(app.db, ownerOf(request)));

  route(OWNER_API.request, async (request, reply) => {
    const id = Number(request.params.id);
    const detail = await getRequest(app.db, id, replyWithinHours());
    if (!detail) return sendError(request, reply, { status: 404, message: OWNER_MESSAGES.requestMissing });
    await audit(app.db, ownerOf(request), "request-viewed", `Anfrage #${id}`);
    return detail;
  });

  route(OWNER_API.reply, async (request, reply) => {
    const id = Number(request.params.id);
    const text = request.body.text.replace(/\r\n?/g, "\n").trim();
    if (!text) return sendError(request, reply, { status: 400, message: OWNER_MESSAGES.replyEmpty });
    if (text.length > REPLY_MAX_LENGTH) return sendError(request, reply, { status: 400, message: OWNER_MESSAGES.replyTooLong });
    const outcome = await replyToRequest(app.db, app.mail, { id, owner: ownerOf(request), text });
    if (outcome === "missing") return sendError(request, reply, { status: 404, message: OWNER_MESSAGES.requestMissing });
    if (outcome === "undeliverable") {
      return sendError(request, reply, { status: 422, message: OWNER_MESSAGES.replyUndeliverable });
    }
    return getRequest(app.db, id, replyWithinHours());
  });

  route(OWNER_API.markAnswered, async (request, reply) => {
    const id = Number(request.params.id);
    if (!(await markAnswered(app.db, id, ownerOf(request)))) {
      return sendError(request, reply, { status: 404, message: OWNER_MESSAGES.requestMissing });
    }
    return getRequest(app.db, id, replyWithinHours());
  });
}
