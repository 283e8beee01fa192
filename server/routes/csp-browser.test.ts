/**
 * The CSP in a real browser (system Chromium): the hashed inline scripts of a page run, anything else
 * inline is blocked, and, when a Gatsby build exists in public/, every page of it loads and hydrates
 * without a single CSP violation. The browser budgets (e2e/budgets.spec.ts) already load every public page
 * of the build and the not-found answer and fail on any CSP violation; this test loads the pages they leave
 * out (the owner area's), so that each page is loaded once, not twice, in `npm test`.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { chromium, type Browser, type Page } from "@playwright/test";
import { NOT_FOUND_PATH } from "../../rig/audit/budgets";
import { pagesToMeasure } from "../../rig/audit/pages";
import { createPgliteDatabase, type TestDatabase } from "../test-support/databases";
import { TRUSTED_SCRIPTS_FILE } from "../../common/trusted-scripts";
import { FIXTURE_SCRIPTS, createSiteFixture, trustedScriptsFile, type SiteFixture } from "../test-support/site-fixture";
import { buildTestApp, type TestApp } from "../test-support/test-app";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const REAL_BUILD = path.resolve("public");

/** The real build is checked whenever it is there; under CI=true (as in npm test, which builds it first) always. */
function realBuildSkip(): string | false {
  if (existsSync(path.join(REAL_BUILD, "index.html")) || process.env.CI === "true") return false;
  return "public/ ist noch nicht gebaut (npm run build)";
}

function browserSkip(): string | false {
  if (existsSync(CHROMIUM) || process.env.CI === "true") return false;
  return `${CHROMIUM} fehlt: Browsertest der CSP übersprungen`;
}

/** Records CSP violations from the moment the page starts, before any of its own scripts. */
async function watchViolations(page: Page): Promise<string[]> {
  const reported: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) reported.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const store = ((window as unknown as { __violations?: string[] }).__violations ??= []);
      store.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return reported;
}

async function serve(database: TestDatabase, publicDir: string): Promise<{ test: TestApp; origin: string }> {
  const test = await buildTestApp(database, {}, publicDir);
  const address = await test.app.listen({ port: 0, host: "127.0.0.1" });
  return { test, origin: address };
}

describe("CSP in the browser", { skip: browserSkip() }, () => {
  let browser: Browser;
  let database: TestDatabase;
  let site: SiteFixture;

  before(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM });
    database = await createPgliteDatabase();
    site = await createSiteFixture();
  });
  after(async () => {
    await browser?.close();
    await database?.drop();
    await site?.remove();
  });

  it("runs the inline scripts its build wrote and blocks any other, even one the served page contains", async () => {
    const built = [
      `document.documentElement.dataset.inline = "lief – ü";`,
      `try { eval("document.documentElement.dataset.eval = 'lief'"); } catch (e) { document.documentElement.dataset.evalBlocked = "ja"; }`,
    ];
    await writeFile(
      path.join(site.dir, "csp-probe.html"),
      `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><title>Probe</title>
<script>${built[0]}</script>
</head><body><h1>Probe</h1>
<img src="/nicht-da.png" onerror="document.documentElement.dataset.handler = 'lief'">
<a id="link" href="javascript:document.documentElement.dataset.link='lief'">x</a>
<div class="prose-legal"><script>document.documentElement.dataset.fromText = "lief";</script></div>
<script>${built[1]}</script>
</body></html>`,
    );
    await writeFile(path.join(site.dir, TRUSTED_SCRIPTS_FILE), trustedScriptsFile([...Object.values(FIXTURE_SCRIPTS), ...built]));
    const { test, origin } = await serve(database, site.dir);
    const page = await browser.newPage();
    try {
      await watchViolations(page);
      await page.goto(`${origin}/csp-probe.html`);
      await page.click("#link").catch(() => undefined);
      await page.waitForTimeout(300);
      const data = await page.evaluate(() => ({ ...document.documentElement.dataset }));
      assert.equal(data.inline, "lief – ü", "hashed inline script ran");
      assert.equal(data.evalBlocked, "ja", "second hashed inline script ran, and eval was refused");
      assert.equal(data.eval, undefined);
      assert.equal(data.handler, undefined, "inline event handler blocked");
      assert.equal(data.link, undefined, "javascript: URL blocked");
      assert.equal(data.fromText, undefined, "a script in the page that its build did not write is blocked");
      const violations = await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? []);
      assert.ok(
        violations.some((violation) => violation.startsWith("script-src")),
        violations.join("\n"),
      );
    } finally {
      await page.close();
      await test.close();
    }
  });

  it(
    "loads every page of the real build that the browser budgets do not, without a CSP violation",
    { skip: realBuildSkip() },
    async () => {
      assert.ok(
        existsSync(path.join(REAL_BUILD, "index.html")),
        "public/ ist nicht gebaut: npm test baut die Seite vor den Servertests, einzeln vorher npm run build",
      );
      const built = await htmlRoutes(REAL_BUILD);
      assert.ok(built.length >= 5, `only ${built.length} pages found`);
      const byBudgets = new Set([...pagesToMeasure(REAL_BUILD), NOT_FOUND_PATH]);
      const pages = built.filter((route) => !byBudgets.has(route));
      // The owner area's page is no public page: the budgets leave it to this test.
      assert.ok(pages.includes("/verwaltung"), `pages left to this test: ${pages.join(", ")}`);
      const { test, origin } = await serve(database, REAL_BUILD);
      try {
        for (const route of pages) {
          const page = await browser.newPage();
          try {
            const consoleViolations = await watchViolations(page);
            const response = await page.goto(`${origin}${route}`, { waitUntil: "networkidle" });
            assert.ok(response && response.status() < 500, `${route}: ${response?.status()}`);
            // Hydration runs the bundles: a page whose scripts were blocked would never get here.
            await page.waitForFunction(() => document.readyState === "complete");
            const violations = await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? []);
            assert.deepEqual([...violations, ...consoleViolations], [], `${route} has CSP violations`);
          } finally {
            await page.close();
          }
        }
      } finally {
        await test.close();
      }
    },
  );
});

/** "/" and "/agb" for public/index.html and public/agb/index.html, and the budgets' unknown path for 404.html. */
async function htmlRoutes(publicDir: string): Promise<string[]> {
  const routes: string[] = [NOT_FOUND_PATH];
  const walk = async (dir: string, prefix: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!["page-data", "static", "_gatsby", "404", "dev-404-page", "~partytown"].includes(entry.name)) {
          await walk(path.join(dir, entry.name), `${prefix}/${entry.name}`);
        }
      } else if (entry.name === "index.html") {
        routes.push(prefix || "/");
      }
    }
  };
  await walk(publicDir, "");
  return routes.sort();
}
