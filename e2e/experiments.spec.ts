/**
 * An experiment in the browser, against a copy of the production build with one experiment on the home page's
 * headline (its variant's page, the build's list and the static query's data set as a build with that
 * experiment writes them): the server picks the variant at the page's own address, the page keeps its words
 * when its scripts start and after navigating inside the site, no cookie is set and nothing is stored in the
 * browser (no local or session storage, no IndexedDB, no service worker), and sign-ups with and without
 * JavaScript carry the variant to the stored lead. A server of its own (PGlite) serves the copy.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { hydrate } from "../rig/audit/measure";
import { OWNER_SCREENS } from "../common/routes";
import { mailSubjectPattern } from "../server/test-support/mail-copy";
import { logInByLink } from "./support/login-link";
import { onServer, startOwnServer, stopOwnServer, waitForMail, type OwnServer, queryStopped } from "./support/own-server";

const ROOT = path.resolve(__dirname, "..");
const OWNER = "inhaber@urkraft-test.de";
const SHOTS = process.env.SCREENSHOT_DIR;
const ORIGINAL = "Natürliche Energie für Männer, die mitten im Leben stehen";
const VARIANT = "Mehr Kraft im Alltag – mit ein paar Minuten am Tag";
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const EXPERIMENT = {
  id: "startseite-titel",
  page: "/",
  field: "hero.title",
  variants: [VARIANT],
  share: 100,
  start: isoDay(-1),
  end: isoDay(5),
  status: "läuft",
};

test.describe.configure({ mode: "serial", timeout: 180_000 });

let dir: string;
let server: OwnServer;
/** A browser identity the server shows variant B today. */
let userAgent: string;

/** The build's public/ with the experiment, as gatsby-node.ts writes it for a running one. */
function buildWithExperiment(): string {
  const copy = mkdtempSync(path.join(os.tmpdir(), "urkraft-e2e-experiment-"));
  cpSync(path.join(ROOT, "public"), copy, { recursive: true });
  for (const name of readdirSync(copy)) if (name.startsWith("__variante-")) rmSync(path.join(copy, name), { recursive: true });
  const home = readFileSync(path.join(copy, "index.html"), "utf8");
  expect(home).toContain(`>${ORIGINAL}</h1>`);
  mkdirSync(path.join(copy, "__variante-b"));
  writeFileSync(path.join(copy, "__variante-b", "index.html"), home.replace(`>${ORIGINAL}</h1>`, `>${VARIANT}</h1>`));
  writeFileSync(path.join(copy, ".experiments.json"), JSON.stringify({ experiments: [EXPERIMENT] }));
  const queries = path.join(copy, "page-data", "sq", "d");
  for (const name of readdirSync(queries)) {
    const file = path.join(queries, name);
    const data = JSON.parse(readFileSync(file, "utf8")) as { data?: { experimentList?: unknown } };
    if (!data.data?.experimentList) continue;
    const { share: _share, start: _start, end: _end, ...queried } = EXPERIMENT;
    data.data.experimentList = { experiments: [queried] };
    writeFileSync(file, JSON.stringify(data));
  }
  return copy;
}

async function nothingStored(page: Page, context: BrowserContext): Promise<void> {
  expect(await context.cookies()).toEqual([]);
  const stored = await page.evaluate(async () => ({
    cookie: document.cookie,
    local: localStorage.length,
    session: sessionStorage.length,
    databases: (await indexedDB.databases()).length,
    workers: (await navigator.serviceWorker.getRegistrations()).length,
  }));
  expect(stored).toEqual({ cookie: "", local: 0, session: 0, databases: 0, workers: 0 });
}

async function signUp(page: Page, name: string, email: string): Promise<void> {
  const form = page.locator('#info-form form[action="/api/leads"]');
  await form.getByLabel("Dein Vorname").fill(name);
  await form.getByLabel("Deine E-Mail-Adresse").fill(email);
  await form.getByRole("button", { name: "Kostenlos anfordern" }).click();
  await page.waitForURL("**/danke-willkommen", { timeout: 30_000 });
}

