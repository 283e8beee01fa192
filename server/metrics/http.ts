/** Request and form figures, taken from each finished response (no change to the routes needed). */
import type { FastifyReply, FastifyRequest } from "fastify";
import { isHoneypotFilled } from "../http/form-post";
import type { Collectors } from "./collectors";
import { API_PATHS } from "../../common/routes";

const FORMS: Record<string, string> = { [API_PATHS.leads]: "lead", [API_PATHS.contact]: "contact" };

/** Why a form post was refused, by the status the server answered with. */
const REFUSALS: Record<number, string> = {
  400: "invalid",
  403: "foreign_origin",
  413: "too_large",
  415: "unsupported_type",
  429: "rate_limited",
};

export function recordResponse(metrics: Collectors, request: FastifyRequest, reply: FastifyReply): void {
  // The route pattern, e.g. "/*" for every page: raw addresses would carry tokens and grow without bound.
  const route = request.routeOptions.url ?? "not_found";
  const method = request.method;
  metrics.requests.inc({ method, route, status: String(reply.statusCode) });
  metrics.duration.observe({ method, route }, reply.elapsedTime / 1000);

  const form = method === "POST" ? FORMS[route] : undefined;
  if (!form) return;
  const status = reply.statusCode;
  if (status === 202 || status === 303) {
    if (isHoneypotFilled(request.body)) metrics.submissions.inc({ form, outcome: "refused", reason: "honeypot" });
    else metrics.submissions.inc({ form, outcome: "accepted", reason: "" });
  } else {
    metrics.submissions.inc({ form, outcome: "refused", reason: REFUSALS[status] ?? (status >= 500 ? "server_error" : "other") });
  }
}
