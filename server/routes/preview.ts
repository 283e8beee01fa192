/**
 * Previews (server/release/previews.ts) under /vorschau/<token>/: anyone with the address sees the build,
 * without a login and without a cookie. Every answer under /vorschau/ says `noindex` and is kept by no
 * cache (`private, no-store`, see docs/production.md), so a CDN in front never mixes a preview with the live
 * site, nor an old preview with its replacement at the same address. Every answer carries a sandbox CSP
 * (PREVIEW_SANDBOX): the page runs in an opaque origin, so an owner who opens an editor's preview while
 * logged in lends it neither the session cookie nor the owner API. Forms (anything under the preview's
 * /api/) are refused with a German note: a preview never stores a lead or a request and never sends a mail.
 */
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { API_PREFIX } from "../../common/routes";
import { PREVIEW_FORM_MESSAGE, PREVIEW_PREFIX, previewPath } from "../../common/preview";
import { DEFAULT_CSP } from "../http/csp";
import { sendError } from "../http/errors";
import { isExpired, readPreview, previewPublicDir } from "../release/previews";
import { PRIVATE_NO_STORE } from "../static/cache-control";
import { COMPRESS_MIN_BYTES, chooseEncoding, isCacheable } from "../static/file-cache";
import { SiteFiles } from "../static/site-files";
import { pathnameOf } from "./static";

export const PREVIEW_NOT_FOUND =
  "Diese Vorschau gibt es nicht (mehr): vielleicht wurde sie entfernt, weil die Änderung veröffentlicht oder verworfen ist oder sie älter als 14 Tage ist. Die veröffentlichte Fassung findest du auf unserer Startseite.";

/** Every preview answer runs in a sandbox of its own origin: scripts and forms work, the site's origin is not theirs. */
export const PREVIEW_SANDBOX = "sandbox allow-scripts allow-forms";

/** Older previews' file caches are dropped beyond this many. */
const KEPT_SITES = 8;

export function isPreviewPath(pathname: string): boolean {
  return pathname === PREVIEW_PREFIX || pathname.startsWith(`${PREVIEW_PREFIX}/`);
}

/** For the whole app (404s and errors under /vorschau/ included): no index, no shared cache. */
export function registerPreviewHeaders(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (!isPreviewPath(pathnameOf(request.url))) return payload;
    reply.header("x-robots-tag", "noindex");
    reply.header("cache-control", PRIVATE_NO_STORE);
    // An opaque origin: a preview's page (with whatever its text brought) can neither read nor send anything
    // with the owner's session, which belongs to this origin. Its own files it may still load (fonts, page data).
    reply.header("content-security-policy", `${reply.getHeader("content-security-policy") ?? DEFAULT_CSP}; ${PREVIEW_SANDBOX}`);
    reply.header("access-control-allow-origin", "*");
    reply.removeHeader("etag");
    reply.removeHeader("set-cookie");
    return payload;
  });
}

export default async function previewRoutes(app: FastifyInstance, options: { previewsDir: string }): Promise<void> {
  const { previewsDir } = options;
  const sites = new Map<string, SiteFiles>();
  const siteOf = (token: string): SiteFiles | undefined => {
    const preview = readPreview(previewsDir, token);
    if (!preview || isExpired(preview)) return undefined;
    let site = sites.get(token);
    if (!site) {
      if (sites.size >= KEPT_SITES) sites.clear();
      site = new SiteFiles(previewPublicDir(previewsDir, token));
      sites.set(token, site);
    }
    return site;
  };
  // A fresh checkout has no previews yet; the folder exists from the start, so serving them needs no warning.
  await mkdir(previewsDir, { recursive: true });
  await app.register(fastifyStatic, { root: previewsDir, serve: false, cacheControl: false, etag: false, dotfiles: "allow" });

  const refuse = (request: FastifyRequest, reply: FastifyReply) => {
    const { token } = request.params as { token: string };
    return sendError(request, reply, { status: 403, message: PREVIEW_FORM_MESSAGE, backHref: `${previewPath(token)}/` });
  };
  // The sandboxed page's own script asks first (CORS, from origin "null"): it may, so it gets the note below.
  const allowAsking = (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(204)
      .header("access-control-allow-methods", "GET, POST")
      .header("access-control-allow-headers", "content-type, accept")
      .header("access-control-max-age", "600")
      .send();
  for (const route of [`${PREVIEW_PREFIX}/:token${API_PREFIX}`, `${PREVIEW_PREFIX}/:token${API_PREFIX}/*`]) {
    app.options(route, allowAsking);
    app.route({ method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"], url: route, handler: refuse });
  }

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const { token, "*": rest = "" } = request.params as { token: string; "*"?: string };
    const site = siteOf(token);
    if (!site) return sendError(request, reply, { status: 404, message: PREVIEW_NOT_FOUND });
    const pathname = `/${pathnameOf(rest)}`;
    const target = await site.resolve(pathname);
    if (target.kind === "redirect") {
      return reply.redirect(previewPath(token) + target.location + request.url.slice(pathnameOf(request.url).length), 301);
    }
    if (target.kind === "missing") {
      const page = await site.notFoundPage();
      if (!page) return sendError(request, reply, { status: 404, message: PREVIEW_NOT_FOUND });
      return sendFile(request, reply, page, 404);
    }
    const file = isCacheable(target.relativePath) ? await site.cached(target.absolutePath) : undefined;
    if (!file) return reply.sendFile(path.relative(previewsDir, target.absolutePath), previewsDir);
    return sendFile(request, reply, file, 200);
  };
  app.get(`${PREVIEW_PREFIX}/:token`, serve);
  app.get(`${PREVIEW_PREFIX}/:token/*`, serve);
}

async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: NonNullable<Awaited<ReturnType<SiteFiles["cached"]>>>,
  status: 200 | 404,
) {
  const encoding = chooseEncoding(request.headers["accept-encoding"], file.body.length >= COMPRESS_MIN_BYTES);
  reply.code(status).header("vary", "Accept-Encoding").type(file.contentType);
  if (file.csp) reply.header("content-security-policy", file.csp);
  if (encoding === "identity") return reply.send(file.body);
  return reply.header("content-encoding", encoding).send(await file.encoded(encoding));
}
