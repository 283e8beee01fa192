/** The webhook delivery log: the last 500 deliveries, "erneut senden", and lifting a 410 deactivation. */
import type { FastifyInstance } from "fastify";
import { sendError } from "../../http/errors";
import { audit } from "../../services/audit-log";
import { enableEndpoint, listDeliveries, listEndpoints, resendDelivery } from "../../webhooks/log";
import { ownerOf, requireRecentLogin } from "./guard";
import { OWNER_API } from "../../../common/owner/api";
import type { WebhookState } from "../../../common/owner/responses";
import { OWNER_MESSAGES } from "./messages";
import { ownerRoute } from "./route";

const RESEND_REFUSALS = {
  "not-found": [404, OWNER_MESSAGES.deliveryMissing],
  "already-queued": [409, OWNER_MESSAGES.deliveryQueued],
  "endpoint-disabled": [409, OWNER_MESSAGES.endpointDisabled],
  "endpoint-removed": [409, OWNER_MESSAGES.endpointRemoved],
} as const;

export default async function webhookRoutes(app: FastifyInstance): Promise<void> {
  const route = ownerRoute(app);

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

  route(OWNER_API.webhooks, state);

  route(OWNER_API.resendDelivery, async (request, reply) => {
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
  route(OWNER_API.enableEndpoint, { preValidation: requireRecentLogin }, async (request, reply) => {
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
