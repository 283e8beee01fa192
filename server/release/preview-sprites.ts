/**
 * Previews answer in a sandbox of their own, opaque origin (routes/preview.ts), where a browser refuses
 * `<use href="/icons/sections.svg#mail">`: an SVG sprite is used only from the page's own origin. So a preview's
 * pages carry the symbols they use inline, with ids of their own, and point at them there.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";

const SPRITE_USE = /href="[^"]*?\/icons\/([\w-]+)\.svg#([\w-]+)"/g;
const SYMBOL = /<symbol\b[^>]*\bid="([\w-]+)"[\s\S]*?<\/symbol>/g;

/** `html` with every sprite it uses inlined after `<body …>`; as it is when it uses none. */
export async function inlineSprites(html: string, publicDir: string): Promise<string> {
  const used = new Map<string, Set<string>>();
  for (const [, sprite, id] of html.matchAll(SPRITE_USE)) {
    if (!used.has(sprite!)) used.set(sprite!, new Set());
    used.get(sprite!)!.add(id!);
  }
  if (used.size === 0 || !/<body\b[^>]*>/.test(html)) return html;
  const symbols: string[] = [];
  for (const [sprite, ids] of used) {
    const source = await readFile(path.join(publicDir, "icons", `${sprite}.svg`), "utf8").catch(() => "");
    for (const match of source.matchAll(SYMBOL))
      if (ids.has(match[1]!)) symbols.push(match[0].replace(`id="${match[1]}"`, `id="sprite-${sprite}-${match[1]}"`));
  }
  const defs = `<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true" style="display:none"><defs>${symbols.join("")}</defs></svg>`;
  return html
    .replace(SPRITE_USE, (_whole, sprite: string, id: string) => `href="#sprite-${sprite}-${id}"`)
    .replace(/<body\b[^>]*>/, (body) => `${body}${defs}`);
}
