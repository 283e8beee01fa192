/**
 * The owner area: pages under /verwaltung and the API under /api/verwaltung, for the addresses in
 * OWNER_EMAILS (and, for the content screen only, EDITOR_EMAILS). Without either every path of it answers 404 and the start log says how to enable it.
 * The session cookie is read only here; public pages never set or need a cookie.
 */
import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { SiteFiles } from "../../static/site-files";
import { sendError } from "../../http/errors";
import { forgetFormerOwners } from "../../services/owner-sessions";
import { LoginLinkQueue } from "../../services/login-link-queue";
import { requestLoginLink } from "../../services/owner-login";
import { OWNER_API_HEADERS, registerOwnerGuard, type OwnerRoute } from "./guard";
import { areaEmails } from "../../services/owner-roles";
import contentRoutes from "./content";
import inboxRoutes from "./inbox";
import loginRoutes from "./login";
import newsletterRoutes from "./newsletters";
import ownerPageRoutes from "./page";
import passkeyRoutes from "./passkeys";
import peopleRoutes from "./people";
import visitRoutes from "./visits";
import experimentRoutes from "./experiments";
import webhookRoutes from "./webhooks";
import { OWNER_MESSAGES } from "./messages";
import { registerOwnerValidation } from "./validation";
import { OWNER_API_PREFIX } from "../../../common/routes";

declare module "fastify" {
  interface FastifyInstance {
    /** Login-link requests waiting to be worked (answered before, see login-link-queue.ts). */
    ownerLoginLinks: LoginLinkQueue;
    /** Every route of the owner API with who may call it (guard.ts), for the tests that walk them all. */
    ownerRoutes: OwnerRoute[];
  }
}

export default async function ownerArea(app: FastifyInstance, options: { site: SiteFiles }): Promise<void> {
  const allowed = areaEmails(app.config);
  const enabled = allowed.length > 0;
  const queue = new LoginLinkQueue(
    async (email) => {
      const queued = await requestLoginLink(app.db, app.mail, allowed, email);
      app.log.info({ queued }, "owner login link requested");
    },
    (error) => app.log.error({ err: error }, "owner login link failed"),
  );
  app.decorate("ownerLoginLinks", queue);
  const routes: OwnerRoute[] = [];
  app.decorate("ownerRoutes", routes);
  app.addHook("onClose", () => queue.idle());
  const forgotten = await forgetFormerOwners(app.db, allowed);
  if (forgotten.sessions + forgotten.passkeys + forgotten.links > 0) {
    app.log.info(forgotten, "owner access of addresses no longer in OWNER_EMAILS or EDITOR_EMAILS removed");
  }
  await app.register(ownerPageRoutes, { site: options.site, enabled });
  // Unknown API paths (and all of them while the area is off) answer like the rest of the owner API; a
  // wildcard route, as the site's file serving answers every other unknown GET.
  await app.register(
    async (scope) => {
      const notFound = async (request: FastifyRequest, reply: FastifyReply) => {
        reply.headers(OWNER_API_HEADERS);
        return sendError(request, reply, { status: 404, message: OWNER_MESSAGES.notFound });
      };
      scope.all("", notFound);
      scope.all("/*", notFound);
    },
    { prefix: OWNER_API_PREFIX },
  );
  if (!enabled) {
    app.log.info(
      "Verwaltung unter /verwaltung ist aus: setze OWNER_EMAILS=du@beispiel.de (mehrere mit Komma), um sie einzuschalten.",
    );
    return;
  }
  // Every route of the API under one prefix, each with the schema of what it accepts (validation.ts).
  await app.register(
    async (api) => {
      await api.register(cookie);
      registerOwnerGuard(api, routes);
      registerOwnerValidation(api);
      await api.register(loginRoutes);
      await api.register(passkeyRoutes);
      await api.register(inboxRoutes);
      await api.register(peopleRoutes);
      await api.register(webhookRoutes);
      await api.register(visitRoutes);
      await api.register(experimentRoutes);
      await api.register(newsletterRoutes);
      await api.register(contentRoutes);
    },
    { prefix: OWNER_API_PREFIX },
  );
}

// Not encapsulated (as fastify-plugin does it): `ownerLoginLinks` is the app's, so tests and shutdown reach it.
Object.assign(ownerArea, { [Symbol.for("skip-override")]: true });