test.beforeAll(async () => {
  dir = buildWithExperiment();
  server = await startOwnServer({ env: { PUBLIC_DIR: dir, OWNER_EMAILS: OWNER } });
  for (let attempt = 0; attempt < 50; attempt++) {
    const candidate = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${attempt}.0 Safari/537.36`;
    const html = await fetch(`${server.origin}/`, { headers: { "user-agent": candidate } }).then((response) => response.text());
    if (html.includes('value="startseite-titel:B"')) {
      userAgent = candidate;
      break;
    }
  }
  expect(userAgent).toBeTruthy();
});

test.afterAll(async () => {
  if (server) await stopOwnServer(server);
  rmSync(dir, { recursive: true, force: true });
});

test("the server's variant stays when the scripts start and after navigating, with no cookie and nothing stored", async ({
  browser,
}) => {
  const context = await browser.newContext({ userAgent });
  const page = await context.newPage();
  const response = await page.goto(`${server.origin}/`);
  expect(response!.headers()["cache-control"]).toBe("private, no-store");
  expect(response!.headers()["set-cookie"]).toBeUndefined();
  expect(page.url()).toBe(`${server.origin}/`);
  const headline = page.locator("h1#seitentitel");
  await expect(headline).toHaveText(VARIANT);
  const before = await headline.boundingBox();
  await hydrate(page);
  await expect(headline).toHaveText(VARIANT);
  expect(await headline.boundingBox()).toEqual(before);
  expect(page.url()).toBe(`${server.origin}/`);
  await nothingStored(page, context);

  // Inside the site and back: the page keeps the variant its visit began with.
  await page.locator("header").getByRole("link", { name: "Bewegung", exact: true }).first().click();
  await page.waitForURL("**/bewegung-alltag");
  await page.locator("header").getByRole("link", { name: "Start", exact: true }).first().click();
  await page.waitForURL(`${server.origin}/`);
  await expect(headline).toHaveText(VARIANT);

  await signUp(page, "Jonas", "jonas@example.com");
  await nothingStored(page, context);
  await context.close();
});

test("a sign-up sent without JavaScript carries its variant to the stored lead", async ({ browser }) => {
  const context = await browser.newContext({ userAgent, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${server.origin}/`);
  await expect(page.locator("h1#seitentitel")).toHaveText(VARIANT);
  const posted = page.waitForRequest((request) => request.method() === "POST" && request.url().endsWith("/api/leads"));
  await signUp(page, "Lena", "lena@example.com");
  expect((await posted).postData()).toContain("experiment=startseite-titel%3AB");
  expect(await context.cookies()).toEqual([]);
  await context.close();

  await stopOwnServer(server);
  const rows = await queryStopped(
    server,
    "SELECT l.email, e.experiment, e.variant FROM experiment_leads e JOIN leads l ON l.id = e.lead_id ORDER BY l.email",
  );
  expect(rows).toEqual([
    { email: "jonas@example.com", experiment: "startseite-titel", variant: "B" },
    { email: "lena@example.com", experiment: "startseite-titel", variant: "B" },
  ]);
});

test("the owner reads the variant's sign-ups and confirmed sign-ups in „Experimente“, on a phone and on a desk", async ({
  browser,
}) => {
  server = await startOwnServer({ restart: server, env: { PUBLIC_DIR: dir, OWNER_EMAILS: OWNER } });
  const confirmation = await waitForMail(server.outbox, "jonas@example.com", mailSubjectPattern("lead-confirmation"));
  const link = /https?:\/\/\S+\/api\/leads\/confirm\?token=[\w-]+/.exec(confirmation.text ?? "")![0];
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(onServer(server, link));
  await visitor.getByRole("button", { name: /bestätigen/i }).click();
  await visitor.waitForURL("**/anmeldung-bestaetigt**");
  await context.close();

  for (const width of [1280, 375]) {
    const desk = await browser.newContext({ viewport: { width, height: 900 } });
    const owner = await desk.newPage();
    await logInByLink(owner, server, OWNER);
    await owner.waitForURL(`${server.origin}${OWNER_SCREENS.overview.path}`);
    await owner.goto(`${server.origin}${OWNER_SCREENS.experiments.path}`);
    if (width >= 768) {
      const table = owner.getByRole("table", { name: "Ergebnisse von „startseite-titel“" });
      const variant = table.getByRole("row").filter({ has: owner.getByRole("rowheader", { name: "B", exact: true }) });
      await expect(variant.getByRole("cell").nth(0)).toHaveText(VARIANT);
      // Anmeldungen and Bestätigt: both sign-ups came from variant B, Jonas confirmed his.
      await expect(variant.getByRole("cell").nth(2)).toHaveText("2");
      await expect(variant.getByRole("cell").nth(3)).toHaveText("1");
    } else {
      // On a phone each variant is a block of its own with every figure in view, nothing cut off at the edge.
      const variant = owner
        .getByRole("list", { name: "Ergebnisse von „startseite-titel“" })
        .getByRole("listitem")
        .filter({ has: owner.getByRole("heading", { name: "Variante B" }) });
      await expect(variant).toContainText(`„${VARIANT}“`);
      await expect(variant).toContainText(/Anmeldungen\s*2\s*Bestätigt\s*1/);
      const box = (await variant.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    await expect(owner.getByRole("button", { name: "Gewinner übernehmen: B" })).toBeVisible();
    const results = await new AxeBuilder({ page: owner }).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    if (SHOTS) await owner.screenshot({ path: path.join(SHOTS, `experimente-${width}.png`), fullPage: true });
    await desk.close();
  }
});
