import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { AUDIT_PHONE } from "../rig/audit/budgets";
import { hydrate } from "../rig/audit/measure";
import {
  FAQ_COUNT,
  HOME_TESTIMONIAL_COUNT,
  INFO_FORM_ID,
  MOVEMENT_DURATIONS,
  PRINCIPLE_COUNT,
  RECIPE_COUNT,
} from "../common/constants";
import { ALL_ROUTES, ROUTES } from "../common/routes";
import { THANKS_LINK_TARGETS } from "../common/content/content-schema";
import { fillCopy } from "../src/components/sections/fill-copy";

/** The visitor's view of each content page, checked against the same content files the build used. */
const content = <T = any>(file: string): T => JSON.parse(fs.readFileSync(path.join(__dirname, "..", "content", file), "utf8"));

const site = content("site.json");
const notices = content("notices.json");
const allTestimonials =
  content<{ name: string; location: string; date: string; text: string; topic: string }[]>("testimonials.json");
const germanDate = (iso: string) => iso.split("-").reverse().join(".");
const longGermanDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("de-DE", { day: "numeric", month: "long", year: "numeric" });
/** The pages with copy in content/pages/ that readers browse, and the thank-you page the forms lead to. */
const CONTENT_PAGES = ALL_ROUTES.filter((route) => route.kind === "content" || route.kind === "form-result").map((r) => r.path);
const SUB_PAGES = [ROUTES.movement.path, ROUTES.nutrition.path, ROUTES.recipes.path];

async function scrollThrough(page: Page) {
  // Lazy images load as they come near the viewport, as they would for a reader.
  const height = await page.evaluate(() => document.body.scrollHeight);
  for (let y = 0; y <= height; y += 500) await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** scrollY on every animation frame for a while: a smooth scroll passes through many positions. */
async function scrollPositionsDuring(page: Page, action: () => Promise<void>): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as unknown as { __positions: number[] };
    w.__positions = [];
    const start = performance.now();
    const sample = () => {
      w.__positions.push(Math.round(window.scrollY));
      if (performance.now() - start < 2500) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  await action();
  await page.waitForTimeout(2600);
  return page.evaluate(() => (window as unknown as { __positions: number[] }).__positions);
}

test.describe("home page", () => {
  test("shows hero, trust badges, results with their basis, story, the first six testimonials and the form", async ({ page }) => {
    const copy = content(ROUTES.home.content);
    await page.goto(ROUTES.home.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.hero.title);
    await expect(page.getByText(copy.hero.lead)).toBeVisible();
    await expect(page.getByText("über 15.000 zufriedene Teilnehmer")).toBeVisible();
    await expect(page.getByText(site.stats.usersBasis)).toBeVisible();
    await expect(page.getByRole("heading", { name: copy.story.title })).toBeVisible();

    // The week-two figure beside the badge; the results after three months are one link away, on the nutrition page.
    const weekTwo = page.getByRole("region", { name: copy.results.title });
    expect(site.stats.weekTwoPercent).toBe(78);
    await expect(weekTwo).toContainText(`${site.stats.weekTwoPercent} % ${copy.results.weekTwoLabel}`);
    await expect(weekTwo).toContainText(site.stats.weekTwoBasis);
    await expect(weekTwo.getByRole("link", { name: copy.results.referenceLink.label })).toHaveAttribute(
      "href",
      `${ROUTES.nutrition.path}#ergebnisse`,
    );

    const testimonials = page.getByRole("region", { name: copy.testimonials.title });
    const cards = testimonials.getByRole("figure");
    await expect(cards).toHaveCount(HOME_TESTIMONIAL_COUNT);
    for (const [index, t] of allTestimonials.slice(0, HOME_TESTIMONIAL_COUNT).entries()) {
      const card = cards.nth(index);
      await expect(card).toContainText(t.name);
      await expect(card).toContainText(`${t.location} · ${germanDate(t.date)}`);
      await expect(card).toContainText(t.text);
      await expect(card.getByRole("img", { name: "5 von 5 Sternen" })).toBeVisible();
    }
    await expect(testimonials).not.toContainText(allTestimonials[HOME_TESTIMONIAL_COUNT].name);
    await expect(testimonials.getByText(notices.testimonialCheck)).toBeVisible();

    const form = page.locator(`section#${INFO_FORM_ID}`);
    await expect(form.getByRole("heading", { level: 2 })).toHaveText(copy.form.title);
    await expect(form.locator("form")).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Gesundheitlicher Hinweis" })).toContainText(notices.disclaimer);
  });

  test("the call to action scrolls smoothly to the form and stays on /", async ({ page }) => {
    await page.goto(ROUTES.home.path);
    // The smooth scroll is the script's.
    await hydrate(page);
    const form = page.locator(`#${INFO_FORM_ID}`);
    await expect(form).not.toBeInViewport();
    const positions = await scrollPositionsDuring(page, () =>
      page
        .getByRole("link", { name: content(ROUTES.home.content).heroButton })
        .first()
        .click(),
    );
    const target = positions[positions.length - 1];
    const between = new Set(positions.filter((y) => y > 0 && y < target));
    expect(between.size, `scroll positions: ${positions.join(", ")}`).toBeGreaterThan(3);
    await expect(form).toBeInViewport();
    expect(new URL(page.url()).pathname).toBe("/");
    await expect(form).toBeFocused();
  });

  test("a call to action clicked before the scripts have started still scrolls to the form by script", async ({ page }) => {
    await page.goto(ROUTES.home.path);
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
    await page
      .getByRole("link", { name: content(ROUTES.home.content).heroButton })
      .first()
      .click();
    // Held until the page has hydrated, then played again: the script scrolls and focuses the form, and
    // the address keeps no "#info-form" (the browser's own jump would have added it).
    const form = page.locator(`#${INFO_FORM_ID}`);
    await expect(form).toBeFocused();
    await expect(form).toBeInViewport();
    expect(new URL(page.url()).hash).toBe("");
  });

  test("with reduced motion the call to action jumps to the form without animation", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(ROUTES.home.path);
    await hydrate(page);
    const positions = await scrollPositionsDuring(page, () =>
      page
        .getByRole("link", { name: content(ROUTES.home.content).heroButton })
        .first()
        .click(),
    );
    const target = positions[positions.length - 1];
    expect(target).toBeGreaterThan(500);
    expect(positions.filter((y) => y > 0 && y < target)).toEqual([]);
    await expect(page.locator(`#${INFO_FORM_ID}`)).toBeInViewport();
    expect(new URL(page.url()).pathname).toBe("/");
  });
});

