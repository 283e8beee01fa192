/**
 * Serves the Gatsby build in public/: pages with their own CSP and revalidation, bundles and /static/
 * files cached for a year, unknown paths answered by public/404.html with status 404. Pages and text
 * files come precompressed from memory; images and fonts (already compressed) are streamed from disk.
 */
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "../http/errors";
import { HTTP_MESSAGES } from "../http/messages";
import { PRIVATE_NO_STORE, REVALIDATE, cacheControlFor } from "../static/cache-control";
import { COMPRESS_MIN_BYTES, chooseEncoding, etagFor, isCacheable, type CachedFile } from "../static/file-cache";
import type { SiteFiles } from "../static/site-files";
import { isVariantPath } from "../experiments";
import { API_PREFIX } from "../../common/routes";

export function pathnameOf(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

export function isApiPath(pathname: string): boolean {
  return pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`);
}

export default async function staticRoutes(app: FastifyInstance, options: { site: SiteFiles }): Promise<void> {
  const { site } = options;
  // Only for reply.sendFile (ranges, ETag, 304); which file to send, hidden files excluded, is decided by site.resolve.
  await app.register(fastifyStatic, { root: site.publicDir, serve: false, cacheControl: false, dotfiles: "allow" });

  app.get("/*", async (request, reply) => {
    const pathname = pathnameOf(request.url);
    if (isApiPath(pathname)) return sendError(request, reply, { status: 404, message: HTTP_MESSAGES.notFound });
    // A variant of a page is sent only at the page's own address (server/experiments/).
    if (isVariantPath(pathname)) return sendNotFoundPage(site, request, reply);

    const target = await site.resolve(pathname);
    if (target.kind === "redirect") {
      return reply.redirect(target.location + request.url.slice(pathname.length), 301);
    }
    if (target.kind === "missing") return sendNotFoundPage(site, request, reply);

    reply.header("cache-control", cacheControlFor(target.relativePath));
    let file = isCacheable(target.relativePath) ? await site.cached(target.absolutePath) : undefined;
    if (!file) return reply.sendFile(target.relativePath, target.root);
    const choice = await request.server.experiments.choose(request, target.relativePath);
    let insert = choice?.insert;
    if (choice?.relativePath) {
      const variant = await site.cached(path.join(target.root, ...choice.relativePath.split("/")));
      // A build without the variant's page shows the page itself, as to a view taking no part.
      if (variant) file = variant;
      else insert = Buffer.alloc(0);
    }
    return sendCachedFile(request, reply, file, 200, insert);
  });
}

/** public/404.html with status 404, or a plain German page when the build has none. */
export async function sendNotFoundPage(site: SiteFiles, request: FastifyRequest, reply: FastifyReply) {
  const page = await site.notFoundPage();
  if (!page) return sendError(request, reply, { status: 404, message: HTTP_MESSAGES.notFound });
  reply.header("cache-control", REVALIDATE);
  return sendCachedFile(request, reply, page, 404);
}

/** `experiment`: on a page with a running experiment, its hidden input (empty when the view takes no part). */
export async function sendCachedFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: CachedFile,
  status: 200 | 404,
  experiment?: Buffer,
) {
  const encoding = chooseEncoding(request.headers["accept-encoding"], file.body.length >= COMPRESS_MIN_BYTES);
  reply.header("vary", "Accept-Encoding").type(file.contentType);
  if (file.csp) reply.header("content-security-policy", file.csp);
  if (status === 200 && file.csp) {
    // A visit's first request of a page: the page with the visit's source for its form (analytics/page-source.ts).
    const source = request.server.visitStats?.pageSource(request, file.contentType);
    // A page with an experiment differs from view to view: it is always made for its request.
    const insert = experiment ? Buffer.concat(source ? [source, experiment] : [experiment]) : source;
    const variant = insert && file.withInsert(encoding, insert);
    if (variant) {
      // Made for this request only: no ETag (a later request must not get it as the page, nor the page as
      // it), and neither the browser nor a cache in between keeps it.
      reply.header("cache-control", PRIVATE_NO_STORE);
      request.server.visitStats?.view(request, status, file.contentType);
      const body = await variant;
      if (encoding !== "identity") reply.header("content-encoding", encoding);
      return reply.code(status).send(body);
    }
  }
  if (status === 200) {
    const etag = etagFor(file, encoding);
    reply.header("etag", etag);
    if (matchesEtag(request.headers["if-none-match"], etag)) {
      request.server.visitStats?.view(request, 304, file.contentType);
      return reply.code(304).send();
    }
  }
  request.server.visitStats?.view(request, status, file.contentType);
  if (encoding === "identity") return reply.code(status).send(file.body);
  const body = await file.encoded(encoding);
  return reply.code(status).header("content-encoding", encoding).send(body);
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, "");
    return tag === etag || tag === "*";
  });
}
