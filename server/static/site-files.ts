/**
 * Maps a request path to a file of the Gatsby build the way `trailingSlash: "never"` expects: /agb is
 * public/agb/index.html, served directly (no redirect); /agb/ redirects to /agb. Anything outside
 * public/, hidden files and the 404 page itself count as missing.
 */
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { contentSecurityPolicy, inlineScriptHashes } from "../http/csp";

export type SitePath =
  { kind: "file"; relativePath: string; absolutePath: string } | { kind: "redirect"; location: string } | { kind: "missing" };

export interface HtmlPage {
  body: Buffer;
  /** The CSP allowing exactly this page's inline scripts. */
  csp: string;
  etag: string;
}

const NOT_FOUND_PAGES = new Set(["404.html", "404/index.html"]);

export class SiteFiles {
  private readonly pages = new Map<string, { mtimeMs: number; size: number; page: HtmlPage }>();

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

    for (const candidate of [segments.join("/"), [...segments, "index.html"].join("/")]) {
      if (candidate === "" || NOT_FOUND_PAGES.has(candidate)) continue;
      const absolutePath = path.join(this.publicDir, ...candidate.split("/"));
      if (!absolutePath.startsWith(this.publicDir + path.sep)) return { kind: "missing" };
      const info = await stat(absolutePath).catch(() => undefined);
      if (info?.isFile()) return { kind: "file", relativePath: candidate, absolutePath };
    }
    return { kind: "missing" };
  }

  /** The page with its CSP, read once and again only when the file changes (a new build). */
  async html(absolutePath: string): Promise<HtmlPage | undefined> {
    const info = await stat(absolutePath).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const cached = this.pages.get(absolutePath);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached.page;
    const body = await readFile(absolutePath);
    const page: HtmlPage = {
      body,
      csp: contentSecurityPolicy(inlineScriptHashes(body.toString("utf8"))),
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
    };
    this.pages.set(absolutePath, { mtimeMs: info.mtimeMs, size: info.size, page });
    return page;
  }

  notFoundPage(): Promise<HtmlPage | undefined> {
    return this.html(path.join(this.publicDir, "404.html"));
  }
}
