/**
 * „Inhalte“ in a real browser against a server of its own whose content repository is a local bare
 * repository (CONTENT_GIT_REMOTE): an editor logs in by link, sees only „Inhalte“ (and on a phone one row
 * with a menu button), changes a testimonial in the generated form, sees the content check's message at
 * the field while typing, keeps the draft over a reload, asks for a preview and proposes it (testimonials
 * need an owner's approval); the owner, logged in with a passkey, reads the change field by field and
 * approves it, and the commit is in the repository in the editors' role („Urkraft Redaktion“), never in the
 * person's name. axe finds nothing on the list, the form or the proposals at 1280 and 375 px. The preview in
 * the browser shows its banner, keeps a followed link inside the preview (Gatsby's client-side navigation
 * with the preview's page data) and leads back to the live page, and the server refuses its info form with
 * a German note. An uploaded picture waits with the draft and is committed with the change that shows it. A
 * list entry goes to the top in one step, and a choice shows its values' German names.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startOwnServer, stopOwnServer, waitForMail, type OwnServer } from "./support/own-server";
import { logInByLink } from "./support/login-link";
import { pageDataPath } from "./support/page-data";
import { hydrate } from "../rig/audit/measure";
import { git } from "../server/test-support/git";
import { PREVIEW_BANNER_TITLE } from "../common/preview";
import { OWNER_SCREENS, ROUTES } from "../common/routes";

const EDITOR = "anna.schmidt@urkraft-test.de";
const OWNER = "inhaber@urkraft-test.de";
const SHOTS = process.env.SCREENSHOT_DIR;

let server: OwnServer;
let dir: string;
let remote: string;
/** A page of the editor's preview, as its „Vorschau“ opened it. */
let previewPage = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dir = mkdtempSync(path.join(os.tmpdir(), "urkraft-e2e-inhalte-"));
  remote = path.join(dir, "remote.git");
  git(dir, "init", "--quiet", "--bare", "--initial-branch=main", remote);
  const seed = path.join(dir, "seed");
  mkdirSync(seed);
  cpSync(path.join(__dirname, "..", "content"), path.join(seed, "content"), { recursive: true });
  git(seed, "init", "--quiet", "--initial-branch=main");
  git(seed, "add", "content");
  git(seed, "commit", "--quiet", "-m", "Inhalte");
  git(seed, "push", "--quiet", remote, "main");
  server = await startOwnServer({
    host: "localhost",
    env: {
      OWNER_EMAILS: OWNER,
      EDITOR_EMAILS: EDITOR,
      CONTENT_GIT_REMOTE: remote,
      PREVIEWS_DIR: path.join(dir, "previews"),
      MAIL_POLL_INTERVAL: "1s",
    },
  });
});

