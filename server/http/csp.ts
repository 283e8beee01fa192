/**
 * The Content-Security-Policy. Scripts run only from this origin or when their exact text is one of the
 * page's own inline scripts (by SHA-256), so an injected script never runs. Styles allow inline because
 * Gatsby inlines its CSS and gatsby-plugin-image sets style attributes.
 */
import { createHash } from "node:crypto";

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** The JSON data blocks the pages carry (JSON-LD): script elements that the browser never runs. */
const DATA_BLOCK_TYPE = /\stype\s*=\s*["']?application\/(?:ld\+)?json(?:["'\s]|$)/i;

/**
 * CSP source expressions ('sha256-…') for each inline script of an HTML document that the browser would
 * run. Data blocks need none: CSP does not apply to them, and every hash makes each page's answer longer.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = match[1] ?? "";
    const text = match[2] ?? "";
    if (/\ssrc\s*=/i.test(` ${attributes}`) || DATA_BLOCK_TYPE.test(` ${attributes}`)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Without inline scripts: for API answers, assets and server-rendered pages. */
export const DEFAULT_CSP = contentSecurityPolicy();
