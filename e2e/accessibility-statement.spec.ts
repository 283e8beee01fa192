/**
 * The accessibility statement (/barrierefreiheit) claims only what this run measures: each point of its list
 * „Was wir vor jeder Veröffentlichung prüfen“ has a check here (common/accessibility.ts names them; the content
 * check refuses any other point), run on every public page of the build. The statement itself passes axe, every
 * page links it in the footer, and its way to report a barrier leads to the contact form, which sends by
 * keyboard alone and without a puzzle.
 */
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { AXE_TAGS, hydrate } from "../rig/audit/measure";
import { PAGES_UNDER_TEST } from "./routes";
import { ROUTES } from "../common/routes";
import { THANK_YOU_PATH } from "../common/constants";
import { readFrontMatter } from "../common/content/front-matter";
import { ACCESSIBILITY_CHECKS, accessibilityClaims, type AccessibilityCheck } from "../common/accessibility";

// Every page once through axe, and the contact form sent by keyboard: more than the default 30 s on a busy machine.
test.setTimeout(240_000);

const CONTENT_DIR = path.join(__dirname, "..", "content");
const site = JSON.parse(fs.readFileSync(path.join(CONTENT_DIR, "site.json"), "utf8"));
const statement = readFrontMatter(fs.readFileSync(path.join(CONTENT_DIR, "legal", "barrierefreiheit.md"), "utf8"));
const claims = accessibilityClaims(statement.content) ?? [];
const STATEMENT = ROUTES.accessibility.path;

const IMAGE_RULES = ["image-alt", "svg-img-alt", "role-img-alt", "input-image-alt", "area-alt", "object-alt"];

interface AxeOutcome {
  violations: string[];
  /** Rules that ran and found something to check (passes) or nothing to check (inapplicable). */
  ran: Set<string>;
}

/** axe-core with the WCAG 2.1 A and AA rules on every public page, once per worker. */
let axeRun: Promise<Map<string, AxeOutcome>> | undefined;
function axeOnEveryPage(page: Page): Promise<Map<string, AxeOutcome>> {
  axeRun ??= (async () => {
    const outcomes = new Map<string, AxeOutcome>();
    for (const route of PAGES_UNDER_TEST) {
      await page.goto(route.path);
      await hydrate(page);
      const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
      outcomes.set(route.path, {
        violations: result.violations.map((v) => `${route.path} ${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`),
        ran: new Set([...result.passes, ...result.inapplicable].map((rule) => rule.id)),
      });
    }
    return outcomes;
  })();
  return axeRun;
}

async function axeRules(page: Page, rules: string[]) {
  const outcomes = await axeOnEveryPage(page);
  expect(
    [...outcomes.values()].flatMap((outcome) => outcome.violations.filter((v) => rules.some((r) => v.includes(` ${r}:`)))),
  ).toEqual([]);
  for (const [pagePath, outcome] of outcomes)
    for (const rule of rules.slice(0, 1)) expect(outcome.ran.has(rule), `${pagePath}: ${rule} ran`).toBe(true);
}

/** Tabs through the page from its top; the names of what got the focus, until `until` is focused. */
async function tabUntil(page: Page, until: string, max = 120): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return { name: "", visible: true };
      const style = getComputedStyle(element);
      const visible = style.outlineStyle !== "none" && style.outlineWidth !== "0px" ? true : style.boxShadow !== "none";
      return { name: element.getAttribute("name") || element.textContent?.trim() || element.tagName, visible };
    });
    expect(focused.visible, `the focus on „${focused.name}“ is visible`).toBe(true);
    seen.push(focused.name);
    if (focused.name === until) return seen;
  }
  throw new Error(`„${until}“ not reached by Tab: ${seen.join(" → ")}`);
}

