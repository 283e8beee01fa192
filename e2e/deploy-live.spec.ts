/**
 * A visitor's open page across a real deploy. In a copy of the project, `npm run deploy` builds a first
 * release and a server serves it (on PostgreSQL, so the test can read what it stored). A visitor opens
 * /ernaehrung-traditionell; then an editor's change is deployed while the page stays open:
 *  1. a changed sentence in a testimonial (content only: the running server switches its files);
 *  2. another changed sentence, changed server code (a new process takes the port over) and a changed page
 *     component (new bundle names and a new compilation hash).
 * Right after the switch every chunk the open page's loader knows of must still be answered: that is what
 * it asks for when a link leads to a page it has not loaded yet. In the same open page the visitor then
 * follows the header link home: Gatsby navigates client-side (a marker on `window` survives, no second
 * document load), and the info form there stores the lead. Nothing fails on the way: no console error,
 * no failed request, no CSP violation.
 *
 * Which text is right after the switch: Gatsby fetched the home page's data before the deploy, as it does
 * for every link in view, and shows the page from it, so the visit goes on with the state it began with,
 * whole and never mixed; pages it had not fetched (the thank-you page) come from the new release, and a new
 * visit shows the new text. After the code change Gatsby sees the new compilation hash in app-data.json at
 * the thank-you page and loads that page in full, which is its intended way of changing builds.
 */
import { expect, test, type Page, type Request } from "@playwright/test";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { hydrate } from "../rig/audit/measure";
import { LEAD_SUBMIT_LABEL } from "../src/forms/LeadForm";
import { ROUTES } from "../common/routes";
import { findFreePort } from "../rig/server-load/server-process";
import { freshDatabase } from "./support/own-database";
import { pageDataPath } from "./support/page-data";
import { releaseCopy, startCopyServer, stopReleaseServers, type ReleaseCopy, type ReleaseServer } from "./support/release-copy";

const DATABASE = "urkraft_e2e_deploy";
const SENTENCE = "Ich hätte nicht gedacht";

test.describe.configure({ mode: "serial" });

let copy: ReleaseCopy;
let database: Awaited<ReturnType<typeof freshDatabase>>;
let sql: pg.Client;
let origin: string;
let firstServer: ReleaseServer;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  copy = releaseCopy();
  const types = path.join(copy.dir, "src", "gatsby-types.d.ts");
  // The copy holds the tracked files, so no types (they are not in git); undefined while there is none.
  const typesWritten = () => (existsSync(types) ? statSync(types).mtimeMs : undefined);
  const before = typesWritten();
  await copy.deploy();
  // A release's build leaves the tree it publishes as it is (no TypeScript types written into src/).
  expect(typesWritten()).toBe(before);
  database = await freshDatabase(DATABASE);
  firstServer = await startCopyServer(copy, await findFreePort(), { DATABASE_URL: database.url });
  origin = firstServer.origin;
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
});

test.afterAll(async () => {
  await sql?.end();
  if (copy) await stopReleaseServers(copy.releasesDir);
  await database?.drop();
  copy?.remove();
});

interface Watched {
  problems: string[];
  documentLoads: number;
  /**
   * Every request's path, whether it was sent after the new release went live, and how many documents the tab
   * had shown when it was sent.
   */
  requests: { path: string; afterSwitch: boolean; documentsShown: number; status?: number }[];
  switched: boolean;
}

