/**
 * The web fonts. They never wait in front of the first paint: after the build (gatsby-node.ts onPostBuild)
 * their files are copied to /static/ under a content hash, and each page's after-load script
 * (gatsby/after-load.ts) loads them through the FontFace API once the page has painted, without waiting for
 * the site's bundles, and shows them together. Until they arrive (and without JavaScript) the local
 * fallbacks in global.css, stretched to the same metrics, stand in. German text needs Fontsource's Latin
 * subset alone (ä, ö, ü, ß, „“ and – are in it): the three files the pages' text uses, nothing else.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PATH_PREFIX_ENV } from "../../common/preview";

/** Fontsource's Latin subset (the range of its own CSS). */
const LATIN =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";

/** Family names as global.css's --font-sans and --font-serif spell them; `file` as Node resolves it. */
export const WEB_FONTS = [
  {
    family: "Inter Variable",
    file: "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
    format: "woff2-variations",
    weight: "100 900",
    range: LATIN,
  },
  {
    family: "Source Serif 4",
    file: "@fontsource/source-serif-4/files/source-serif-4-latin-600-normal.woff2",
    format: "woff2",
    weight: "600",
    range: LATIN,
  },
  {
    family: "Source Serif 4",
    file: "@fontsource/source-serif-4/files/source-serif-4-latin-700-normal.woff2",
    format: "woff2",
    weight: "700",
    range: LATIN,
  },
] as const;

/** One face as the after-load script adds it: family, URL, format, weight, unicode-range. */
export type PublishedFont = [family: string, url: string, format: string, weight: string, range: string];

/**
 * Copies each font file to `publicDir`/static/ as `<name>-<first 32 hex of its SHA-256>.woff2` (the
 * server caches /static/ for a year: a changed file gets a new name) and returns the faces with their URLs.
 * The files are resolved from the project that `publicDir` belongs to.
 */
export function publishWebFonts(
  publicDir: string,
  resolve: (file: string) => string = createRequire(path.join(path.dirname(publicDir), "package.json")).resolve,
): PublishedFont[] {
  const staticDir = path.join(publicDir, "static");
  fs.mkdirSync(staticDir, { recursive: true });
  return WEB_FONTS.map((font) => {
    const bytes = fs.readFileSync(resolve(font.file));
    const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
    const name = `${path.basename(font.file, ".woff2")}-${hash}.woff2`;
    fs.writeFileSync(path.join(staticDir, name), bytes);
    // In a preview's build the URL starts with the preview's address, like every other file of it.
    return [font.family, `${process.env[PATH_PREFIX_ENV] ?? ""}/static/${name}`, font.format, font.weight, font.range];
  });
}
