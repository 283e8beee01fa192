/**
 * The visit's source reaches the stored sign-up and contact request through the page itself, never
 * through the visitor's device: landing with utm_* parameters or from another site, with JavaScript (JSON
 * post), after navigating inside the site, and without JavaScript (native post). And each page shown after
 * a navigation inside the site is counted once: hovering links and scrolling them into view fetch nothing.
 * Each test runs a server of its own (PGlite), read afterwards with the owner's command line.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test, type Page } from "@playwright/test";
import { hydrate } from "../rig/audit/measure";
import { ownEnv, startOwnServer, stopOwnServer, type OwnServer, queryStopped } from "./support/own-server";
import { entryArgs } from "../server/test-support/entry-points";

const ROOT = path.resolve(__dirname, "..");
const run = promisify(execFile);

test.describe.configure({ mode: "serial", timeout: 180_000 });

async function stats(
  server: OwnServer,
): Promise<{ routes: { route: string; views: number }[]; sources: { source: string; leads: number; contacts: number }[] }> {
  const { stdout } = await run(process.execPath, [...entryArgs("cli"), "stats", "--json"], {
    cwd: ROOT,
    env: ownEnv(server.dataDir),
    timeout: 120_000,
  });
  return JSON.parse(stdout);
}

async function signUp(page: Page, name: string, email: string): Promise<void> {
  const form = page.locator('#info-form form[action="/api/leads"]');
  await form.getByLabel("Dein Vorname").fill(name);
  await form.getByLabel("Deine E-Mail-Adresse").fill(email);
  await form.getByRole("button", { name: "Kostenlos anfordern" }).click();
  await page.waitForURL("**/danke-willkommen", { timeout: 30_000 });
}