test.afterAll(async () => {
  if (server) await stopOwnServer(server);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function logInAsEditor(page: Page, who = EDITOR): Promise<void> {
  await logInByLink(page, server, who);
  await expect(page.getByRole("heading", { name: who === EDITOR ? "Inhalte" : "Übersicht", level: 1 })).toBeVisible();
}

/**
 * A preview in the browser, from the page the editor's preview opened: the banner with the preview's name, a
 * header link followed inside the preview, the way back to the live page, and the refused info form.
 */
async function previewBehaves(tab: Page, address: string): Promise<void> {
  const { origin, pathname } = new URL(address);
  const prefix = /^\/vorschau\/[A-Za-z0-9_-]{22}/.exec(pathname)![0];
  const posts: string[] = [];
  const requested: string[] = [];
  tab.on("request", (request) => {
    const { pathname: path } = new URL(request.url());
    requested.push(path);
    if (request.method() === "POST") posts.push(path);
  });
  await tab.goto(`${origin}${prefix}/`);
  await hydrate(tab);
  const banner = tab.locator("[data-preview-banner]");
  await expect(banner).toContainText(PREVIEW_BANNER_TITLE);
  // The change's name says neither who made it nor anything else about the person (digests of both).
  await expect(banner).toContainText(/inhalte-[0-9a-f]{12}-[0-9a-f]{12}/);
  await expect(banner).not.toContainText(/anna|schmidt/i);
  await expect(banner.getByRole("link", { name: "Veröffentlichte Seite ansehen →" })).toHaveAttribute("href", "/");

  // A link of the header, followed by Gatsby in the page: the address and the page data stay in the preview.
  await tab.getByRole("navigation").first().getByRole("link", { name: ROUTES.movement.navLabel, exact: true }).click();
  await expect(tab).toHaveURL(`${origin}${prefix}${ROUTES.movement.path}`);
  expect(requested).toContain(`${prefix}${pageDataPath(ROUTES.movement.path)}`);
  expect(requested.filter((path) => !path.startsWith(`${prefix}/`) && path !== prefix)).toEqual([]);
  await expect(tab.locator("[data-preview-banner]")).toBeVisible();
  await expect(tab.locator("[data-preview-banner]").getByRole("link")).toHaveAttribute("href", ROUTES.movement.path);

  // The info form on the preview's start page: sent to the preview's own endpoint, refused with a note.
  await tab.goto(`${origin}${prefix}/`);
  await hydrate(tab);
  const form = tab.locator("#info-form form");
  await expect(form).toHaveAttribute("action", `${prefix}/api/leads`);
  await form.getByLabel("Dein Vorname").fill("Markus");
  await form.getByLabel("Deine E-Mail-Adresse").fill(`markus.${Date.now()}@beispiel.de`);
  await form.getByRole("button", { name: "Kostenlos anfordern" }).click();
  await expect(tab.getByText("Das ist eine Vorschau: Formulare werden hier nicht gesendet")).toBeVisible();
  expect(posts).toEqual([`${prefix}/api/leads`]);
  await expect(tab).toHaveURL(`${origin}${prefix}/`);
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

test("an editor sees only „Inhalte“, in one row with a menu button on a phone, and gets 403 elsewhere", async ({ page }) => {
  // Two axe runs while this spec's server builds its first preview ahead: the default 30 s is tight on a busy machine.
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 800 });
  await logInAsEditor(page);
  const header = page.locator("header");
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);
  const menu = page.getByRole("button", { name: "Menü öffnen" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await shot(page, "inhalte-375");
  await menu.focus();
  const nav = page.getByRole("navigation", { name: "Verwaltung" });
  // Escape pressed right after opening, before the page has painted the menu, closes it all the same.
  await page.keyboard.press("Enter");
  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
  await page.keyboard.press("Enter");
  await expect(nav.getByRole("link")).toHaveText(["Inhalte"]);
  await shot(page, "inhalte-375-menue");
  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
  await expect(page.getByRole("button", { name: "Menü öffnen" })).toBeFocused();
  const statuses = await page.evaluate(async () => {
    const apis = ["/api/verwaltung/leads", "/api/verwaltung/anfragen", "/api/verwaltung/besucher", "/api/verwaltung/protokoll"];
    return Promise.all(apis.map(async (api) => (await fetch(api, { headers: { accept: "application/json" } })).status));
  });
  expect(statuses).toEqual([403, 403, 403, 403]);
  await page.goto(`${server.origin}${OWNER_SCREENS.leads.path}`);
  await expect(page.getByText("Diese Seite gehört nicht zu deinem Bereich.")).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});

test("an editor changes a testimonial, sees the check at the field, keeps the draft, previews it and proposes it for approval", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAsEditor(page);
  await shot(page, "inhalte-1280");
  await page.getByRole("link", { name: "Erfahrungsberichte" }).click();
  // The form library loads with this screen only; the wait allows for a machine busy with other tests.
  await expect(page.getByRole("heading", { name: "Erfahrungsberichte", level: 1 })).toBeVisible({ timeout: 15_000 });
  // Seven testimonials open folded under their names; the first opens by keyboard.
  const first = page.getByRole("button", { name: /^Eintrag 1: Markus/ });
  await expect(first).toHaveAttribute("aria-expanded", "false");
  await first.focus();
  await page.keyboard.press("Enter");
  await expect(first).toHaveAttribute("aria-expanded", "true");
  const text = page.locator("#feld_0_text");
  await expect(text).toBeVisible();
  await shot(page, "formular-1280");
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // Straight quotes: the content check's German message appears at the field while typing.
  await text.fill('Seit drei Wochen bin ich morgens "wach".');
  // The check runs on the server (0.08 s, docs/owner-area.md); the wait allows for a machine busy with other tests.
  await expect(page.locator("#feld_0_text__fehler")).toContainText("Anführungszeichen", { timeout: 15_000 });
  const changed = "Seit drei Wochen bin ich morgens „wach“ und brauche keinen zweiten Kaffee mehr.";
  await text.fill(changed);
  await expect(page.locator("#feld_0_text__fehler")).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByText("Entwurf gespeichert.")).toBeVisible();

  // A lost connection loses nothing: the change waits in the browser and is saved once it is back.
  await page.context().setOffline(true);
  await text.fill(`${changed} Offline.`);
  await expect(page.getByText(/^Keine Verbindung/)).toBeVisible({ timeout: 15_000 });
  await page.context().setOffline(false);
  await expect(page.getByText("Entwurf gespeichert.")).toBeVisible({ timeout: 15_000 });
  await text.fill(changed);
  await expect(page.getByText("Entwurf gespeichert.")).toBeVisible();

  // The draft is on the server: a reload brings it back.
  await page.reload();
  await page.getByRole("button", { name: /^Eintrag 1: Markus/ }).click();
  await expect(text).toHaveValue(changed);

  // „Vorschau“ builds a preview release of the edited file and opens the first page that shows it. Opening
  // „Inhalte“ warmed the build folder up; on an empty one the first preview waits for that build (Gatsby's
  // cache filled, the pictures made), the second is the one an editor usually waits for.
  const preview = async (expected: string, label: string, limitMs: number) => {
    const started = Date.now();
    const popup = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Vorschau" }).click();
    await expect(page.getByText(/^Die Vorschau ist fertig/)).toBeVisible({ timeout: limitMs });
    console.log(`Vorschau (${label}): fertig ${((Date.now() - started) / 1000).toFixed(1)} s nach dem Klick`);
    const tab = await popup;
    await tab.waitForURL(/\/vorschau\//);
    const pages = await page
      .locator("a[href*='/vorschau/']")
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    const shown = await Promise.all(pages.map(async (url) => (await (await fetch(url)).text()).includes(expected)));
    expect(shown, pages.join(", ")).toContain(true);
    previewPage = tab.url();
    await tab.close();
  };
  await preview(changed, "erste", 180_000);
  const again = `${changed} Jeden Tag.`;
  await text.fill(again);
  await expect(page.getByText("Entwurf gespeichert.")).toBeVisible();
  await preview(again, "zweite", 60_000);
  await text.fill(changed);
  await expect(page.getByText("Entwurf gespeichert.")).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, "formular-375");
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Testimonials are real people's words with their consent: the editor proposes, an owner approves.
  await expect(page.getByText(/^Mit Freigabe:/)).toBeVisible();
  const head = git(remote, "rev-parse", "main");
  await page.getByRole("button", { name: "Zur Freigabe vorschlagen …" }).click();
  await page.getByLabel("Was hast du geändert?").fill("Bericht von Markus aktualisiert");
  await page.getByRole("button", { name: "Vorschlag senden" }).click();
  await expect(page.getByText(/^Dein Vorschlag ist bei den Inhabern/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Dein Vorschlag wartet auf Freigabe" })).toBeVisible();
  await expect(text).toHaveValue(changed);
  await shot(page, "vorgeschlagen-1280");
  expect(git(remote, "rev-parse", "main"), "nothing is published before the approval").toBe(head);
  // The owners' mail goes out through the outbox, a moment after the answer.
  await waitForMail(server.outbox, OWNER, /^Zur Freigabe: Erfahrungsberichte/);
});

test("the owner logs in with a passkey, reads the proposal field by field and approves it into the repository", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    await logInAsEditor(page, OWNER);
    await page.goto(`${server.origin}${OWNER_SCREENS.security.path}`);
    await page.getByLabel("Name des neuen Passkeys").fill("Laptop");
    await page.getByRole("button", { name: "Passkey hinzufügen" }).click();
    await expect(page.getByRole("status")).toContainText("Passkey gespeichert");
    await page.getByRole("button", { name: "Abmelden" }).click();
    await page.getByRole("button", { name: "Mit Passkey anmelden" }).click();
    await expect(page).toHaveURL(`${server.origin}${OWNER_SCREENS.overview.path}`);

    await page.goto(`${server.origin}${OWNER_SCREENS.content.path}`);
    await page.getByRole("link", { name: /Vorschläge zur Freigabe\s*1 offen/ }).click();
    await expect(page.getByRole("heading", { name: "Vorschläge zur Freigabe", level: 1 })).toBeVisible();
    const card = page.getByRole("listitem").filter({ hasText: "Bericht von Markus aktualisiert" });
    await expect(card.getByText("Eintrag 1 (Markus) › Text")).toBeVisible();
    await expect(card.getByText("Seit drei Wochen bin ich morgens „wach“ und brauche keinen zweiten Kaffee mehr.")).toBeVisible();
    await expect(card.getByText(`Vorgeschlagen von ${EDITOR}`)).toBeVisible();
    await shot(page, "vorschlaege-1280");
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    await shot(page, "vorschlaege-375");
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth, "nothing scrolls sideways on a phone").toBeLessThanOrEqual(375);

    await card.getByRole("button", { name: "Freigeben und veröffentlichen" }).click();
    await expect(page.getByText(/ist freigegeben und veröffentlicht/)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("Im Moment wartet kein Vorschlag auf deine Freigabe.")).toBeVisible();
    expect(git(remote, "log", "-1", "--format=%an <%ae>|%s", "main")).toBe(
      "Urkraft Redaktion <kontakt@urkraft.de>|Bericht von Markus aktualisiert",
    );
    expect(git(remote, "log", "-1", "--format=%b", "main")).toMatch(/^Von der Verwaltung freigegeben\./);
    expect(JSON.parse(git(remote, "show", "main:content/testimonials.json"))[0].text).toBe(
      "Seit drei Wochen bin ich morgens „wach“ und brauche keinen zweiten Kaffee mehr.",
    );
  } finally {
    await context.close();
  }
});

