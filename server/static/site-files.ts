/**
 * Maps a request path to a file of the Gatsby build the way `trailingSlash: "never"` expects: /agb is
 * public/agb/index.html, served directly (no redirect); /agb/ redirects to /agb. Anything outside
 * public/, hidden files, the 404 page itself and the owner area's folder (served only by its own gated
 * routes, server/routes/owner/page.ts) count as missing.
 *
 * Served from releases (server/release/live-site.ts), the folder changes with each deploy: `switchTo` makes
 * the new release's public/ the one every request resolved from then on uses, while a request already under
 * way keeps the folder it started with. Hashed bundles and /static/ files missing from the live release are
 * looked up in the previous releases too, so a page opened before the switch still loads its scripts; so are
 * the owner area's hashed files (`ownerAsset`), which its screens load lazily long after the shell.
 */
import { realpath, stat } from "node:fs/promises";
import path from "node:path";
import { IMMUTABLE, cacheControlFor } from "./cache-control";
import { FileCache, type CachedFile } from "./file-cache";
import { OWNER_ASSETS_DIR, OWNER_DIR } from "./owner-files";

export type SitePath =
  | { kind: "file"; relativePath: string; absolutePath: string; root: string }
  | { kind: "redirect"; location: string }
  | { kind: "missing" };

const NOT_FOUND_PAGES = new Set(["404.html", "404/index.html"]);

export class SiteFiles {
  private readonly cache = new FileCache();

  private live: { publicDir: string; previous: readonly string[] };

  constructor(publicDir: string) {
    this.live = { publicDir, previous: [] };
  }

  /** The folder new requests are served from. */
  get publicDir(): string {
    return this.live.publicDir;
  }

  /** From now on, serve `publicDir`; `previous` (newest first) still answer for hashed files. */
  switchTo(publicDir: string, previous: readonly string[] = []): void {
    this.live = { publicDir, previous: previous.filter((dir) => dir !== publicDir) };
  }

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

    const { publicDir, previous } = this.live;
    for (const candidate of [segments.join("/"), [...segments, "index.html"].join("/")]) {
      if (candidate === "" || NOT_FOUND_PAGES.has(candidate)) continue;
      const found = await fileIn(publicDir, candidate);
      if (found !== "missing") return found;
    }
    const asset = segments.join("/");
    if (previous.length > 0 && cacheControlFor(asset) === IMMUTABLE) {
      for (const root of previous) {
        const found = await fileIn(root, asset);
        if (found !== "missing") return found;
      }
    }
    return { kind: "missing" };
  }

  /**
   * The owner area's hashed file `name` (already checked against OWNER_ASSET_NAME): from the live release,
   * else from the earlier ones, for an owner area opened before the switch.
   */
  async ownerAsset(name: string): Promise<string | undefined> {
    const { publicDir, previous } = this.live;
    for (const root of [publicDir, ...previous]) {
      const found = await fileIn(root, `${OWNER_ASSETS_DIR}/${name}`);
      if (found !== "missing" && found.kind === "file") return found.absolutePath;
    }
    return undefined;
  }

  /** A page or text file from memory (see FileCache); undefined for other files, which are streamed. */
  cached(absolutePath: string): Promise<CachedFile | undefined> {
    const { publicDir, previous } = this.live;
    const root = [publicDir, ...previous].find((dir) => absolutePath.startsWith(dir + path.sep)) ?? publicDir;
    return this.cache.get(absolutePath, root);
  }

  notFoundPage(): Promise<CachedFile | undefined> {
    return this.cache.get(path.join(this.publicDir, "404.html"), this.publicDir);
  }
}

async function fileIn(root: string, relativePath: string): Promise<SitePath | "missing"> {
  const absolutePath = path.join(root, ...relativePath.split("/"));
  if (!absolutePath.startsWith(root + path.sep)) return { kind: "missing" };
  const info = await stat(absolutePath).catch(() => undefined);
  if (!info?.isFile()) return "missing";
  // A symbolic link planted in the build may point anywhere (/etc/passwd): only what lies inside the folder counts.
  const [real, realRoot] = await Promise.all([realpath(absolutePath), realpath(root)]).catch(() => ["", ""]);
  if (!realRoot || !real.startsWith(realRoot + path.sep)) return "missing";
  return { kind: "file", relativePath, absolutePath, root };
}
