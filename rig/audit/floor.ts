/**
 * The floor: what a page of the same text could reach at best. The home page's headings, paragraphs and
 * list items as plain HTML with a few lines of inline CSS and the system fonts, no script, no image, no
 * other file; served from this machine with brotli like the real pages and measured in the same run.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync } from "node:zlib";
import { PALETTE } from "../../common/brand";
import { escapeHtml } from "../../common/escape-html";
import { plainPage } from "../../server/http/plain-page";

export const FLOOR_PATH = "/boden";

const BLOCKS = /<(h1|h2|h3|h4|p|li|blockquote|figcaption|dt|dd)\b[^>]*>([\s\S]*?)<\/\1>/gi;
const SKIPPED = /<(script|style|noscript|svg|template|head)\b[\s\S]*?<\/\1>/gi;

const decode = (text: string) =>
  text
    .replace(/&nbsp;|&#160;/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The visible text blocks of a page, in order, without tags. */
export function textBlocks(html: string): { tag: string; text: string }[] {
  const body = html.replace(SKIPPED, "");
  const blocks: { tag: string; text: string }[] = [];
  for (const match of body.matchAll(BLOCKS)) {
    const text = decode(match[2]!.replace(/<[^>]+>/g, " "))
      .replace(/\s+/g, " ")
      .trim();
    if (text) blocks.push({ tag: match[1]!.toLowerCase(), text });
  }
  return blocks;
}

export function floorPage(html: string): string {
  const lang = /<html[^>]*\blang="([^"]+)"/i.exec(html)?.[1] ?? "de";
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? "Boden";
  const body = textBlocks(html)
    .map(({ tag, text }) =>
      tag === "li" || tag === "dt" || tag === "dd" ? `<p>${escapeHtml(text)}</p>` : `<${tag}>${escapeHtml(text)}</${tag}>`,
    )
    .join("\n");
  return plainPage({
    lang,
    title: decode(title),
    description: "Vergleichsseite: derselbe Text ohne Schriften, Bilder und Skripte.",
    style: `body{margin:0 auto;max-width:42rem;padding:1rem;font:1rem/1.6 system-ui,sans-serif;color:${PALETTE["bark-900"]};background:${PALETTE["cream-50"]}}h1{font-size:2.2rem;line-height:1.15}`,
    body: `<main>
${body}
</main>`,
  });
}

/** Serves the floor page on 127.0.0.1 (a free port) under FLOOR_PATH, brotli-compressed when accepted. */
export async function serveFloor(html: string): Promise<{ url: string; close: () => Promise<void> }> {
  const plain = Buffer.from(html);
  const compressed = brotliCompressSync(plain);
  const server = http.createServer((request, response) => {
    if (request.url !== FLOOR_PATH) {
      response.writeHead(404).end();
      return;
    }
    const br = /\bbr\b/.test(String(request.headers["accept-encoding"] ?? ""));
    response.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-cache",
      ...(br ? { "content-encoding": "br" } : {}),
    });
    response.end(br ? compressed : plain);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${FLOOR_PATH}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** A page's LCP as a multiple of the floor's; null when either is missing. */
export function lcpRatio(lcpMs: number | null | undefined, floorLcpMs: number | null | undefined): number | null {
  if (!lcpMs || !floorLcpMs) return null;
  return Math.round((lcpMs / floorLcpMs) * 100) / 100;
}