test.describe("calls to action on sub-pages", () => {
  for (const pagePath of SUB_PAGES) {
    test(`${pagePath}: the buttons lead to /#info-form with the form in view`, async ({ page }) => {
      const copy = content(`pages${pagePath}.json`);
      await page.goto(pagePath);
      const buttons = page.getByRole("link", { name: copy.cta.button });
      await expect(buttons).toHaveCount(2);
      for (const index of [0, 1]) await expect(buttons.nth(index)).toHaveAttribute("href", `/#${INFO_FORM_ID}`);
      await buttons.nth(1).scrollIntoViewIfNeeded();
      await buttons.nth(1).click();
      await expect(page).toHaveURL(new RegExp(`/#${INFO_FORM_ID}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(content(ROUTES.home.content).hero.title);
      await expect(page.locator(`#${INFO_FORM_ID}`).getByRole("heading", { level: 2 })).toBeInViewport();
    });
  }

  test("opening /#info-form directly lands at the form", async ({ page }) => {
    await page.goto(`/#${INFO_FORM_ID}`);
    await expect(page.locator(`#${INFO_FORM_ID}`).getByRole("heading", { level: 2 })).toBeInViewport();
  });
});

test("movement page: story, the 7-day plan with its durations, more testimonials", async ({ page }) => {
  const copy = content(ROUTES.movement.content);
  const days = content<{ day: number; activity: string; duration: number; benefit: string }[]>("movement-plan.json");
  await page.goto(ROUTES.movement.path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.hero.title);
  await expect(page.getByText(copy.story.paragraphs[0])).toBeVisible();
  const plan = page.getByRole("region", { name: copy.plan.title }).getByRole("listitem");
  await expect(plan).toHaveCount(7);
  const durations = (await plan.allTextContents()).map((text) => Number(text.match(/(\d+) Minuten/)?.[1]));
  expect(durations).toEqual([...MOVEMENT_DURATIONS]);
  for (const [index, day] of days.entries()) {
    await expect(plan.nth(index)).toContainText(`Tag ${day.day}`);
    await expect(plan.nth(index)).toContainText(day.activity);
    await expect(plan.nth(index)).toContainText(day.benefit);
  }
  const stories = page.getByRole("region", { name: copy.testimonials.title });
  const movementStories = allTestimonials.filter((t) => t.topic === "bewegung");
  await expect(stories.getByRole("figure")).toHaveCount(movementStories.length);
  await expect(stories).toContainText(allTestimonials[HOME_TESTIMONIAL_COUNT].name);
  await expect(stories.getByRole("img", { name: "5 von 5 Sternen" })).toHaveCount(movementStories.length);
  await expect(page.getByRole("complementary", { name: "Gesundheitlicher Hinweis" })).toContainText(notices.disclaimer);
});

test("nutrition page: five principles, the results with their questions and one basis, the drink, before/after, testimonials", async ({
  page,
}) => {
  const copy = content(ROUTES.nutrition.content);
  await page.goto(ROUTES.nutrition.path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.hero.title);

  const principles = page.getByRole("region", { name: copy.principles.title }).getByRole("article");
  await expect(principles).toHaveCount(PRINCIPLE_COUNT);
  for (const [index, p] of content<{ title: string; description: string }[]>("principles.json").entries()) {
    await expect(principles.nth(index).getByRole("heading")).toHaveText(p.title);
    await expect(principles.nth(index)).toContainText(p.description);
  }

  // The results after three months: what participants do, each with its question, and one basis under all three.
  const results = content<{ percent: number; label: string; question: string }[]>("results.json");
  expect(results.map((r) => r.percent)).toEqual([85, 92, 88]);
  const resultSection = page.getByRole("region", { name: copy.results.title });
  await expect(resultSection.getByRole("listitem")).toHaveCount(3);
  for (const [index, r] of results.entries()) {
    const item = resultSection.getByRole("listitem").nth(index);
    await expect(item.locator("p").first()).toHaveText(`${r.percent}\u00a0% ${r.label}`);
    await expect(item.locator("p").last()).toHaveText(`Frage: „${r.question}“`);
  }
  await expect(resultSection.getByText(`${copy.results.basisLabel}: ${copy.results.basis}`)).toHaveCount(1);

  const drink = page.getByRole("region", { name: copy.drink.title });
  await expect(drink.getByRole("heading", { name: "Ingwer-Hafer-Drink", exact: true })).toBeVisible();
  await expect(drink.getByText(/Koffeinfrei/)).toHaveCount(0);

  const table = page.getByRole("table", { name: copy.comparison.title });
  await expect(table.getByRole("row")).toHaveCount(copy.comparison.rows.length + 1);
  await expect(table.getByRole("row").nth(1)).toContainText(copy.comparison.rows[0].after);

  await expect(page.getByRole("region", { name: copy.testimonials.title }).getByRole("figure")).toHaveCount(
    allTestimonials.filter((t) => t.topic === "ernaehrung").length,
  );
  await expect(page.getByRole("complementary", { name: "Gesundheitlicher Hinweis" })).toContainText(notices.disclaimer);
});

test("recipes page: eight cards with title, ingredients, time, benefit and a loaded picture", async ({ page }) => {
  const recipes =
    content<{ title: string; ingredients: string[]; time: number; benefit: string; imageAlt: string; steps: string[] }[]>(
      "recipes.json",
    );
  await page.goto(ROUTES.recipes.path);
  await scrollThrough(page);
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(RECIPE_COUNT);
  for (const [index, recipe] of recipes.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole("heading", { level: 3 })).toHaveText(recipe.title);
    await expect(card).toContainText(`${recipe.time} Min.`);
    await expect(card).toContainText(recipe.benefit);
    for (const ingredient of recipe.ingredients) await expect(card).toContainText(ingredient);
    const image = card.getByRole("img", { name: recipe.imageAlt });
    await expect(image).toHaveJSProperty("complete", true);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  const steps = cards.first().getByText(recipes[0].steps[0]);
  await expect(steps).toBeHidden();
  await cards.first().getByText(content(ROUTES.recipes.content).grid.stepsLabel).click();
  await expect(steps).toBeVisible();
});

test("contact page: e-mail with the 24-hour note, Munich address, opening hours, four FAQs, the form", async ({ page }) => {
  const faqs = content<{ question: string; answer: string }[]>("faq.json");
  await page.goto(ROUTES.contact.path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kontakt & Unterstützung");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: site.email })).toHaveAttribute("href", `mailto:${site.email}`);
  await expect(main).toContainText(`${site.replyWithinHours} Stunden`);
  await expect(main.locator("address")).toContainText(`${site.address.postalCode} München`);
  await expect(main).toContainText("Montag–Freitag9:00–18:00\u00a0Uhr");
  await expect(main).toContainText("Samstag10:00–14:00\u00a0Uhr");

  const questions = page.locator("details");
  await expect(questions).toHaveCount(FAQ_COUNT);
  for (const [index, faq] of faqs.entries()) {
    const answer = questions.nth(index).getByText(faq.answer);
    await expect(answer).toBeHidden();
    await questions.nth(index).getByText(faq.question).click();
    await expect(answer).toBeVisible();
  }
  await expect(page.getByRole("form", { name: "Kontaktformular" })).toBeVisible();
  await expect(page.getByText("Datenschutz ernst genommen")).toBeVisible();
  await expect(page.getByText("Sichere Übertragung")).toBeVisible();
});

test("thank-you page: opens at the top, says what comes next and links on", async ({ page }) => {
  await page.goto(ROUTES.recipes.path);
  await hydrate(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  // The forms arrive here by client-side navigation from far down a page.
  await page.evaluate((to) => (window as unknown as { ___navigate: (to: string) => void }).___navigate(to), ROUTES.thanks.path);
  const copy = fillCopy(content(ROUTES.thanks.content), site);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.hero.title);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // Received, confirmation mail (check spam), details within the reply time, access to recipes and tips: in the editors' words.
  const steps = page.getByRole("region", { name: copy.steps.title }).getByRole("listitem");
  await expect(steps).toHaveCount(copy.steps.items.length);
  for (const [index, item] of copy.steps.items.entries()) {
    await expect(steps.nth(index)).toContainText(item.title);
    await expect(steps.nth(index)).toContainText(item.text);
  }
  // The figure comes from site.json.
  await expect(page.getByRole("main")).toContainText(`${site.replyWithinHours} Stunden`);
  const links = page.getByRole("region", { name: copy.links.title }).getByRole("link");
  expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual(THANKS_LINK_TARGETS);
  await links.nth(2).click();
  await expect(page).toHaveURL(/\/gesunde-rezepte$/);
});

test.describe("on every content page", () => {
  for (const pagePath of CONTENT_PAGES) {
    test(`${pagePath}: pictures load as AVIF with width and height; no placeholder text`, async ({ page }) => {
      await page.goto(pagePath);
      await scrollThrough(page);
      const images = page.locator("main img");
      for (const image of await images.all()) {
        await expect(image).toHaveAttribute("width", /^\d+$/);
        await expect(image).toHaveAttribute("height", /^\d+$/);
        await expect(image).toHaveAttribute("alt", /\S/);
        // A lazy picture loads once it is near the viewport: bring each one there, as a reader would.
        await image.scrollIntoViewIfNeeded();
        await expect(image).toHaveJSProperty("complete", true, { timeout: 15_000 });
        const loaded = await image.evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, src: img.currentSrc }));
        expect(loaded.width).toBeGreaterThan(0);
        expect(loaded.src).toMatch(/\.avif$/);
      }
      const text = await page.locator("body").innerText();
      expect(text).not.toMatch(/\{\{|lorem|ipsum|TODO/i);
      expect(text).not.toMatch(/\b(undefined|null|NaN|\[object Object\])\b/);
    });

    // `sizes` must say how wide each picture is shown: a phone then fetches the smallest file that is sharp
    // at its size and device pixels, not the next larger one. The phones are Lighthouse's (412 px at 1.75)
    // and a common one (375 px at 2); then a tablet and a desktop screen.
    for (const screen of [
      { ...AUDIT_PHONE.viewport, scale: AUDIT_PHONE.deviceScaleFactor },
      { width: 375, height: 812, scale: 2 },
      { width: 768, height: 1024, scale: 1 },
      { width: 1280, height: 800, scale: 1 },
    ]) {
      test(`${pagePath}: each picture's file is the smallest that is sharp at ${screen.width} px × ${screen.scale}`, async ({
        browser,
        baseURL,
      }) => {
        const context = await browser.newContext({
          baseURL,
          viewport: { width: screen.width, height: screen.height },
          deviceScaleFactor: screen.scale,
        });
        const page = await context.newPage();
        await page.goto(pagePath);
        const pictures = page.locator("main picture");
        for (const picture of await pictures.all()) {
          const image = picture.locator("img");
          await image.scrollIntoViewIfNeeded();
          await expect(image).toHaveJSProperty("complete", true, { timeout: 15_000 });
          const shown = await image.evaluate((img: HTMLImageElement) => {
            const source = img.parentElement!.querySelector<HTMLSourceElement>('source[type="image/avif"]')!;
            const files = source.srcset.split(",").map((candidate) => {
              const [url, descriptor] = candidate.trim().split(/\s+/);
              return { url: url!, width: Number.parseInt(descriptor!, 10) };
            });
            return { cssWidth: img.getBoundingClientRect().width, current: img.currentSrc, files };
          });
          const needed = shown.cssWidth * screen.scale;
          const widths = shown.files.map((file) => file.width).sort((a, b) => a - b);
          const smallestSharp = widths.find((width) => width >= needed) ?? widths.at(-1)!;
          const fetched = shown.files.find((file) => shown.current.endsWith(file.url));
          expect(
            fetched?.width,
            `${shown.current}: shown ${Math.round(shown.cssWidth)} px wide, needs ${Math.round(needed)} device px`,
          ).toBe(smallestSharp);
        }
        await context.close();
      });
    }

    for (const width of [320, 375]) {
      test(`${pagePath}: no horizontal overflow at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(pagePath);
        await scrollThrough(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });
    }
  }
});

test.describe("legal pages", () => {
  for (const slug of ["datenschutz", "personenbezogene-daten", "agb", "impressum"]) {
    test(`/${slug}: „Gültig am“ is today's date in Germany, before and after hydration, beside the revision date, also years after the build`, async ({
      page,
    }) => {
      const source = fs.readFileSync(path.join(__dirname, "..", "content", "legal", `${slug}.md`), "utf8");
      const revised = /^revised:\s*"?(\d{4}-\d{2}-\d{2})"?/m.exec(source)![1]!;
      // A visit years after the build, at 00:01 in Germany (22:01 UTC, summer time): the day in Germany.
      await page.clock.setFixedTime(new Date("2031-05-16T22:01:00Z"));
      await page.goto(`/${slug}`);
      const line = page.getByRole("main").getByText(/^Gültig am/);
      const expected = `Gültig am 17.05.2031 · Fassung vom ${longGermanDate(revised)}`;
      // Before the scripts run: the after-load script has written the visitor's day into the HTML's build day.
      await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
      await expect(line).toHaveText(expected);
      await expect(line.locator("time").first()).toHaveAttribute("datetime", "2031-05-17");
      await expect(line.locator("time").last()).toHaveAttribute("datetime", revised);
      await hydrate(page);
      await expect(line).toHaveText(expected);
      await expect(line.locator("time").first()).toHaveAttribute("datetime", "2031-05-17");
      await expect(page.locator("body")).not.toContainText("{{");
    });
  }
});
