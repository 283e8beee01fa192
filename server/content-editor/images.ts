/**
 * The pictures under content/images/ an editor can choose, and uploads: only JPEG, PNG, WebP or AVIF up to
 * UPLOAD_MAX_BYTES and between the smallest and largest dimensions below, decoded and encoded again with
 * sharp (as JPEG, turned upright, without metadata such as the camera's location), so what reaches the
 * repository is a picture and nothing else.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { Metadata } from "sharp";

export const IMAGES_DIR = "images";
export const UPLOAD_MAX_BYTES = 8 * 1024 * 1024;
export const UPLOAD_MIN_WIDTH = 600;
export const UPLOAD_MAX_SIDE = 8000;
/** Wider pictures are scaled down to this: more than any page shows. */
const STORED_WIDTH = 2400;
const IMAGE_FILE = /\.(jpe?g|png|webp|avif)$/i;

/** Every picture under content/images/, as a path relative to content/ ("images/rezepte/haferbrei.jpg"). */
export async function listImages(contentDir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (relative: string) => {
    const entries = await readdir(path.join(contentDir, relative), { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile() && IMAGE_FILE.test(entry.name)) found.push(child);
    }
  };
  await walk(IMAGES_DIR);
  return found.sort();
}

/** "Frühstück am Tisch.PNG" → "fruehstueck-am-tisch". */
export function imageSlug(name: string): string {
  const base = name.replace(/\.[^.]*$/, "").toLowerCase();
  const slug = base
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return slug || "bild";
}

export type UploadOutcome = { ok: true; jpeg: Buffer; width: number; height: number } | { ok: false; message: string };

/** Checks an upload and encodes it anew; the message says in German what is wrong. */
export async function reencodeUpload(input: Buffer): Promise<UploadOutcome> {
  if (input.length === 0) return { ok: false, message: "Die Datei ist leer." };
  if (input.length > UPLOAD_MAX_BYTES)
    return { ok: false, message: `Das Bild ist zu groß: höchstens ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.` };
  // Loaded with the first upload, not with the server: most servers never see one.
  const { default: sharp } = await import("sharp");
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: UPLOAD_MAX_SIDE * UPLOAD_MAX_SIDE }).metadata();
  } catch {
    return { ok: false, message: "Diese Datei ist kein Bild, das wir lesen können. Erlaubt sind JPEG, PNG, WebP und AVIF." };
  }
  if (!["jpeg", "png", "webp", "heif"].includes(meta.format ?? ""))
    return { ok: false, message: "Erlaubt sind JPEG, PNG, WebP und AVIF." };
  const upright = (meta.orientation ?? 1) >= 5;
  const width = (upright ? meta.height : meta.width) ?? 0;
  const height = (upright ? meta.width : meta.height) ?? 0;
  if (width < UPLOAD_MIN_WIDTH)
    return { ok: false, message: `Das Bild ist zu klein: mindestens ${UPLOAD_MIN_WIDTH} Pixel breit, dieses hat ${width}.` };
  if (width > UPLOAD_MAX_SIDE || height > UPLOAD_MAX_SIDE)
    return { ok: false, message: `Das Bild ist zu groß: höchstens ${UPLOAD_MAX_SIDE} Pixel je Seite.` };
  try {
    const { data, info } = await sharp(input)
      .rotate()
      .resize({ width: STORED_WIDTH, withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { ok: true, jpeg: data, width: info.width, height: info.height };
  } catch {
    return { ok: false, message: "Das Bild ließ sich nicht lesen. Ist die Datei vollständig?" };
  }
}
