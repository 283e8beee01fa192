/**
 * An editor sets up an experiment in „Inhalte“ with the form alone, and the live site runs it. A copy of the
 * project is its own git repository and deploys itself, as a server without CONTENT_GIT_REMOTE does: its first
 * release is served by the release's production server (PGlite). An editor (EDITOR_EMAILS) logs in by link,
 * opens „Experimente“ and adds a headline experiment on the home page with two variants, share, start and end,
 * choosing page, text and state by their German names. A variant with a health claim is refused with a German
 * message at its field and in the list above, which names the field, and „Veröffentlichen“ is refused too; once
 * fixed, the change is published (experiments need no owner's approval), the server commits and deploys, and
 * the home page then answers each visitor with the original or one of the variants, never with a cookie.
 * axe finds nothing on the form at 1280 and 375 px, also with the refused variant; screenshots go to
 * SCREENSHOT_DIR when it is set.
 */
import AxeBuilder from "@axe-core/playwright";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { findFreePort } from "../rig/server-load/server-process";
import { logInByLink } from "./support/login-link";
import { getOnOwnConnection } from "./support/own-connection";
import { releaseCopy, startCopyServer, stopReleaseServers, type ReleaseCopy } from "./support/release-copy";

const EDITOR = "jonas.weber@urkraft-test.de";
const SHOTS = process.env.SCREENSHOT_DIR;
const ORIGINAL = "Natürliche Energie für Männer, die mitten im Leben stehen";
const VARIANT_B = "Mehr Kraft im Alltag – mit ein paar Minuten am Tag";
const VARIANT_C = "Stark durch den Tag – ohne Fitnessstudio";
const HEALTH_CLAIM = "Der Drink gegen das Nachmittagstief";
const CLAIM_MESSAGE =
  "verbindet den Drink mit „gegen das Nachmittagstief“ – eine gesundheitsbezogene Angabe (HCVO); beschreib ihn als Rezept";
const VARIANT_C_FIELD = "Experimente › Eintrag 1 (startseite-titel) › Andere Texte (B, C) › Variante C";
/** Days in the site's time zone, as the form's date fields and the server count them. */
const day = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString("sv-SE", { timeZone: "Europe/Berlin" });

test.describe.configure({ mode: "serial" });
// A step that cannot find its control fails within half a minute, not at the test's end.
test.use({ actionTimeout: 30_000 });

let copy: ReleaseCopy;
/** The server as the browser reaches it (localhost: the session cookie is a __Host- one). */
let server: { origin: string; outbox: string };

const git = (...args: string[]) => execFileSync("git", args, { cwd: copy.dir, encoding: "utf8" }).trim();

test.beforeAll(async () => {
  // The first release of a fresh copy is a cold build (pictures and bundles): minutes on a busy machine.
  test.setTimeout(600_000);
  copy = releaseCopy();
  git("init", "--quiet", "--initial-branch=main");
  git("-c", "user.name=Test", "-c", "user.email=test@urkraft-test.de", "add", "-A");
  git("-c", "user.name=Test", "-c", "user.email=test@urkraft-test.de", "commit", "--quiet", "-m", "Stand");
  await copy.deploy();
  const port = await findFreePort();
  await startCopyServer(copy, port, {
    DATABASE_URL: "",
    SITE_URL: "",
    EDITOR_EMAILS: EDITOR,
    MAIL_WORKER: "true",
    MAIL_POLL_INTERVAL: "1s",
    PREVIEW_WARMUP: "false",
  });
  server = { origin: `http://localhost:${port}`, outbox: path.join(copy.dir, "data", "outbox") };
});

test.afterAll(async () => {
  if (copy) await stopReleaseServers(copy.releasesDir);
  copy?.remove();
});

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

async function noAxeViolations(page: Page) {
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
}

