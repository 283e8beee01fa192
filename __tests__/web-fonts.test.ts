/** The web fonts are copied into the build under content-hashed names, for the after-load script to add. */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { WEB_FONTS, publishWebFonts } from "../src/styles/fonts";

describe("publishWebFonts", () => {
  // A build inside the project, as gatsby-node.ts gives it: the files resolve from the project's packages.
  let projectDir: string;
  let publicDir: string;
  beforeEach(() => {
    const cache = path.join(__dirname, "..", "node_modules", ".cache");
    fs.mkdirSync(cache, { recursive: true });
    projectDir = fs.mkdtempSync(path.join(cache, "fonts-test-"));
    publicDir = path.join(projectDir, "public");
  });
  afterEach(() => fs.rmSync(projectDir, { recursive: true, force: true }));

  it("copies each face's file to /static/ under its name and content hash, and names it for the page", () => {
    const published = publishWebFonts(publicDir);
    expect(published).toHaveLength(WEB_FONTS.length);
    published.forEach(([family, url, format, weight, range], index) => {
      const font = WEB_FONTS[index];
      expect([family, format, weight, range]).toEqual([font.family, font.format, font.weight, font.range]);
      const source = fs.readFileSync(require.resolve(font.file));
      const hash = createHash("sha256").update(source).digest("hex").slice(0, 32);
      expect(url).toBe(`/static/${path.basename(font.file, ".woff2")}-${hash}.woff2`);
      expect(fs.readFileSync(path.join(publicDir, url)).equals(source)).toBe(true);
    });
  });

  it("gives a changed file a new name, so a year-long cache never serves the old one", () => {
    const fake = path.join(projectDir, "fake.woff2");
    fs.writeFileSync(fake, "eins");
    const first = publishWebFonts(publicDir, () => fake)[0][1];
    fs.writeFileSync(fake, "zwei");
    const second = publishWebFonts(publicDir, () => fake)[0][1];
    expect(second).not.toBe(first);
  });
});
