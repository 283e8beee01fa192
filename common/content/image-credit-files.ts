/**
 * Every picture under content/images/ has exactly one record in content/image-credits.json (image-credits.ts),
 * and every record names a picture that is there: the Impressum's Bildnachweis covers all pictures and no more.
 */
import fs from "node:fs";
import path from "node:path";
import { IMAGE_CREDITS_FILE } from "./image-credits";

const IMAGE_FILE = /\.(jpe?g|png|webp|avif)$/i;
const SHOWN = `content/${IMAGE_CREDITS_FILE}`;

/** The pictures under content/images/, relative to content/ ("images/rezepte/haferbrei.jpg"). */
export function imageFilesIn(contentDir: string): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    let entries: fs.Dirent[] = [];
    try {
      entries = fs.readdirSync(path.join(contentDir, relative), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (IMAGE_FILE.test(entry.name)) found.push(child);
    }
  };
  walk("images");
  return found.sort();
}

export function imageCreditFileProblems(contentDir: string): string[] {
  let records: unknown;
  try {
    records = (JSON.parse(fs.readFileSync(path.join(contentDir, IMAGE_CREDITS_FILE), "utf8")) as { images?: unknown }).images;
  } catch {
    return []; // read-content.ts reports a missing or broken file
  }
  if (!Array.isArray(records)) return [];
  const named = records.map((record: { image?: unknown }) => (typeof record?.image === "string" ? record.image : ""));
  const problems: string[] = [];
  named.forEach((image, index) => {
    if (image && named.indexOf(image) !== index)
      problems.push(`${SHOWN}, Feld „images[${index}].image“: „${image}“ hat schon einen Eintrag`);
  });
  for (const image of imageFilesIn(contentDir))
    if (!named.includes(image))
      problems.push(
        `${SHOWN}: zum Bild „${image}“ fehlt der Eintrag; trag ein, wer es gemacht hat oder woher es stammt, mit Lizenz und Nachweis und ob es eine erkennbare Person zeigt – sonst darf es nicht auf die Website`,
      );
  return problems;
}
