/** The webhook delivery log: the last 500 deliveries, "erneut senden", and lifting a 410 deactivation. */
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { sendError } from "../../http/errors";
import { audit } from "../../services/audit-log";
import { enableEndpoint, listDeliveries, listEndpoints, resendDelivery } from "../../webhooks/log";
import { ownerOf, requireRecentLogin } from "./guard";
import { EndpointBody, IdParams, NoQuery } from "../../../common/owner/schemas";
import { WebhookState } from "../../../common/owner/responses";
import { OWNER_MESSAGES } from "./messages";

const RESEND_REFUSALS = {
  "not-found": [404, OWNER_MESSAGES.deliveryMissing],
  "already-queued": [409, OWNER_MESSAGES.deliveryQueued],
  "endpoint-disabled": [409, OWNER_MESSAGES.endpointDisabled],
  "endpoint-removed": [409, OWNER_MESSAGES.endpointRemoved],
} as const;

export default async function webhookRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  // The times as ISO text, as JSON.stringify writes a Date.
  const iso = (time: Date | null) => time && time.toISOString();
  const state = async (): Promise<WebhookState> => ({
    endpoints: (await listEndpoints(app.db)).map((endpoint) => ({ ...endpoint, disabledAt: iso(endpoint.disabledAt) })),
    deliveries: (await listDeliveries(app.db)).map((delivery) => ({
      ...delivery,
      nextAttemptAt: iso(delivery.nextAttemptAt),
      createdAt: delivery.createdAt.toISOString(),
      deliveredAt: iso(delivery.deliveredAt),
    })),
  });
  const answer = { 200: WebhookState };

  app.get("/webhooks", { schema: { querystring: NoQuery, response: answer } }, state);

  app.post("/webhooks/:id/erneut", { schema: { params: IdParams, response: answer } }, async (request, reply) => {
    const id = Number(request.params.id);
    const outcome = await resendDelivery(app.db, id);
    if (outcome !== "queued") {
      const [status, message] = RESEND_REFUSALS[outcome];
      return sendError(request, reply, { status, message });
    }
    await audit(app.db, ownerOf(request), "webhook-resent", `Zustellung #${id}`);
    return state();
  });

  // Sending to a receiver again hands on personal data: a recent login is needed, as for the export.
  const enabling = { preValidation: requireRecentLogin, schema: { body: EndpointBody, response: answer } };
  app.post("/webhooks/endpunkt", enabling, async (request, reply) => {
    const { url } = request.body;
    if (!URL.canParse(url)) {
      return sendError(request, reply, { status: 400, message: OWNER_MESSAGES.badUrl });
    }
    if (!(await enableEndpoint(app.db, url))) {
      return sendError(request, reply, { status: 404, message: OWNER_MESSAGES.endpointNotDisabled });
    }
    await audit(app.db, ownerOf(request), "endpoint-enabled", new URL(url).host);
    return state();
  });
}
