/**
 * Pages and text files of the build (HTML, JS, CSS, JSON, SVG …) kept in memory, each with its brotli
 * and gzip form made once, off the main thread, at the highest level. They never change between builds,
 * so compressing them again for every visitor (as on-the-fly compression would) only costs CPU: on two
 * cores that cut the pages served per second from thousands to under two hundred.
 */
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { contentSecurityPolicy, inlineScriptHashes } from "../http/csp";
import { TRUSTED_SCRIPTS_FILE, type TrustedScripts } from "../../common/trusted-scripts";
import { closeBrotli, closeGzip, openBrotli, openGzip, type OpenStream } from "./open-stream";

export type Encoding = "br" | "gzip" | "identity";

export interface CachedFile {
  body: Buffer;
  contentType: string;
  /** Of the uncompressed body; each encoding gets its own variant (see `etagFor`). */
  etag: string;
  /** Pages only: the CSP allowing this page's inline scripts that its build wrote (TRUSTED_SCRIPTS_FILE). */
  csp?: string;
  encoded(encoding: "br" | "gzip"): Promise<Buffer>;
  /**
   * Pages only: the page with `insert` before its `</body>`, in `encoding`; undefined when the page has no
   * `</body>`. The part before it is compressed once (open-stream.ts), so this costs no compression.
   */
  withInsert(encoding: Encoding, insert: Buffer): Promise<Buffer> | undefined;
}

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
};

/** Smaller bodies are sent as they are: compressing them saves less than the header costs. */
export const COMPRESS_MIN_BYTES = 1024;
/** Larger files (source maps, mostly) are streamed from disk instead of held in memory. */
const MAX_CACHED_BYTES = 2 * 1024 * 1024;
/** A long-running server over many rebuilds would otherwise keep every old bundle. */
const MAX_ENTRIES = 2000;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function isCacheable(relativePath: string): boolean {
  return path.extname(relativePath).toLowerCase() in CONTENT_TYPES;
}

/** The best encoding the browser accepts (brotli, then gzip); `q=0` means refused. */
export function chooseEncoding(acceptEncoding: string | undefined, compressible: boolean): Encoding {
  if (!compressible || !acceptEncoding) return "identity";
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    if (name) accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (allows("br")) return "br";
  if (allows("gzip")) return "gzip";
  return "identity";
}

export function etagFor(file: CachedFile, encoding: Encoding): string {
  return encoding === "identity" ? file.etag : `${file.etag.slice(0, -1)}-${encoding}"`;
}

export class FileCache {
  private readonly entries = new Map<
    string,
    { mtimeMs: number; size: number; trusted: ReadonlySet<string> | undefined; file: CachedFile }
  >();

  private readonly trusted = new Map<string, { mtimeMs: number; hashes: ReadonlySet<string> }>();

  /**
   * The file, read once and again only when it changes on disk (a new build); undefined if missing or too big.
   * `root` is the build's public/ folder: a page's CSP trusts the inline scripts its TRUSTED_SCRIPTS_FILE lists.
   */
  async get(absolutePath: string, root = path.dirname(absolutePath)): Promise<CachedFile | undefined> {
    const info = await stat(absolutePath).catch(() => undefined);
    if (!info?.isFile() || info.size > MAX_CACHED_BYTES) return undefined;
    const extension = path.extname(absolutePath).toLowerCase();
    const isPage = extension === ".html";
    const trusted = isPage ? await this.trustedScripts(root) : undefined;
    const cached = this.entries.get(absolutePath);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size && cached.trusted === trusted) return cached.file;

    const body = await readFile(absolutePath);
    const file = createCachedFile(body, CONTENT_TYPES[extension] ?? "application/octet-stream", trusted);
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(absolutePath, { mtimeMs: info.mtimeMs, size: info.size, trusted, file });
    return file;
  }

  /** The hashes a build's TRUSTED_SCRIPTS_FILE lists, read again when it changes; none without the file. */
  private async trustedScripts(root: string): Promise<ReadonlySet<string>> {
    const file = path.join(root, TRUSTED_SCRIPTS_FILE);
    const info = await stat(file).catch(() => undefined);
    const known = this.trusted.get(root);
    if (known && known.mtimeMs === (info?.mtimeMs ?? -1)) return known.hashes;
    let hashes: ReadonlySet<string> = new Set();
    if (info) {
      try {
        const listed = (JSON.parse(await readFile(file, "utf8")) as Partial<TrustedScripts>).hashes;
        if (Array.isArray(listed)) hashes = new Set(listed.filter((hash) => typeof hash === "string"));
      } catch {
        // an unreadable list trusts nothing: the pages then work without their scripts
      }
    }
    if (this.trusted.size >= MAX_ENTRIES) this.trusted.clear();
    this.trusted.set(root, { mtimeMs: info?.mtimeMs ?? -1, hashes });
    return hashes;
  }
}

/** `trusted`: for a page, the inline scripts its build wrote; undefined for any other file. */
function createCachedFile(body: Buffer, contentType: string, trusted: ReadonlySet<string> | undefined): CachedFile {
  const isPage = trusted !== undefined;
  const variants = new Map<"br" | "gzip", Promise<Buffer>>();
  const bodyEnd = isPage ? body.lastIndexOf("</body>") : -1;
  const opened = new Map<"br" | "gzip", Promise<OpenStream>>();
  const open = (encoding: "br" | "gzip") => {
    let stream = opened.get(encoding);
    if (!stream) {
      const head = body.subarray(0, bodyEnd);
      stream = encoding === "br" ? openBrotli(head) : openGzip(head);
      stream.catch(() => opened.delete(encoding));
      opened.set(encoding, stream);
    }
    return stream;
  };
  return {
    body,
    contentType,
    etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
    csp: isPage
      ? contentSecurityPolicy(inlineScriptHashes(body.toString("utf8")).filter((hash) => trusted.has(hash)))
      : undefined,
    encoded(encoding) {
      let variant = variants.get(encoding);
      if (!variant) {
        variant =
          encoding === "br"
            ? brotli(body, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                  [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
                },
              })
            : gzipAsync(body, { level: constants.Z_BEST_COMPRESSION });
        // A failed compression is retried next time instead of being remembered.
        variant.catch(() => variants.delete(encoding));
        variants.set(encoding, variant);
      }
      return variant;
    },
    withInsert(encoding, insert) {
      if (bodyEnd === -1) return undefined;
      const tail = Buffer.concat([insert, body.subarray(bodyEnd)]);
      if (encoding === "identity") return Promise.resolve(Buffer.concat([body.subarray(0, bodyEnd), tail]));
      return open(encoding).then((stream) => (encoding === "br" ? closeBrotli(stream, tail) : closeGzip(stream, tail)));
    },
  };
}
