/**
 * `npm run og-image` (tools/artwork/og-image.ts): draws the Open Graph picture (static/og-image.png, 1200×630) and the
 * square logo for structured data (static/logo.png, 512×512) from the site's own artwork and brand
 * font. Brand and tagline come from content/site.json, so a rename only needs a re-run.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { homeHero } from "./landscapes";
import { C } from "./shapes";
import { escapeHtml } from "../../common/escape-html";

const ROOT = path.resolve(__dirname, "../..");
const STATIC = path.join(ROOT, "static");
const OG = { width: 1200, height: 630 };
const LOGO_SIZE = 512;
const SERIF = "Source Serif 4";

interface SiteText {
  brand: string;
  tagline: string;
  siteUrl: string;
}

/**
 * librsvg finds fonts through fontconfig only; point it at the site's own Source Serif 4 (from the
 * @fontsource package) so the picture uses the heading font, not whatever serif the machine has.
 */
function setUpBrandFonts(): string {
  const source = path.join(ROOT, "node_modules/@fontsource/source-serif-4/files");
  const confDir = fs.mkdtempSync(path.join(os.tmpdir(), "urkraft-fonts-"));
  // Only the Latin subset: the other subsets share the family name but lack the letters we draw.
  const fontDir = path.join(confDir, "fonts");
  fs.mkdirSync(fontDir);
  for (const weight of [400, 600, 700]) {
    const file = `source-serif-4-latin-${weight}-normal`;
    fs.writeFileSync(path.join(fontDir, `${file}.otf`), woffToSfnt(fs.readFileSync(path.join(source, `${file}.woff`))));
  }
  const conf = `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig><dir>${fontDir}</dir><cachedir>${confDir}</cachedir></fontconfig>`;
  fs.writeFileSync(path.join(confDir, "fonts.conf"), conf);
  process.env.FONTCONFIG_FILE = path.join(confDir, "fonts.conf");
  return confDir;
}

/**
 * The FreeType inside sharp reads no WOFF, so the font is unpacked to the plain OpenType it wraps:
 * WOFF 1.0 is a table directory whose tables are each zlib-compressed (W3C WOFF 1.0, section 4–5).
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString("latin1", 0, 4) !== "wOFF") throw new Error("keine WOFF-Datei");
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const entry = 44 + i * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const raw = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.readUInt32BE(entry),
      checksum: woff.readUInt32BE(entry + 16),
      data: compLength < origLength ? zlib.inflateSync(raw) : raw,
    };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    header.writeUInt32BE(table.tag, 12 + i * 16);
    header.writeUInt32BE(table.checksum, 16 + i * 16);
    header.writeUInt32BE(offset, 20 + i * 16);
    header.writeUInt32BE(table.data.length, 24 + i * 16);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

function ogOverlay({ brand, tagline, siteUrl }: SiteText): string {
  const { width, height } = OG;
  const host = new URL(siteUrl).host;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
  <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="${C.forest950}" stop-opacity="0.94"/>
    <stop offset="0.5" stop-color="${C.forest900}" stop-opacity="0.78"/>
    <stop offset="0.8" stop-color="${C.forest900}" stop-opacity="0.15"/>
    <stop offset="1" stop-color="${C.forest900}" stop-opacity="0"/>
  </linearGradient>
</defs>
<rect width="${width}" height="${height}" fill="url(#shade)"/>
<circle cx="118" cy="132" r="46" fill="${C.forest800}" stroke="${C.ember300}" stroke-width="3"/>
<text x="118" y="151" font-family="${SERIF}" font-weight="700" font-size="54" text-anchor="middle" fill="${C.ember300}">${escapeHtml(brand.charAt(0))}</text>
<text x="72" y="318" font-family="${SERIF}" font-weight="700" font-size="128" fill="${C.cream50}">${escapeHtml(brand)}</text>
<rect x="76" y="352" width="120" height="6" rx="3" fill="${C.ember400}"/>
<text x="72" y="428" font-family="${SERIF}" font-weight="600" font-size="50" fill="${C.ember200}">${escapeHtml(tagline)}</text>
<text x="72" y="490" font-family="${SERIF}" font-weight="400" font-size="30" fill="${C.cream100}">Bewegung im Alltag · Traditionelle Ernährung · Gesunde Rezepte</text>
<text x="72" y="574" font-family="${SERIF}" font-weight="600" font-size="28" fill="${C.cream200}">${escapeHtml(host)}</text>
</svg>`;
}

function logo({ brand }: SiteText): string {
  const s = LOGO_SIZE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">
<circle cx="${s / 2}" cy="${s / 2}" r="${s / 2}" fill="${C.forest800}"/>
<text x="${s / 2}" y="${s * 0.69}" font-family="${SERIF}" font-weight="700" font-size="${s * 0.56}" text-anchor="middle" fill="${C.ember300}">${escapeHtml(brand.charAt(0))}</text>
</svg>`;
}

async function main(): Promise<void> {
  const fontConfigDir = setUpBrandFonts();
  // Loaded only now: fontconfig reads FONTCONFIG_FILE once, when librsvg first draws text.
  const { default: sharp } = await import("sharp");
  const site = JSON.parse(fs.readFileSync(path.join(ROOT, "content/site.json"), "utf8")) as SiteText;

  const background = await sharp(Buffer.from(homeHero()))
    .resize(OG.width, OG.height, { fit: "cover", position: "right" })
    .png()
    .toBuffer();
  const og = path.join(STATIC, "og-image.png");
  await sharp(background)
    .composite([{ input: Buffer.from(ogOverlay(site)) }])
    .png({ compressionLevel: 9, palette: true, quality: 90, colours: 256, dither: 0.6 })
    .toFile(og);

  const logoFile = path.join(STATIC, "logo.png");
  await sharp(Buffer.from(logo(site)))
    .png({ compressionLevel: 9 })
    .toFile(logoFile);

  for (const file of [og, logoFile]) {
    const meta = await sharp(file).metadata();
    console.log(`${path.relative(ROOT, file)}  ${meta.width}×${meta.height}  ${Math.round(fs.statSync(file).size / 1024)} KB`);
  }
  fs.rmSync(fontConfigDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