/** Fills and sends the contact form by keyboard alone; resolves on the thank-you page. */
async function sendContactByKeyboard(page: Page) {
  await page.goto(ROUTES.contact.path);
  await hydrate(page);
  await page.locator("body").focus();
  await tabUntil(page, "name");
  await page.keyboard.type("Barriere Test");
  await page.keyboard.press("Tab");
  await page.keyboard.type(`barriere.${Date.now()}@beispiel.de`);
  await page.keyboard.press("Tab");
  await page.keyboard.type("Auf der Rezeptseite springt der Fokus nach dem Menü an den Seitenanfang zurück.");
  await tabUntil(page, "Nachricht senden", 10);
  await page.keyboard.press("Enter");
  await page.waitForURL(`**${THANK_YOU_PATH}`, { timeout: 30_000 });
}

const CHECKS: Record<AccessibilityCheck, (page: Page) => Promise<void>> = {
  "Automatische Prüfung": async (page) => {
    const outcomes = await axeOnEveryPage(page);
    expect([...outcomes.keys()]).toContain(STATEMENT);
    expect([...outcomes.values()].flatMap((outcome) => outcome.violations)).toEqual([]);
  },
  Kontrast: (page) => axeRules(page, ["color-contrast"]),
  Textalternativen: (page) => axeRules(page, IMAGE_RULES),
  "320 Pixel": async (page) => {
    await page.setViewportSize({ width: 320, height: 700 });
    for (const route of PAGES_UNDER_TEST) {
      await page.goto(route.path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, route.path).toBeLessThanOrEqual(0);
    }
  },
  Tastatur: async (page) => {
    // The skip link first, then the menu at a phone's width, then both forms.
    await page.goto(ROUTES.recipes.path);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Zum Inhalt springen" })).toBeFocused();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(STATEMENT);
    const toggle = page.getByRole("button", { name: "Menü öffnen" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("navigation", { name: "Mobile Navigation" })).toBeVisible();
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(ROUTES.home.path);
    await hydrate(page);
    await page.locator("body").focus();
    const home = await tabUntil(page, "email", 200);
    expect(home).toContain("name");
    await sendContactByKeyboard(page);
  },
  "Spamschutz ohne Rätsel": async (page) => {
    for (const pagePath of [ROUTES.home.path, ROUTES.contact.path]) {
      await page.goto(pagePath);
      await hydrate(page);
      expect(await page.locator("iframe").count(), `${pagePath}: no embedded content`).toBe(0);
      expect(await page.locator("form canvas, form img, [class*='captcha' i], [id*='captcha' i]").count(), pagePath).toBe(0);
    }
    await sendContactByKeyboard(page);
  },
};

test.describe("the accessibility statement", () => {
  test("lists as measured only what this run checks, every check it names", () => {
    expect(claims.length).toBeGreaterThan(0);
    for (const claim of claims) expect(Object.keys(CHECKS), `„${claim}“`).toContain(claim);
    expect(Object.keys(CHECKS).sort()).toEqual(Object.keys(ACCESSIBILITY_CHECKS).sort());
  });

  for (const claim of claims)
    test(`holds what it claims: ${claim}`, async ({ page }) => {
      await CHECKS[claim as AccessibilityCheck](page);
    });

  test("is linked in every page's footer and passes axe", async ({ page }) => {
    for (const route of PAGES_UNDER_TEST) {
      await page.goto(route.path);
      await expect(page.locator(`footer a[href="${STATEMENT}"]`), route.path).toHaveText("Barrierefreiheit");
    }
    await page.locator(`footer a[href="${STATEMENT}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${STATEMENT}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(String(statement.data.title));
    await hydrate(page);
    const axe = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  });

  test("reports a barrier through the contact form, by e-mail or phone", async ({ page }) => {
    await page.goto(STATEMENT);
    const article = page.locator("article");
    await expect(article.getByRole("link", { name: site.email })).toHaveAttribute("href", `mailto:${site.email}`);
    await expect(article).toContainText(site.phone);
    // Every placeholder filled in: a value of site.json, or the visible note that it is still to be entered.
    await expect(article).not.toContainText("{{");
    await article.getByRole("link", { name: "Kontaktformular" }).click();
    await expect(page).toHaveURL(new RegExp(`${ROUTES.contact.path}$`));
    await expect(page.locator('form[action="/api/contact"]')).toBeVisible();
  });
});
