/** The inbox of contact requests: overview, list, one request, reply, mark answered. */
import type { FastifyInstance } from "fastify";
import { sendError } from "../../http/errors";
import { audit } from "../../services/audit-log";
import {
  getRequest,
  listRequests,
  markAnswered,
  overview,
  parseCursor,
  REPLY_MAX_LENGTH,
  REQUEST_FILTERS,
  replyToRequest,
  type RequestFilter,
} from "../../services/inbox";
import { ownerOf } from "./guard";
import { field, recordId } from "./input";
import { OWNER_MESSAGES } from "./messages";

export const SEARCH_MAX_LENGTH = 100;

export default async function inboxRoutes(app: FastifyInstance): Promise<void> {
  const replyWithinHours = () => app.mail.site.replyWithinHours;

  app.get("/api/verwaltung/uebersicht", async () => ({
    ...(await overview(app.db, replyWithinHours())),
    replyWithinHours: replyWithinHours(),
  }));

  app.get<{ Querystring: Record<string, unknown> }>("/api/verwaltung/anfragen", async (request, reply) => {
    const { filter = "offen", q, vor } = request.query;
    if (typeof filter !== "string" || !REQUEST_FILTERS.includes(filter as RequestFilter)) {
      return sendError(request, reply, { status: 400, message: OWNER_MESSAGES.badFilter });
    }
    if (q !== undefined && (typeof q !== "string" || q.length > SEARCH_MAX_LENGTH || q.includes("\0"))) {
      return sendError(request, reply, { status: 400, message: OWNER_MESSAGES.badSearch });
    }
    const before = vor === undefined ? undefined : parseCursor(vor);
    if (vor !== undefined && !before) return sendError(request, reply, { status: 400, message: OWNER_MESSAGES.badCursor });
    return listRequests(app.db, { filter: filter as RequestFilter, search: q, before, replyWithinHours: replyWithinHours() });
  });

  app.get<{ Params: { id: string } }>("/api/verwaltung/anfragen/:id", async (request, reply) => {
    const id = recordId(request.params.id);
    if (!id) return sendError(request, reply, { status: 400, message: OWNER_MESSAGES.badId });
    const detail = await getRequest(app.db, id, replyWithinHours());
    if (!detail) return sendError(request, reply, { status: 404, message: OWNER_MESSAGES.requestMissing });
    await audit(app.db, ownerOf(request), "request-viewed", `Anfrage #${id}`);
    return detail;
  });

  app.post<{ Params: { id: string } }>("/api/verwaltung/anfragen/:id/antwort", async (request, reply) => {
    const id = recordId(request.params.id);
    if (!id) return sendError(request, reply, { status: 400, message: OWNER_MESSAGES.badId });
    const text = field(request.body, "text")?.replace(/\r\n?/g, "\n").trim();
    if (!text) return sendError(request, reply, { status: 400, message: OWNER_MESSAGES.replyEmpty });
    if (text.length > REPLY_MAX_LENGTH) return sendError(request, reply, { status: 400, message: OWNER_MESSAGES.replyTooLong });
    const outcome = await replyToRequest(app.db, app.mail, { id, owner: ownerOf(request), text });
    if (outcome === "missing") return sendError(request, reply, { status: 404, message: OWNER_MESSAGES.requestMissing });
    if (outcome === "undeliverable") {
      return sendError(request, reply, { status: 422, message: OWNER_MESSAGES.replyUndeliverable });
    }
    return getRequest(app.db, id, replyWithinHours());
  });

  app.post<{ Params: { id: string } }>("/api/verwaltung/anfragen/:id/beantwortet", async (request, reply) => {
    const id = recordId(request.params.id);
    if (!id) return sendError(request, reply, { status: 400, message: OWNER_MESSAGES.badId });
    if (!(await markAnswered(app.db, id, ownerOf(request)))) {
      return sendError(request, reply, { status: 404, message: OWNER_MESSAGES.requestMissing });
    }
    return getRequest(app.db, id, replyWithinHours());
  });
}