async function openExperiments(page: Page) {
  await logInByLink(page, server, EDITOR);
  await expect(page.getByRole("heading", { name: "Inhalte", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Experimente" }).click();
  // The form library loads with this screen only; the wait allows for a machine busy with other tests.
  await expect(page.getByRole("heading", { name: "Experimente", level: 1 })).toBeVisible({ timeout: 15_000 });
}

/** The answers of the home page for `people` browsers: each headline, and no cookie or shared cache for any. */
async function headlinesFor(people: number): Promise<string[]> {
  const headlines: string[] = [];
  for (let person = 0; person < people; person++) {
    // Each a browser of its own, on a connection of its own (support/own-connection.ts).
    const { headers, body } = await getOnOwnConnection(`${server.origin}/`, {
      "user-agent": `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0.${person}.0 Safari/537.36`,
    });
    expect(headers["set-cookie"]).toBeUndefined();
    expect(headers["cache-control"]).toBe("private, no-store");
    headlines.push(/<h1[^>]*>([^<]*)<\/h1>/.exec(body)?.[1] ?? "");
  }
  return headlines;
}

test("an editor sets up a headline experiment with the form alone, a health claim is refused at its field, and the live home page shows the variants", async ({
  page,
  browser,
}) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openExperiments(page);
  await expect(page.getByRole("group", { name: "Experimente" }).getByText("Noch keine Einträge.")).toBeVisible();
  await expect(page.getByText("Experimente zeigt die Vorschau nicht", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "Eintrag hinzufügen" }).click();

  await page.getByLabel("Kennung").fill("startseite-titel");
  await page.getByLabel("Seite", { exact: true }).selectOption({ label: "Startseite" });
  const field = page.getByLabel("Text der Seite");
  await field.selectOption({ label: `Kopfbereich › Titel: „${ORIGINAL}“` });
  const variants = page.getByRole("group", { name: "Andere Texte (B, C)" });
  // A new experiment starts with the field for variant B; variant C is one click away.
  await page.getByLabel("Variante B", { exact: true }).fill(VARIANT_B);
  await variants.getByRole("button", { name: "Variante C hinzufügen" }).click();
  await page.getByLabel("Variante C", { exact: true }).fill(HEALTH_CLAIM);
  await page.getByLabel("Anteil der Besuche (Prozent)").fill("90");
  await page.getByLabel("Beginn", { exact: true }).fill(day(0));
  await page.getByLabel("Ende", { exact: true }).fill(day(14));
  await page.getByLabel("Stand").selectOption({ label: "läuft" });

  // The check runs on the server while typing: the claim is named at its field and, with the field's name, above.
  await expect(page.locator("#feld_experiments_0_variants_1__fehler")).toHaveText(CLAIM_MESSAGE, { timeout: 15_000 });
  await expect(page.locator("#feld_experiments_0_variants_1")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("listitem").filter({ hasText: `${VARIANT_C_FIELD}: ${CLAIM_MESSAGE}` })).toBeVisible();
  await expect(page.getByText("Eine Stelle braucht noch deine Aufmerksamkeit; sie ist unten rot markiert.")).toBeVisible();
  await expect(page.getByText("Entwurf gespeichert.")).toBeVisible({ timeout: 15_000 });
  await shot(page, "experiment-abgelehnt-1280");
  await noAxeViolations(page);

  // Publishing it is refused as well: nothing is committed.
  const head = git("rev-parse", "HEAD");
  await page.getByRole("button", { name: "Veröffentlichen …" }).click();
  await page.getByLabel("Was hast du geändert?").fill("Experiment mit der Überschrift der Startseite");
  await page.getByRole("button", { name: "Jetzt veröffentlichen" }).click();
  await expect(page.getByText("Die Änderung ist noch nicht fertig: Bitte behebe zuerst die markierten Stellen.")).toBeVisible({
    timeout: 30_000,
  });
  expect(git("rev-parse", "HEAD")).toBe(head);

  await page.locator("#feld_experiments_0_variants_1").fill(VARIANT_C);
  await expect(page.locator("#feld_experiments_0_variants_1__fehler")).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByText("Entwurf gespeichert.")).toBeVisible({ timeout: 15_000 });
  await shot(page, "experiment-1280");
  await noAxeViolations(page);

  await page.getByRole("button", { name: "Jetzt veröffentlichen" }).click();
  await expect(page.getByText(/^Veröffentlicht\. Die Website wird jetzt neu gebaut/)).toBeVisible({ timeout: 30_000 });
  expect(git("log", "-1", "--format=%s")).toBe("Experiment mit der Überschrift der Startseite");
  const committed = JSON.parse(readFileSync(path.join(copy.dir, "content", "experiments.json"), "utf8")) as {
    experiments: unknown[];
  };
  expect(committed.experiments).toEqual([
    {
      id: "startseite-titel",
      page: "/",
      field: "hero.title",
      variants: [VARIANT_B, VARIANT_C],
      share: 90,
      start: day(0),
      end: day(14),
      status: "läuft",
    },
  ]);

  // The server deploys the commit; once the new release is live, visitors take part.
  await expect
    .poll(async () => (await headlinesFor(12)).some((headline) => headline !== ORIGINAL), {
      timeout: 300_000,
      intervals: [2_000],
    })
    .toBe(true);
  const headlines = await headlinesFor(60);
  expect(headlines.filter((headline) => ![ORIGINAL, VARIANT_B, VARIANT_C].includes(headline))).toEqual([]);
  expect(headlines).toContain(VARIANT_B);
  expect(headlines).toContain(VARIANT_C);

  // A visitor's browser: a variant's page, and nothing stored.
  const visitor = await browser.newContext({ userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Besuch" });
  const tab = await visitor.newPage();
  const answer = await tab.goto(`${server.origin}/`);
  expect(answer!.headers()["set-cookie"]).toBeUndefined();
  expect([ORIGINAL, VARIANT_B, VARIANT_C]).toContain(await tab.locator("h1").first().textContent());
  expect(await visitor.cookies()).toEqual([]);
  await visitor.close();

  await page.reload();
  await expect(page.getByText(/^Live seit/)).toBeVisible({ timeout: 30_000 });
});

test("on a phone the experiment's form fits the screen, and a health claim in a variant is refused at its field", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 800 });
  await openExperiments(page);
  await expect(page.getByLabel("Seite", { exact: true }).locator("option:checked")).toHaveText("Startseite");
  await expect(page.getByLabel("Text der Seite").locator("option:checked")).toHaveText(`Kopfbereich › Titel: „${ORIGINAL}“`);
  await expect(page.locator("#feld_experiments_0_variants_1")).toHaveValue(VARIANT_C);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), "nothing scrolls sideways").toBeLessThanOrEqual(375);
  await shot(page, "experiment-375");
  await noAxeViolations(page);

  await page.locator("#feld_experiments_0_variants_1").fill(HEALTH_CLAIM);
  await expect(page.locator("#feld_experiments_0_variants_1__fehler")).toHaveText(CLAIM_MESSAGE, { timeout: 15_000 });
  await expect(page.getByRole("listitem").filter({ hasText: `${VARIANT_C_FIELD}: ${CLAIM_MESSAGE}` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth), "nothing scrolls sideways").toBeLessThanOrEqual(375);
  await shot(page, "experiment-abgelehnt-375");
  await noAxeViolations(page);

  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Änderungen verwerfen" }).click();
  await expect(page.locator("#feld_experiments_0_variants_1")).toHaveValue(VARIANT_C);
});
