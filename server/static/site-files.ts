/**
 * Maps a request path to a file of the Gatsby build the way `trailingSlash: "never"` expects: /agb is
 * public/agb/index.html, served directly (no redirect); /agb/ redirects to /agb. Anything outside
 * public/, hidden files, the 404 page itself and the owner area's folder (served only by its own gated
 * routes, server/routes/owner/page.ts) count as missing.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import { FileCache, type CachedFile } from "./file-cache";
import { OWNER_DIR } from "./owner-files";

export type SitePath =
  { kind: "file"; relativePath: string; absolutePath: string } | { kind: "redirect"; location: string } | { kind: "missing" };

const NOT_FOUND_PAGES = new Set(["404.html", "404/index.html"]);

export class SiteFiles {
  private readonly cache = new FileCache();

  constructor(readonly publicDir: string) {}

  async resolve(pathname: string): Promise<SitePath> {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return { kind: "missing" };
    }
    if (!decoded.startsWith("/") || decoded.includes("\0") || decoded.includes("\\") || decoded.includes("//")) {
      return { kind: "missing" };
    }
    if (decoded.length > 1 && decoded.endsWith("/")) {
      // Safe as a redirect target: one leading slash (never //host), no trailing one.
      return { kind: "redirect", location: encodeURI(decoded.replace(/\/+$/, "")) || "/" };
    }
    const segments = decoded.split("/").filter(Boolean);
    if (segments.some((segment) => segment.startsWith(".") && segment !== ".well-known")) return { kind: "missing" };
    if (segments[0] === OWNER_DIR) return { kind: "missing" };

    for (const candidate of [segments.join("/"), [...segments, "index.html"].join("/")]) {
      if (candidate === "" || NOT_FOUND_PAGES.has(candidate)) continue;
      const absolutePath = path.join(this.publicDir, ...candidate.split("/"));
      if (!absolutePath.startsWith(this.publicDir + path.sep)) return { kind: "missing" };
      const info = await stat(absolutePath).catch(() => undefined);
      if (info?.isFile()) return { kind: "file", relativePath: candidate, absolutePath };
    }
    return { kind: "missing" };
  }

  /** A page or text file from memory (see FileCache); undefined for other files, which are streamed. */
  cached(absolutePath: string): Promise<CachedFile | undefined> {
    return this.cache.get(absolutePath);
  }

  notFoundPage(): Promise<CachedFile | undefined> {
    return this.cache.get(path.join(this.publicDir, "404.html"));
  }
}