/** Console errors, failed requests, answers ≥ 400 and CSP violations, in every document the page loads. */
async function watch(page: Page): Promise<Watched> {
  const watched: Watched = { problems: [], documentLoads: 0, requests: [], switched: false };
  await page.exposeFunction("reportCspViolation", (text: string) => watched.problems.push(`CSP: ${text}`));
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (event) =>
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      ),
    ),
  );
  page.on("console", (message) => {
    if (message.type() === "error") watched.problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => watched.problems.push(`pageerror: ${error.message}`));
  const entries = new Map<Request, Watched["requests"][number]>();
  // Counted when a new document's answer arrives, just before it takes the tab over, not when its request
  // starts: the document before keeps loading until then. (Gatsby's client-side links load no document.)
  let documentsShown = 0;
  page.on("request", (request) => {
    const entry = { path: new URL(request.url()).pathname, afterSwitch: watched.switched, documentsShown };
    entries.set(request, entry);
    watched.requests.push(entry);
  });
  page.on("response", (response) => {
    const request = response.request();
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documentsShown += 1;
    const entry = entries.get(request);
    if (entry) entry.status = response.status();
    if (response.status() >= 400) watched.problems.push(`${response.status()}: ${response.url()}`);
  });
  page.on("requestfailed", (request) => {
    const aborted = request.failure()?.errorText === "net::ERR_ABORTED";
    // A document the tab leaves drops what it still loads (a lazy picture, say) when the next one takes over.
    if (aborted && documentsShown > entries.get(request)!.documentsShown) return;
    // Chromium asks for the tab's icon again at each navigation and drops the request still under way; the
    // icon's answers are checked at the end instead.
    if (new URL(request.url()).pathname === "/favicon.svg" && aborted) return;
    watched.problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`);
  });
  page.on("domcontentloaded", () => (watched.documentLoads += 1));
  return watched;
}

/** Polls the server until the home page shows `text`: the release is live. */
async function waitUntilLive(text: string): Promise<void> {
  await expect
    .poll(async () => (await fetch(`${origin}/`).then((response) => response.text())).includes(text), { timeout: 60_000 })
    .toBe(true);
}

const HOME_DATA = pageDataPath(ROUTES.home.path);

/** The hashed chunks the page's Gatsby loader knows of: what it may still ask for on a later link. */
const knownChunks = (page: Page) =>
  page.evaluate(() => {
    // Gatsby's inline data sets it as JSON text, which the loader parses.
    const mapping = (window as unknown as { ___chunkMapping: string | Record<string, string[]> }).___chunkMapping;
    return Object.values(typeof mapping === "string" ? (JSON.parse(mapping) as Record<string, string[]>) : mapping).flat();
  });

/** The answer's status to a request from the page itself, past the browser's cache. */
const statusFromPage = (page: Page, url: string) =>
  page.evaluate((target) => fetch(target, { cache: "no-store" }).then((response) => response.status), url);

interface AcrossDeploy {
  watched: Watched;
  /** The chunks known to the page opened before the deploy, and to one opened after it. */
  oldChunks: string[];
  newChunks: string[];
}
const marked = (page: Page) => page.evaluate(() => (window as unknown as { openedBeforeDeploy?: boolean }).openedBeforeDeploy);

/**
 * Opens a page, deploys `change`, follows the header link home and sends the info form there. Returns
 * what the page saw; the caller checks the parts that differ between a content and a code change.
 */
async function acrossDeploy(
  page: Page,
  change: (marker: string) => void,
  marker: string,
  /** After new bundles, Gatsby may load the next page in full: it does whenever it asks app-data.json first. */
  newBundles = false,
): Promise<AcrossDeploy> {
  const watched = await watch(page);
  const before = copy.live();
  await page.goto(`${origin}${ROUTES.nutrition.path}`);
  await hydrate(page);
  await page.evaluate(() => ((window as unknown as { openedBeforeDeploy: boolean }).openedBeforeDeploy = true));
  // The site fetches a page's data only for the page shown, never ahead of a click (src/in-site-views.ts).
  await page.waitForLoadState("networkidle");
  expect(watched.requests.some((request) => request.path === HOME_DATA)).toBe(false);
  expect(watched.documentLoads).toBe(1);
  const oldChunks = await knownChunks(page);
  expect(oldChunks.length).toBeGreaterThan(5);
  expect(
    oldChunks.every((chunk) => /^\/[\w-]+-[0-9a-f]{16,}\.js$/.test(chunk)),
    oldChunks.join(" "),
  ).toBe(true);

  change(marker);
  await copy.deploy();
  expect(copy.live()).not.toBe(before);
  await waitUntilLive(marker);
  watched.switched = true;
  // Every chunk the open page may still load on a later link is there, whichever release it came with.
  const answers: Record<string, number> = {};
  for (const chunk of oldChunks) answers[chunk] = await statusFromPage(page, chunk);
  expect(answers).toEqual(Object.fromEntries(oldChunks.map((chunk) => [chunk, 200])));

  await page.locator("header").getByRole("link", { name: ROUTES.home.navLabel, exact: true }).first().click();
  await page.waitForURL(`${origin}/`);
  const form = page.locator('#info-form form[action="/api/leads"]');
  await expect(form).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const sameDocument = (await marked(page)) === true;
  if (!newBundles) expect(sameDocument, "the same document: Gatsby navigated client-side").toBe(true);
  expect(watched.documentLoads).toBe(sameDocument ? 1 : 2);
  // A page loaded in full starts its scripts at the first input (gatsby/after-load.ts): the visitor moves the
  // mouse on the way to the form, so the form below is sent by the site's script. Without it, the click on
  // the button would be the first input and the browser would send the form itself (303, stored as well).
  if (!sameDocument) await hydrate(page);
  await expect(page.getByText(SENTENCE).first()).toBeVisible();
  // The home page's data is fetched at the click, after the switch: client-side or loaded in full, the page
  // shows the new release's text, whole and never mixed.
  await expect(page.getByText(`${SENTENCE} (${marker})`).first()).toBeVisible();

  const email = `deploy.${marker}@beispiel.de`.toLowerCase();
  await form.getByLabel("Dein Vorname").fill("Jürgen");
  await form.getByLabel("Deine E-Mail-Adresse").fill(email);
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/leads"));
  await form.getByRole("button", { name: LEAD_SUBMIT_LABEL }).click();
  expect((await answer).status()).toBe(202);
  await page.waitForURL(`**${ROUTES.thanks.path}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const stored = await sql.query("SELECT name, form_page FROM leads WHERE email = $1", [email]);
  expect(stored.rows).toEqual([{ name: "Jürgen", form_page: expect.any(String) }]);

  // A new visit of the home page shows the new text. (Waiting for quiet first, so the visit aborts nothing
  // the thank-you page still loads, such as its icon.)
  await page.waitForLoadState("networkidle");
  await page.goto(`${origin}/`);
  await expect(page.getByText(`${SENTENCE} (${marker})`).first()).toBeVisible();
  await hydrate(page);
  const newChunks = await knownChunks(page);
  await page.waitForLoadState("networkidle");
  expect(watched.problems).toEqual([]);
  expect(watched.requests.filter((request) => request.path === "/favicon.svg" && request.status === 200)).not.toHaveLength(0);
  return { watched, oldChunks, newChunks };
}

test("a content deploy while the page is open: the next pages come client-side and the form stores the lead", async ({
  page,
}) => {
  test.setTimeout(300_000);
  expect(firstServer.process.exitCode).toBeNull();
  const marker = `Inhalt${Date.now().toString(36)}`;
  const { watched, oldChunks, newChunks } = await acrossDeploy(
    page,
    (text) => copy.edit("content/testimonials.json", SENTENCE, `${SENTENCE} (${text})`),
    marker,
  );
  // Same bundles in both releases: even the thank-you page, fetched after the switch, came client-side.
  expect(newChunks.sort()).toEqual(oldChunks.sort());
  expect(
    watched.requests.some((request) => request.afterSwitch && request.path.endsWith("danke-willkommen/page-data.json")),
  ).toBe(true);
  expect(watched.documentLoads, "one document until the new visit of the home page").toBe(2);
});

test("a deploy with new server and page code while the page is open: a new process takes over, Gatsby reloads, nothing fails", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const marker = `Code${Date.now().toString(36)}`;
  const { watched, oldChunks, newChunks } = await acrossDeploy(
    page,
    (text) => {
      copy.edit("content/testimonials.json", SENTENCE, `${SENTENCE} (${text})`);
      copy.edit(
        "server/index.ts",
        "async function main(): Promise<void> {",
        `/*! ${text} */\nasync function main(): Promise<void> {`,
      );
      copy.edit(
        "src/pages/danke-willkommen.tsx",
        "useEffect(() => window.scrollTo({ top: 0, left: 0 }), []);",
        `useEffect(() => {\n    window.scrollTo({ top: 0, left: 0 });\n    document.documentElement.dataset.deploy = "${text}";\n  }, []);`,
      );
    },
    marker,
    true,
  );
  // The thank-you page's chunk has a new name; the open page's one was still answered after the switch
  // (above). Gatsby saw the new compilation hash at a link and loaded that page in full.
  const thanksChunk = (chunks: string[]) => chunks.find((chunk) => chunk.includes("component---src-pages-danke-willkommen-tsx-"));
  expect(thanksChunk(oldChunks)).toBeDefined();
  expect(thanksChunk(newChunks)).not.toBe(thanksChunk(oldChunks));
  expect(watched.documentLoads, "a full load at the home or the thank-you page, then the new visit").toBe(3);
  // The process the test started has handed the port over and ended; another one answers.
  await expect.poll(() => firstServer.process.exitCode, { timeout: 30_000 }).toBe(0);
  expect((await fetch(`${origin}/api/health`)).ok).toBe(true);
});
