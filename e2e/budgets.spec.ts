/**
 * The page budgets, measured in Chromium exactly as `npm run audit` measures them (rig/audit/):
 * no axe WCAG 2.1 AA violation, no request to another origin, no cookie or stored key, no CSP
 * violation, no <img> without width and height, first-load JavaScript within its gzip budget, and the
 * page's own answer within the server's first TCP flight.
 */
import { expect, test } from "@playwright/test";
import { AUDIT_PHONE, HERO_PICTURE_BYTES, NOT_FOUND_PATH, budgetFailures, firstLoadJsBudgetKb } from "../rig/audit/budgets";
import { FORMS, axeAfterFailedSubmit, measurePage } from "../rig/audit/measure";
import { pagesToMeasure } from "../rig/audit/pages";

// Each test runs axe and reads every script twice over; the default 30 s is tight on a busy machine.
test.describe.configure({ timeout: 90_000 });

// Every route, every further page of the build (e.g. the e-mail confirmation pages) and the 404.
for (const path of [...pagesToMeasure(), NOT_FOUND_PATH]) {
  test(`${path} keeps every budget (JS ≤ ${firstLoadJsBudgetKb(path)} KB gzip)`, async ({ context, baseURL }) => {
    const measurement = await measurePage(context, baseURL!, path);
    // The figures must come from a real visit, or every budget would hold trivially.
    expect(measurement.requestCount).toBeGreaterThan(1);
    expect(measurement.scripts.length, "scripts measured").toBeGreaterThan(0);
    // The page's own answer, compressed, with its headers: never under a few kilobytes.
    expect(measurement.documentBytes, "page answer measured").toBeGreaterThan(5_000);
    expect(budgetFailures(measurement)).toEqual([]);
  });
}

test.describe("on the audit's phone", () => {
  test.use(AUDIT_PHONE);

  test(`each page's first picture weighs at most ${HERO_PICTURE_BYTES} B`, async ({ page }) => {
    const pictures: string[] = [];
    const tooHeavy: string[] = [];
    for (const path of pagesToMeasure()) {
      await page.goto(path, { waitUntil: "load" });
      const sources = await page.$$eval('img[fetchpriority="high"]', (images) =>
        images.map((image) => (image as HTMLImageElement).currentSrc),
      );
      for (const source of sources) {
        const body = await (await page.request.get(source)).body();
        pictures.push(`${path}: ${source.split("/").pop()} ${body.length} B`);
        if (body.length > HERO_PICTURE_BYTES) tooHeavy.push(`${path}: ${source} ${body.length} B`);
      }
    }
    // The pages with a hero picture (home, movement, nutrition, recipes) are measured, in the format a phone takes.
    expect(pictures.filter((line) => line.includes(".avif")).length, pictures.join("\n")).toBeGreaterThanOrEqual(4);
    expect(tooHeavy).toEqual([]);
  });
});

for (const [name, form] of Object.entries(FORMS)) {
  test(`the ${name} form showing its errors has no axe violation`, async ({ context, baseURL }) => {
    const state = await axeAfterFailedSubmit(context, baseURL!, form);
    expect(state.invalidFields).toBeGreaterThanOrEqual(2);
    expect(state.axe.map((v) => `${v.id}: ${v.help} → ${v.targets.join(", ")}`)).toEqual([]);
  });
}

test("the measurement catches foreign requests, cookies, storage, CSP violations and unsized images", async ({
  context,
  baseURL,
}) => {
  const probe = "/__budget-probe";
  // A page of our origin that does everything the budgets forbid; the foreign address is answered
  // locally, so nothing leaves the machine.
  await context.route("https://fremd.example/**", (route) => route.fulfill({ status: 200, contentType: "image/png", body: "" }));
  await context.route(`${baseURL}${probe}`, (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html; charset=utf-8",
      headers: { "content-security-policy": "default-src 'self'; img-src *; script-src 'self'" },
      body: `<!doctype html><html lang="de"><head><title>Probe</title></head><body><main><h1>Probe</h1>
<img src="https://fremd.example/pixel.png" alt="Punkt">
<script src="/__budget-probe.js"></script>
<script>document.title = "nicht erlaubt";</script>
</main></body></html>`,
    }),
  );
  await context.route(`${baseURL}/__budget-probe.js`, (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/javascript",
      body: 'document.cookie = "id=1; path=/"; localStorage.setItem("besuch", "1"); sessionStorage.setItem("tab", "1");',
    }),
  );

  const measurement = await measurePage(context, baseURL!, probe);
  expect(measurement.foreignRequests).toEqual(["https://fremd.example/pixel.png"]);
  expect(measurement.cookies).toEqual([expect.stringMatching(/^id /)]);
  expect(measurement.storageKeys).toEqual(["localStorage:besuch", "sessionStorage:tab"]);
  expect(measurement.cspViolations.length).toBeGreaterThan(0);
  expect(measurement.imagesWithoutSize).toEqual(["https://fremd.example/pixel.png"]);
  expect(measurement.scripts.map((s) => s.url)).toEqual(["/__budget-probe.js", "(1 inline)"]);
  expect(budgetFailures(measurement).length).toBeGreaterThanOrEqual(5);
});
