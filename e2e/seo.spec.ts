/**
 * What search engines and link previews read: robots.txt, the sitemap, canonical URLs, Open Graph and
 * the JSON-LD in the built HTML (as a crawler gets it, before any JavaScript runs).
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { PAGES_UNDER_TEST } from "./routes";
import { FAQ_COUNT, RECIPE_COUNT } from "../common/constants";
import { absoluteUrl } from "../src/seo/json-ld";
import { entitiesOf, structuredDataProblems } from "../__tests__/support/required-properties";
import { NOT_FOUND_PATH } from "../rig/audit/budgets";
import { hydrate } from "../rig/audit/measure";
import { pagesToMeasure } from "../rig/audit/pages";
import { ALL_ROUTES, ROUTES } from "../common/routes";

const contentDir = path.join(__dirname, "..", "content");
const site = JSON.parse(fs.readFileSync(path.join(contentDir, "site.json"), "utf8")) as { siteUrl: string; brand: string };
const recipes = JSON.parse(fs.readFileSync(path.join(contentDir, "recipes.json"), "utf8")) as { title: string }[];
const faqs = JSON.parse(fs.readFileSync(path.join(contentDir, "faq.json"), "utf8")) as { question: string }[];

/** The routes and every further page of the build (confirmation pages reached from e-mails). */
const PAGES = pagesToMeasure();
/** The thank-you page and the pages opened from e-mail links stay out of search results; every other page is indexed. */
const NOT_INDEXED = ALL_ROUTES.filter((route) => !route.inSitemap).map((route) => route.path);
const INDEXED = PAGES_UNDER_TEST.map((r) => r.path).filter((p) => !NOT_INDEXED.includes(p));
const NOINDEX = new Set(PAGES.filter((p) => !INDEXED.includes(p)));

async function html(request: APIRequestContext, pagePath: string): Promise<string> {
  const response = await request.get(pagePath);
  expect([200, 404]).toContain(response.status());
  return response.text();
}

function jsonLdOf(page: string): unknown[] {
  return [...page.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

function attribute(page: string, tag: RegExp, name: string): string | undefined {
  const element = page.match(tag)?.[0];
  return element?.match(new RegExp(`${name}="([^"]*)"`))?.[1];
}

const unescapeHtml = (text: string) =>
  text
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");

function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

test("robots.txt allows crawling and names the sitemap at the site's address", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  const text = await response.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).not.toMatch(/^Disallow: \/\s*$/m);
  expect(text).toContain(`Sitemap: ${site.siteUrl}/sitemap-index.xml`);
});

test("the sitemap lists every indexed page at its canonical address and no thank-you or error page", async ({ request }) => {
  const index = await (await request.get("/sitemap-index.xml")).text();
  const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(sitemaps.length).toBeGreaterThan(0);
  const locs: string[] = [];
  for (const sitemap of sitemaps) {
    expect(sitemap.startsWith(`${site.siteUrl}/`)).toBe(true);
    const body = await (await request.get(new URL(sitemap).pathname)).text();
    locs.push(...[...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
  }
  expect([...locs].sort()).toEqual(INDEXED.map((p) => absoluteUrl(site.siteUrl, p)).sort());
});

test("every page names its canonical address, Open Graph data and the right robots rule", async ({ request }) => {
  const canonicals = new Set<string>();
  for (const pagePath of PAGES) {
    const page = await html(request, pagePath);
    const canonical = attribute(page, /<link[^>]*rel="canonical"[^>]*>/, "href");
    expect(canonical, pagePath).toBe(absoluteUrl(site.siteUrl, pagePath));
    canonicals.add(canonical!);
    expect(attribute(page, /<meta[^>]*property="og:url"[^>]*>/, "content"), pagePath).toBe(canonical);
    expect(attribute(page, /<meta[^>]*property="og:image"[^>]*>/, "content"), pagePath).toBe(`${site.siteUrl}/og-image.png`);
    const title = page.match(/<title[^>]*>([^<]*)<\/title>/)?.[1];
    expect(unescapeHtml(attribute(page, /<meta[^>]*property="og:title"[^>]*>/, "content") ?? ""), pagePath).toBe(
      unescapeHtml(title ?? ""),
    );
    const robots = attribute(page, /<meta[^>]*name="robots"[^>]*>/, "content");
    expect(robots, pagePath).toBe(NOINDEX.has(pagePath) ? "noindex" : undefined);
  }
  expect(canonicals.size).toBe(PAGES.length);
});

test("the Open Graph image and the logo are PNGs of the sizes the pages announce", async ({ request }) => {
  const og = await request.get("/og-image.png");
  expect(og.headers()["content-type"]).toBe("image/png");
  expect(pngSize(await og.body())).toEqual({ width: 1200, height: 630 });
  const logo = await request.get("/logo.png");
  expect(logo.headers()["content-type"]).toBe("image/png");
  expect(pngSize(await logo.body())).toEqual({ width: 512, height: 512 });
});

test.describe("JSON-LD in the built HTML", () => {
  for (const pagePath of [...PAGES, NOT_FOUND_PATH]) {
    test(`${pagePath} has the Organization and only valid structured data`, async ({ request }) => {
      const documents = jsonLdOf(await html(request, pagePath));
      const entities = documents.flatMap(entitiesOf);
      const organizations = entities.filter((e) => e["@type"] === "Organization");
      expect(organizations).toHaveLength(1);
      expect(organizations[0]).toMatchObject({ name: site.brand, url: `${site.siteUrl}/` });
      expect(documents.flatMap(structuredDataProblems)).toEqual([]);
    });
  }

  test(`/gesunde-rezepte describes its ${RECIPE_COUNT} recipe cards`, async ({ request }) => {
    const entities = jsonLdOf(await html(request, ROUTES.recipes.path)).flatMap(entitiesOf);
    const names = entities.filter((e) => e["@type"] === "Recipe").map((e) => e.name);
    expect(names).toEqual(recipes.map((r) => r.title));
    expect(names).toHaveLength(RECIPE_COUNT);
  });

  test(`/kontakt-unterstuetzung is an FAQPage with its ${FAQ_COUNT} questions`, async ({ request }) => {
    const entities = jsonLdOf(await html(request, ROUTES.contact.path)).flatMap(entitiesOf);
    const faqPages = entities.filter((e) => e["@type"] === "FAQPage");
    expect(faqPages).toHaveLength(1);
    const questions = faqPages[0].mainEntity as { name: string }[];
    expect(questions.map((q) => q.name)).toEqual(faqs.map((f) => f.question));
    expect(questions).toHaveLength(FAQ_COUNT);
  });

  test("stays single after the page hydrates", async ({ page }) => {
    await page.goto(ROUTES.recipes.path);
    await hydrate(page);
    const documents = await page.locator('script[type="application/ld+json"]').allTextContents();
    const types = documents.flatMap((text) => entitiesOf(JSON.parse(text))).map((e) => e["@type"]);
    expect(types.filter((t) => t === "Organization")).toHaveLength(1);
  });
});