test("the editor's preview in the browser: its banner, a followed link inside the preview, the refused form", async ({
  page,
}) => {
  expect(previewPage, "the preview of the test before").toMatch(/\/vorschau\//);
  await previewBehaves(page, previewPage);
});

test("an editor uploads a photo with the keyboard alone, naming where it comes from first, at 375 and 1280 px", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logInAsEditor(page);
  await page.getByRole("link", { name: "Texte der Startseite" }).click();
  await expect(page.getByRole("heading", { name: "Texte der Startseite", level: 1 })).toBeVisible({ timeout: 15_000 });
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#6b4a3a" } })
    .png()
    .toBuffer();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const open = page.getByRole("button", { name: "Neues Bild hochladen" }).first();
    await open.focus();
    await page.keyboard.press("Enter");
    const author = page.getByLabel(/^Urheber oder Quelle/);
    await expect(author).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `no sideways scrolling at ${width} px`,
    ).toBeLessThanOrEqual(width);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await shot(page, `bild-hochladen-${width}`);

    // Nothing filled in: each missing fact is named at its field, the first is focused, nothing is sent.
    await page.getByRole("button", { name: "Bild hochladen", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(author).toBeFocused();
    await expect(page.getByText(/^Bitte gib an, wer das Bild gemacht hat oder woher es stammt/)).toBeVisible();
    await expect(page.getByText(/^Bitte gib an, ob auf dem Bild eine Person zu erkennen ist/)).toBeVisible();

    // Filled in by keyboard, field after field; a recognisable person asks for the day of consent.
    const name = `markt-${width}`;
    await page.keyboard.type("Max Muster / Unsplash");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Unsplash-Lizenz");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Download-Beleg im Ordner Bildrechte");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await expect(page.getByRole("radio", { name: "Ja" })).toBeChecked();
    await page.keyboard.press("Tab");
    const consent = page.getByLabel(/^Einwilligung liegt vor am/);
    await expect(consent).toBeFocused();
    await consent.fill("2026-11-30");
    // Chromium's date field takes day, month and year one after the other: Tab walks through them, then on.
    const file = page.getByLabel(/^Bilddatei/);
    for (let step = 0; step < 4 && !(await file.evaluate((element) => element === document.activeElement)); step += 1)
      await page.keyboard.press("Tab");
    await expect(file).toBeFocused();
    // The system's file dialog is no part of the page: the file is handed to the focused field.
    await file.setInputFiles({ name: `${name}.png`, mimeType: "image/png", buffer: photo });
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Bild hochladen", exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText(`Hochgeladen und ausgewählt: ${name}.jpg`)).toBeVisible({ timeout: 30_000 });
    // The picture waits with the draft: chosen and marked, nothing in the repository yet.
    await expect(page.locator("option:checked", { hasText: `${name}.jpg (noch nicht veröffentlicht)` }).first()).toBeAttached();
    expect(git(remote, "ls-tree", "main", `content/images/${name}.jpg`), "not in the repository before publishing").toBe("");
  }
  // Publishing the page commits the picture it shows with its record, in one commit; the other upload waits on.
  await expect(page.getByText("Entwurf gespeichert.")).toBeVisible({ timeout: 15_000 });
  await page.getByRole("button", { name: "Veröffentlichen …" }).click();
  await page.getByLabel("Was hast du geändert?").fill("Neues Bild vom Markt");
  await page.getByRole("button", { name: "Jetzt veröffentlichen" }).click();
  await expect(page.getByText(/^Veröffentlicht\./)).toBeVisible({ timeout: 30_000 });
  expect(git(remote, "show", "--name-only", "--format=", "main").split("\n").sort()).toEqual([
    "content/image-credits.json",
    "content/images/markt-1280.jpg",
    "content/pages/home.json",
  ]);
  expect(JSON.parse(git(remote, "show", "main:content/image-credits.json")).images.at(-1)).toEqual({
    image: "images/markt-1280.jpg",
    kind: "Foto",
    author: "Max Muster / Unsplash",
    license: "Unsplash-Lizenz",
    proof: "Download-Beleg im Ordner Bildrechte",
    showsPerson: "ja",
    consentDate: "2026-11-30",
  });
});

