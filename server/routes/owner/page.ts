/**
 * The owner area in the browser: its HTML shell for every path under /verwaltung (never cached, never
 * indexed) and its hashed bundle under /verwaltung/assets/ (cached for a year, and those of the last few
 * releases too), both from public/verwaltung/, which server/release/owner-build.ts writes apart from Gatsby. Without OWNER_EMAILS none
 * of these paths exists, and the public file serving never answers for that folder (SiteFiles).
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { pathnameOf, sendCachedFile, sendNotFoundPage } from "../static";
import { IMMUTABLE } from "../../static/cache-control";
import { isCacheable } from "../../static/file-cache";
import { OWNER_ASSETS_URL, OWNER_ASSET_NAME, ownerShellFile } from "../../static/owner-files";
import type { SiteFiles } from "../../static/site-files";

const FONT_TYPES: Record<string, string> = { ".woff2": "font/woff2", ".woff": "font/woff" };

export default async function ownerPageRoutes(app: FastifyInstance, options: { site: SiteFiles; enabled: boolean }) {
  const { site, enabled } = options;

  const asset = async (request: FastifyRequest, reply: FastifyReply, name: string) => {
    if (!OWNER_ASSET_NAME.test(name)) return sendNotFoundPage(site, request, reply);
    // An owner area opened before a deploy still loads its screens' chunks from the earlier release.
    const absolutePath = await site.ownerAsset(name);
    if (!absolutePath) return sendNotFoundPage(site, request, reply);
    reply.header("cache-control", IMMUTABLE);
    if (isCacheable(name)) {
      const file = await site.cached(absolutePath);
      return file ? sendCachedFile(request, reply, file, 200) : sendNotFoundPage(site, request, reply);
    }
    // Fonts: already compressed, streamed from disk.
    const info = await stat(absolutePath).catch(() => undefined);
    if (!info?.isFile()) return sendNotFoundPage(site, request, reply);
    return reply
      .type(FONT_TYPES[path.extname(name)] ?? "application/octet-stream")
      .header("content-length", info.size)
      .send(createReadStream(absolutePath));
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!enabled) return sendNotFoundPage(site, request, reply);
    const pathname = pathnameOf(request.url);
    if (pathname.startsWith(OWNER_ASSETS_URL)) return asset(request, reply, pathname.slice(OWNER_ASSETS_URL.length));
    const page = await site.cached(ownerShellFile(site.publicDir));
    if (!page) return sendNotFoundPage(site, request, reply);
    reply.header("cache-control", "no-store").header("x-robots-tag", "noindex, nofollow");
    return sendCachedFile(request, reply, page, 200);
  };
  app.get("/verwaltung", handler);
  app.get("/verwaltung/*", handler);
}
