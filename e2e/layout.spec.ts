import { expect, test } from "@playwright/test";
import { hydrate } from "../rig/audit/measure";
import { PAGES_UNDER_TEST } from "./routes";
import { FOOTER_LEGAL_LINKS, FOOTER_QUICK_LINKS, HEADER_LINKS } from "../common/navigation";
import { ROUTES } from "../common/routes";

const NOT_FOUND_PATH = "/diese-seite-gibt-es-nicht";

test.describe("every route", () => {
  for (const route of PAGES_UNDER_TEST) {
    test(`${route.path} answers 200 with its heading, header and footer`, async ({ page }) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", "de");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.heading);
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page).toHaveTitle(/Urkraft/);
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description?.length ?? 0).toBeGreaterThan(50);
      await expectFooter(page);
    });
  }

  test("titles and descriptions are unique per page", async ({ page }) => {
    const seen = new Map<string, string>();
    for (const route of PAGES_UNDER_TEST) {
      await page.goto(route.path);
      const title = await page.title();
      const description = (await page.locator('meta[name="description"]').getAttribute("content")) ?? "";
      for (const value of [title, description]) {
        expect(seen.get(value), `${route.path} repeats "${value}"`).toBeUndefined();
        seen.set(value, route.path);
      }
    }
  });
});

test("an unknown path answers 404 with the not-found page and logs the path", async ({ page }) => {
  const logged: string[] = [];
  page.on("console", (message) => logged.push(message.text()));
  const response = await page.goto(NOT_FOUND_PATH);
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Oops! Page not found");
  // The English words are marked as English for screen readers; the page stays German.
  await expect(page.getByRole("heading", { level: 1 }).locator("[lang='en']")).toHaveText("Oops! Page not found");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect.poll(() => logged.some((line) => line.includes(NOT_FOUND_PATH))).toBe(true);
  await expectFooter(page);
  await page.getByRole("link", { name: "Zurück zur Startseite" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the header stays at the top while the page scrolls", async ({ page }) => {
  await page.goto(ROUTES.privacy.path);
  const header = page.locator("header").first();
  await page.mouse.wheel(0, 2000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  const box = await header.boundingBox();
  expect(box?.y).toBe(0);
  await expect(header.getByRole("link", { name: /zur Startseite/ })).toBeInViewport();
});

test("desktop header shows the navigation, secure-connection label and e-mail link", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Hauptnavigation" });
  await expect(nav.getByRole("link")).toHaveText(HEADER_LINKS.map((l) => l.label));
  await expect(page.locator("header").getByText("Sichere Verbindung").first()).toBeVisible();
  await expect(page.locator("header a[href^='mailto:']").first()).toBeVisible();
});

test.describe("mobile menu at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("opens with the toggle, even when tapped before the scripts have started, and closes when a link is clicked", async ({
    page,
  }) => {
    await page.goto("/");
    // The first tap starts the scripts; the page holds the click and plays it again once hydrated.
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
    const toggle = page.getByRole("button", { name: "Menü öffnen" });
    await expect(page.getByRole("navigation", { name: "Hauptnavigation" })).toBeHidden();
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Mobile Navigation" });
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: "Menü schließen" })).toHaveAttribute("aria-expanded", "true");
    await menu.getByRole("link", { name: "Bewegung" }).click();
    await expect(page).toHaveURL(/\/bewegung-alltag$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Menü öffnen" })).toHaveAttribute("aria-expanded", "false");
  });

  test("works by keyboard and closes on Escape", async ({ page }) => {
    await page.goto(ROUTES.terms.path);
    // By keyboard alone: focusing the toggle starts the scripts, Enter opens the menu once they run.
    const toggle = page.getByRole("button", { name: "Menü öffnen" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("navigation", { name: "Mobile Navigation" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("navigation", { name: "Mobile Navigation" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Menü öffnen" })).toBeFocused();
  });

  test("no page scrolls sideways", async ({ page }) => {
    for (const route of PAGES_UNDER_TEST) {
      await page.goto(route.path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, route.path).toBeLessThanOrEqual(0);
    }
  });
});

test("the skip link jumps to the main content", async ({ page }) => {
  await page.goto(ROUTES.recipes.path);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Zum Inhalt springen" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
});

async function expectFooter(page: import("@playwright/test").Page) {
  const footer = page.locator("footer");
  await expect(footer.getByRole("navigation", { name: "Schnellzugriff" }).getByRole("link")).toHaveText(
    FOOTER_QUICK_LINKS.map((l) => l.label),
  );
  await expect(footer.getByRole("navigation", { name: "Rechtliches" }).getByRole("link")).toHaveText(
    FOOTER_LEGAL_LINKS.map((l) => l.label),
  );
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
}

test("scrolling and navigating leave nothing in the browser's storage", async ({ page, context }) => {
  await page.goto(ROUTES.privacy.path);
  await hydrate(page);
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.locator("footer").getByRole("link", { name: "AGB" }).click();
  await expect(page).toHaveURL(/\/agb$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/datenschutz$/);
  const stored = await page.evaluate(() => ({ session: sessionStorage.length, local: localStorage.length }));
  expect(stored).toEqual({ session: 0, local: 0 });
  expect(await context.cookies()).toEqual([]);
});

test("web fonts come after the page has loaded and painted; stylesheet and scripts wait for the first input, then it hydrates", async ({
  page,
}) => {
  await page.goto(ROUTES.movement.path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCSS("font-family", /^"Source Serif 4"/);
  // The faces the page's text uses arrive without any input (not merely declared).
  const loadedFaces = () =>
    page.evaluate(() =>
      [...document.fonts]
        .filter((face) => face.status === "loaded")
        .map((face) => `${face.family.replace(/"/g, "")} ${face.weight}`)
        .sort(),
    );
  await expect.poll(loadedFaces).toEqual(expect.arrayContaining(["Inter Variable 100 900", "Source Serif 4 700"]));
  const timing = () =>
    page.evaluate(() => {
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const paint = performance.getEntriesByName("first-contentful-paint")[0];
      const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const started = (pattern: RegExp, type?: string) =>
        resources
          .filter((entry) => pattern.test(new URL(entry.name).pathname) && (!type || entry.initiatorType === type))
          .map((entry) => entry.startTime);
      return {
        now: performance.now(),
        loadEnd: navigation.loadEventEnd,
        paint: paint?.startTime ?? Infinity,
        scripts: started(/\.js$/, "script"),
        fonts: started(/\.woff2$/),
        stylesheets: started(/\.css$/),
      };
    });
  const beforeInput = await timing();
  expect(beforeInput.fonts.length).toBeGreaterThanOrEqual(2);
  expect(beforeInput.stylesheets).toHaveLength(1);
  for (const start of [...beforeInput.fonts, ...beforeInput.stylesheets]) {
    expect(start).toBeGreaterThanOrEqual(beforeInput.loadEnd);
    expect(start).toBeGreaterThanOrEqual(beforeInput.paint);
  }
  expect(beforeInput.scripts, "no script runs before an input").toEqual([]);
  // The whole stylesheet is only fetched (prefetch) so far; the page's own inline rules style it.
  await expect(page.locator('head link[rel="stylesheet"]')).toHaveCount(0);
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");

  await hydrate(page);
  const afterInput = await timing();
  expect(afterInput.scripts.length).toBeGreaterThanOrEqual(3);
  for (const start of afterInput.scripts) expect(start).toBeGreaterThanOrEqual(beforeInput.now);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCSS("font-family", /^"Source Serif 4"/);
});