test("a list entry goes to the top in one step by keyboard, and a choice shows German names, at 375 and 1280 px", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logInAsEditor(page);
  await page.getByRole("link", { name: "Prinzipien der traditionellen Ernährung" }).click();
  await expect(page.getByRole("heading", { name: "Prinzipien der traditionellen Ernährung", level: 1 })).toBeVisible({
    timeout: 15_000,
  });
  const bar = (number: number) => page.getByRole("button", { name: new RegExp(`^Eintrag ${number}: `) });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    if ((await bar(1).getAttribute("aria-expanded")) === "false") await bar(1).click();
    // The symbol is a choice of German names; the file keeps "wheat".
    const icon = page.locator("#feld_0_icon");
    await expect(icon.locator("option:checked")).toHaveText("Ähre");
    await expect(page.getByRole("button", { name: "Eintrag 1 an den Anfang" })).toBeDisabled();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `no sideways scrolling at ${width} px`,
    ).toBeLessThanOrEqual(width);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await shot(page, `liste-an-den-anfang-${width}`);
  }
  const third = (await bar(3).textContent())!.replace(/^.*Eintrag 3: /, "");
  await page.getByRole("button", { name: "Eintrag 3 an den Anfang" }).focus();
  await page.keyboard.press("Enter");
  await expect(bar(1)).toContainText(`Eintrag 1: ${third}`);
  await expect(bar(1)).toBeFocused();
  await expect(page.getByText("Entwurf gespeichert.")).toBeVisible({ timeout: 15_000 });
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Änderungen verwerfen" }).click();
  await expect(bar(1)).toContainText("Eintrag 1: Regional und saisonal", { timeout: 15_000 });
});
