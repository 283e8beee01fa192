/**
 * `npx tsx rig/screenshots.ts [BASE_URL] [path …]`: full-page screenshots of each route at 375 px and
 * 1280 px in the system Chromium, written to reports/screenshots/, for looking at the pages.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { PAGES_UNDER_TEST } from "../e2e/routes";

const baseUrl = process.argv[2] ?? process.env.BASE_URL ?? "http://127.0.0.1:9000";
const paths = process.argv.length > 3 ? process.argv.slice(3) : PAGES_UNDER_TEST.map((r) => r.path);
const outDir = path.resolve("reports/screenshots");

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
  for (const width of [375, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    for (const route of paths) {
      await page.goto(baseUrl + route, { waitUntil: "networkidle" });
      // Scroll through once so lazily loaded pictures are in the shot.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo({ top: y, behavior: "instant" });
          await new Promise((resolve) => setTimeout(resolve, 60));
        }
        window.scrollTo({ top: 0, behavior: "instant" });
      });
      await page.waitForLoadState("networkidle");
      const name = `${route === "/" ? "home" : route.slice(1).replace(/\//g, "_")}-${width}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage: true });
      console.log(path.join("reports/screenshots", name));
    }
    await page.close();
  }
  await browser.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
