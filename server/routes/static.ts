/**
 * Serves the Gatsby build in public/: pages with their own CSP and revalidation, bundles and /static/
 * files cached for a year, unknown paths answered by public/404.html with status 404.
 */
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "../http/errors";
import { HTTP_MESSAGES } from "../http/messages";
import { REVALIDATE, cacheControlFor } from "../static/cache-control";
import type { SiteFiles } from "../static/site-files";

export function pathnameOf(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

export function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

export default async function staticRoutes(app: FastifyInstance, options: { site: SiteFiles }): Promise<void> {
  const { site } = options;
  // Only for reply.sendFile (ranges, ETag, 304); which file to send, hidden files excluded, is decided by site.resolve.
  await app.register(fastifyStatic, { root: site.publicDir, serve: false, cacheControl: false, dotfiles: "allow" });

  app.get("/*", async (request, reply) => {
    const pathname = pathnameOf(request.url);
    if (isApiPath(pathname)) return sendError(request, reply, { status: 404, message: HTTP_MESSAGES.notFound });

    const target = await site.resolve(pathname);
    if (target.kind === "redirect") {
      return reply.redirect(target.location + request.url.slice(pathname.length), 301);
    }
    if (target.kind === "missing") return sendNotFoundPage(site, request, reply);

    reply.header("cache-control", cacheControlFor(target.relativePath));
    if (!target.relativePath.endsWith(".html")) return reply.sendFile(target.relativePath);

    const page = await site.html(target.absolutePath);
    if (!page) return sendNotFoundPage(site, request, reply);
    reply.header("content-security-policy", page.csp).header("etag", page.etag);
    if (request.headers["if-none-match"] === page.etag) return reply.code(304).send();
    return reply.type("text/html; charset=utf-8").send(page.body);
  });
}

/** public/404.html with status 404, or a plain German page when the build has none. */
export async function sendNotFoundPage(site: SiteFiles, request: FastifyRequest, reply: FastifyReply) {
  const page = await site.notFoundPage();
  if (!page) return sendError(request, reply, { status: 404, message: HTTP_MESSAGES.notFound });
  return reply
    .code(404)
    .header("content-security-policy", page.csp)
    .header("cache-control", REVALIDATE)
    .type("text/html; charset=utf-8")
    .send(page.body);
}
