/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { ICON_NAMES, ICON_SPRITE } from "../../src/components/sections/Icon";
import { PRINCIPLE_ICONS } from "../../common/content/principle-icons";

const sprite = fs.readFileSync(path.join(__dirname, "..", "..", "static", ICON_SPRITE), "utf8");
const symbols = [...sprite.matchAll(/<symbol id="([\w-]+)"/g)].map((m) => m[1]);

describe("icon sprite", () => {
  it("draws every icon the sections use", () => {
    expect(ICON_NAMES.filter((name) => !symbols.includes(name))).toEqual([]);
  });

  it("draws every icon a nutrition principle may name", () => {
    expect(PRINCIPLE_ICONS.filter((name) => !symbols.includes(name))).toEqual([]);
  });
});
