/** The WebAuthn relying party of the owner area: this site's host and origin (SITE_URL when set). */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { RelyingParty } from "../../services/passkeys";
import { ownOrigin } from "./guard";

export function relyingParty(app: FastifyInstance, request: FastifyRequest): RelyingParty {
  const origin = ownOrigin(request, app.config.siteUrl);
  return { id: new URL(origin).hostname, origin, name: `${app.mail.site.brand} Verwaltung` };
}
