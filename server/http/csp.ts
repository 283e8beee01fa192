/**
 * The Content-Security-Policy. Scripts run only from this origin or when their exact text is one of the
 * page's own inline scripts (by SHA-256), so an injected script never runs. Styles allow inline because
 * Gatsby inlines its CSS and gatsby-plugin-image sets style attributes.
 */
import { createHash } from "node:crypto";

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** A `type` that makes a script element a data block (JSON-LD, a template), which the browser never runs. */
const DATA_BLOCK_TYPE = /\stype\s*=\s*["']?(?:application\/(?:ld\+)?json(?:["'\s]|$)|text\/template|text\/x-)/i;

/** The text of each inline script of an HTML document that the browser would run, in order. */
export function runnableInlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = ` ${match[1] ?? ""}`;
    if (/\ssrc\s*=/i.test(attributes) || DATA_BLOCK_TYPE.test(attributes)) continue;
    scripts.push(match[2] ?? "");
  }
  return scripts;
}

/**
 * CSP source expressions ('sha256-…') for each inline script of an HTML document that the browser would
 * run. Data blocks need none: CSP does not apply to them, and every hash makes each page's answer longer.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = runnableInlineScripts(html).map(
    (text) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`,
  );
  return [...new Set(hashes)];
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
