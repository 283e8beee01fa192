/** @jest-environment node */
/**
 * The brand's colours have one source, common/brand.ts. The stylesheet's Tailwind theme and the favicon are
 * not TypeScript, so this test holds them to it: a colour changed in one place only fails here.
 */
import fs from "node:fs";
import path from "node:path";
import { PALETTE, type PaletteName } from "../common/brand";

const ROOT = path.join(__dirname, "..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");

describe("brand colours", () => {
  it("the Tailwind theme in src/styles/global.css uses the colours of common/brand.ts under their names", () => {
    const theme = [...read("src/styles/global.css").matchAll(/--color-([\w-]+):\s*(#[0-9a-fA-F]{3,8})\s*;/g)];
    expect(theme.length).toBeGreaterThan(0);
    for (const [, name, value] of theme) {
      expect([name, value.toLowerCase()]).toEqual([name, PALETTE[name as PaletteName]]);
    }
  });

  it("the favicon is drawn in brand colours", () => {
    const colours = [...read("static/favicon.svg").matchAll(/#[0-9a-fA-F]{6}\b/g)].map((m) => m[0].toLowerCase());
    expect(colours.length).toBeGreaterThan(0);
    for (const colour of colours) expect(Object.values(PALETTE)).toContain(colour);
  });
});
