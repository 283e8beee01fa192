/**
 * The owner area's pages: one client-only Gatsby page (src/pages/verwaltung/[...].tsx) answers every
 * path under /verwaltung. Never cached, never indexed; without OWNER_EMAILS the paths do not exist.
 */
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sendCachedFile, sendNotFoundPage } from "../static";
import type { SiteFiles } from "../../static/site-files";

export const OWNER_PAGE_FILE = path.join("verwaltung", "[...]", "index.html");

export default async function ownerPageRoutes(app: FastifyInstance, options: { site: SiteFiles; enabled: boolean }) {
  const { site, enabled } = options;
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!enabled) return sendNotFoundPage(site, request, reply);
    const page = await site.cached(path.join(site.publicDir, OWNER_PAGE_FILE));
    if (!page) return sendNotFoundPage(site, request, reply);
    reply.header("cache-control", "no-store").header("x-robots-tag", "noindex, nofollow");
    return sendCachedFile(request, reply, page, 200);
  };
  app.get("/verwaltung", handler);
  app.get("/verwaltung/*", handler);
}
