/** The inbox of contact requests: overview, list, one request, reply, mark answered. */
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
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
import { IdParams, ReplyBody, RequestsQuery } from "../../../common/owner/schemas";
import { OverviewAnswer, RequestDetail, RequestPage, SpamErased } from "../../../common/owner/responses";
import { OWNER_MESSAGES } from "./messages";

export default async function inboxRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const replyWithinHours = () => app.mail.site.replyWithinHours;

  const detail = { 200: RequestDetail };

  app.get("/uebersicht", { schema: { response: { 200: OverviewAnswer } } }, async () => ({
    ...(await overview(app.db, replyWithinHours())),
    replyWithinHours: replyWithinHours(),
  }));

  app.get("/anfragen", { schema: { querystring: RequestsQuery, response: { 200: RequestPage } } }, async (request, reply) => {
    const { filter = "offen", q, vor } = request.query;
    const before = vor === undefined ? undefined : parseCursor(vor);
    if (vor !== undefined && !before) return sendError(request, reply, { status: 400, message: OWNER_MESSAGES.badCursor });
    return listRequests(app.db, { filter, search: q, before, replyWithinHours: replyWithinHours() });
  });

  // Everything that looks automated goes at once: the requests and the sign-ups never confirmed.
  app.post("/spam/loeschen", { schema: { response: { 200: SpamErased } } }, async (request) =>
    eraseSpam(app.db, ownerOf(request)),
  );

  app.get("/anfragen/:id", { schema: { params: IdParams, response: detail } }, async (request, reply) => {
    const id = Number(request.params.id);
    const detail = await getRequest(app.db, id, replyWithinHours());
    if (!detail) return sendError(request, reply, { status: 404, message: OWNER_MESSAGES.requestMissing });
    await audit(app.db, ownerOf(request), "request-viewed", `Anfrage #${id}`);
    return detail;
  });

  app.post(
    "/anfragen/:id/antwort",
    { schema: { params: IdParams, body: ReplyBody, response: detail } },
    async (request, reply) => {
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
    },
  );

  app.post("/anfragen/:id/beantwortet", { schema: { params: IdParams, response: detail } }, async (request, reply) => {
    const id = Number(request.params.id);
    if (!(await markAnswered(app.db, id, ownerOf(request)))) {
      return sendError(request, reply, { status: 404, message: OWNER_MESSAGES.requestMissing });
    }
    return getRequest(app.db, id, replyWithinHours());
  });
}