test("sign-ups and contact requests keep their visit's source, with and without JavaScript, also after navigating inside the site", async ({
  browser,
}) => {
  const server = await startOwnServer({});
  try {
    // With JavaScript, landing from a newsletter link: the JSON post carries the campaign.
    let context = await browser.newContext();
    let page = await context.newPage();
    await page.goto(`${server.origin}/?utm_source=Newsletter&utm_medium=E-Mail&utm_campaign=Herbst`);
    await hydrate(page);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(`${request.headers()["content-type"]} ${request.postData()}`);
    });
    await signUp(page, "Nina", "nina@beispiel.de");
    expect(posts.join("\n")).toContain('"utm_source":"newsletter"');
    await context.close();

    // With JavaScript, landing from a search engine.
    context = await browser.newContext();
    page = await context.newPage();
    await page.goto(`${server.origin}/`, { referer: "https://www.google.de/search?q=energie" });
    await hydrate(page);
    await signUp(page, "Otto", "otto@beispiel.de");
    await context.close();

    // Landing on another page, then to the contact page inside the site: the entry's source goes along.
    context = await browser.newContext();
    page = await context.newPage();
    await page.goto(`${server.origin}/agb`, { referer: "https://www.bing.com/" });
    await hydrate(page);
    await page.evaluate(() => ((window as unknown as { stillThisDocument: boolean }).stillThisDocument = true));
    await page.locator('a[href="/kontakt-unterstuetzung"]').first().click();
    await page.waitForURL("**/kontakt-unterstuetzung");
    expect(await page.evaluate(() => (window as unknown as { stillThisDocument?: boolean }).stillThisDocument)).toBe(true);
    const contact = page.locator('form[action="/api/contact"]');
    await contact.getByLabel("Dein Name *").fill("Paula");
    await contact.getByLabel("Deine E-Mail *").fill("paula@beispiel.de");
    await contact.getByLabel("Deine Nachricht *").fill("Wie fange ich am besten an?");
    await contact.getByRole("button", { name: "Nachricht senden" }).click();
    await page.waitForURL("**/danke-willkommen", { timeout: 30_000 });
    await context.close();

    // Without JavaScript: the hidden inputs at the end of the page go with the native post.
    context = await browser.newContext({ javaScriptEnabled: false });
    page = await context.newPage();
    await page.goto(`${server.origin}/`, { referer: "https://duckduckgo.com/" });
    await signUp(page, "Rudi", "rudi@beispiel.de");
    await page.goto(`${server.origin}/kontakt-unterstuetzung?utm_source=flyer&utm_campaign=messe`);
    const plainContact = page.locator('form[action="/api/contact"]');
    await plainContact.getByLabel("Dein Name *").fill("Sara");
    await plainContact.getByLabel("Deine E-Mail *").fill("sara@beispiel.de");
    await plainContact.getByLabel("Deine Nachricht *").fill("Gibt es den Plan auch gedruckt?");
    await plainContact.getByRole("button", { name: "Nachricht senden" }).click();
    await page.waitForURL(/danke/, { timeout: 30_000 });
    await context.close();
  } finally {
    await stopOwnServer(server);
  }

  const leads = await queryStopped(server, "SELECT email, form_page, source, medium, campaign FROM leads ORDER BY email");
  expect(leads).toEqual([
    { email: "nina@beispiel.de", form_page: "/", source: "newsletter", medium: "email", campaign: "herbst" },
    { email: "otto@beispiel.de", form_page: "/", source: "google.de", medium: "", campaign: "" },
    { email: "rudi@beispiel.de", form_page: "/", source: "duckduckgo.com", medium: "", campaign: "" },
  ]);
  const requests = await queryStopped(
    server,
    "SELECT email, form_page, source, medium, campaign FROM contact_requests ORDER BY email",
  );
  // A request counts under its source in the day sums below; the request itself does not keep it.
  expect(requests).toEqual([
    { email: "paula@beispiel.de", form_page: "/kontakt-unterstuetzung", source: null, medium: null, campaign: null },
    { email: "sara@beispiel.de", form_page: "/kontakt-unterstuetzung", source: null, medium: null, campaign: null },
  ]);
  const figures = await stats(server);
  const source = (name: string) => figures.sources.find((row) => row.source === name);
  expect(source("google.de")?.leads).toBe(1);
  expect(source("bing.com")?.contacts).toBe(1);
  expect(source("unbekannt")).toBeUndefined();
});

test("each page shown after a navigation inside the site is counted once: hovering and scrolling links count nothing", async ({
  page,
}) => {
  const server = await startOwnServer({});
  const pageData: string[] = [];
  page.on("request", (request) => {
    // A page's data; the static query results (page-data/sq/) are no page and counted as nothing.
    if (request.url().endsWith("/page-data.json")) pageData.push(new URL(request.url()).pathname);
  });
  try {
    await page.goto(`${server.origin}/`);
    await hydrate(page);
    // Hover every link of the page and scroll all of them into view, with time for any prefetch.
    const links = await page.locator('a[href^="/"]').filter({ visible: true }).all();
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) {
      await link.scrollIntoViewIfNeeded();
      await link.hover();
    }
    await page.waitForTimeout(4_000);
    expect(pageData.filter((file) => file !== "/page-data/index/page-data.json")).toEqual([]);

    await page.locator('footer a[href="/agb"]').click();
    await page.waitForURL("**/agb");
    await page.locator('footer a[href="/impressum"]').hover();
    await page.locator('footer a[href="/impressum"]').click();
    await page.waitForURL("**/impressum");
    await page.goBack();
    await page.waitForURL("**/agb");
    await expect(page.locator("h1")).toBeVisible();
  } finally {
    await stopOwnServer(server);
  }
  const figures = await stats(server);
  const views = Object.fromEntries(figures.routes.map((row) => [row.route, row.views]));
  // The home page loaded in full, /agb and /impressum reached inside the site; going back loads nothing.
  expect(views).toEqual({ "/": 1, "/agb": 1, "/impressum": 1 });
});
