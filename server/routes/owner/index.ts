/**
 * The owner area: pages under /verwaltung and the API under /api/verwaltung, for the addresses in
 * OWNER_EMAILS. Without them every path of it answers 404 and the start log says how to enable it.
 * The session cookie is read only here; public pages never set or need a cookie.
 */
import cookie from "@fastify/cookie";
import type { FastifyInstance } from "fastify";
import type { SiteFiles } from "../../static/site-files";
import { registerOwnerGuard } from "./guard";
import inboxRoutes from "./inbox";
import loginRoutes from "./login";
import newsletterRoutes from "./newsletters";
import ownerPageRoutes from "./page";
import passkeyRoutes from "./passkeys";
import peopleRoutes from "./people";
import webhookRoutes from "./webhooks";

export default async function ownerArea(app: FastifyInstance, options: { site: SiteFiles }): Promise<void> {
  const enabled = app.config.ownerEmails.length > 0;
  await app.register(ownerPageRoutes, { site: options.site, enabled });
  if (!enabled) {
    app.log.info(
      "Verwaltung unter /verwaltung ist aus: setze OWNER_EMAILS=du@beispiel.de (mehrere mit Komma), um sie einzuschalten.",
    );
    return;
  }
  await app.register(async (api) => {
    await api.register(cookie);
    registerOwnerGuard(api);
    await api.register(loginRoutes);
    await api.register(passkeyRoutes);
    await api.register(inboxRoutes);
    await api.register(peopleRoutes);
    await api.register(webhookRoutes);
    await api.register(newsletterRoutes);
  });
}
