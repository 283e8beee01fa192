/**
 * `npm run artwork -- [name …]` (tools/artwork/render.ts): draws the site's artwork and writes it as JPEG to
 * content/images/. Gatsby makes the AVIF/WebP sizes from these files; an editor replaces a file with a
 * photo of the same name and the pages pick it up.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { homeHero, movementHero } from "./landscapes";
import { nutritionHero, recipesHero, storyTable } from "./tables";
import { RECIPE_SCENES } from "./recipes";

const OUT = path.resolve(__dirname, "../../content/images");
const MAX_BYTES = 200 * 1024;

const SCENES: Record<string, () => string> = {
  "hero-start": homeHero,
  "hero-bewegung": movementHero,
  "hero-ernaehrung": nutritionHero,
  "hero-rezepte": recipesHero,
  "geschichte-tisch": storyTable,
  ...Object.fromEntries(Object.entries(RECIPE_SCENES).map(([name, draw]) => [`rezepte/${name}`, draw])),
};

async function main() {
  const wanted = process.argv.slice(2);
  const names = wanted.length > 0 ? wanted : Object.keys(SCENES);
  for (const name of names) {
    const draw = SCENES[name];
    if (!draw) throw new Error(`Unbekanntes Motiv: ${name}. Vorhanden: ${Object.keys(SCENES).join(", ")}`);
    const file = path.join(OUT, `${name}.jpg`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Quality steps down until the file fits the page-weight budget.
    for (const quality of [82, 76, 70, 64]) {
      await sharp(Buffer.from(draw())).jpeg({ quality, mozjpeg: true, chromaSubsampling: "4:2:0" }).toFile(file);
      if (fs.statSync(file).size <= MAX_BYTES) break;
    }
    const size = fs.statSync(file).size;
    console.log(`${path.relative(process.cwd(), file)}  ${Math.round(size / 1024)} KB${size > MAX_BYTES ? "  (zu groß!)" : ""}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
