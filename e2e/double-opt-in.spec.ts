import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test, type Page } from "@playwright/test";
import { budgetFailures } from "../rig/audit/budgets";
import { hydrate, measurePage } from "../rig/audit/measure";
import { mailsTo, ownEnv, startOwnServer, stopOwnServer, waitForMail, type OwnServer } from "./support/own-server";
import { mailSubjectPattern } from "../server/test-support/mail-copy";
import { ROUTES } from "../common/routes";
import { fillCopy } from "../src/components/sections/fill-copy";
import { entryArgs } from "../server/test-support/entry-points";

/** A page's copy as the editors wrote it, placeholders filled from site.json. */
const copyOf = (file: string): any => {
  const read = (name: string) => JSON.parse(readFileSync(path.join(__dirname, "..", "content", name), "utf8"));
  return fillCopy(read(file), read("site.json"));
};
const confirmPage = copyOf(ROUTES.confirmSignup.content);
const confirmedPage = copyOf(ROUTES.signupConfirmed.content);
const invalidLinkPage = copyOf(ROUTES.invalidLink.content);
const unsubscribePage = copyOf(ROUTES.unsubscribe.content);

/**
 * This test runs its own server on a fresh embedded database: PGlite admits one process per data folder,
 * and the lead must afterwards be read with the site owner's command line, which opens that folder
 * itself once the server has stopped. Without SMTP_URL every mail is an .eml file in DATA_DIR/outbox.
 */
const ROOT = path.resolve(__dirname, "..");

const run = promisify(execFile);

/** A server of this test's own; on restart the same port and data folder. Links in mails point to it. */
function startServer(restart?: OwnServer): Promise<OwnServer> {
  return startOwnServer({ restart, env: (port) => ({ SITE_URL: `http://127.0.0.1:${port}` }) });
}

/** Where the lead form sends one visitor, as a person fills it in. */
async function signUp(page: Page, server: OwnServer, name: string, email: string): Promise<void> {
  await page.goto(`${server.origin}/`);
  const form = page.locator('#info-form form[action="/api/leads"]');
  await form.getByLabel("Dein Vorname").fill(name);
  await form.getByLabel("Deine E-Mail-Adresse").fill(email);
  await form.getByRole("button", { name: "Kostenlos anfordern" }).click();
  await page.waitForURL("**/danke-willkommen", { timeout: 30_000 });
}

/** Brings the person's first plan mail forward to now, with the server stopped (PGlite has one opener). */
async function bringFirstPlanMailForward(server: OwnServer, email: string): Promise<void> {
  const script = `
    import { openDb } from "./server/db";
    import { loadConfig } from "./server/config";
    (async () => {
      const db = await openDb(loadConfig(process.env));
      await db.query(
        "UPDATE mail_outbox SET next_attempt_at = now() WHERE id = (SELECT id FROM mail_outbox WHERE person_email = $1 AND kind LIKE 'lead-plan-%' ORDER BY due_at LIMIT 1)",
        [process.env.PLAN_EMAIL],
      );
      await db.close();
    })();`;
  await run("npx", ["tsx", "-e", script], { cwd: ROOT, env: ownEnv(server.dataDir, { PLAN_EMAIL: email }), timeout: 120_000 });
}

interface Shown {
  leads: { email: string; status: string; submitted_at: string; confirmed_at: string | null }[];
  mails: { kind: string; status: string; due_at: string; sent_at: string | null }[];
}

async function show(server: OwnServer, email: string): Promise<Shown> {
  const { stdout } = await run(process.execPath, [...entryArgs("cli"), "show", email], {
    cwd: ROOT,
    env: ownEnv(server.dataDir),
    timeout: 120_000,
  });
  return JSON.parse(stdout) as Shown;
}

test("double opt-in: the link opens a page, only its button confirms (also without JavaScript); a plan mail's links work", async ({
  page,
  browser,
}) => {
  test.setTimeout(420_000);
  let server = await startServer();
  try {
    const outbox = path.join(server.dataDir, "outbox");
    const stamp = `${Date.now()}.${Math.floor(Math.random() * 1e6)}`;
    const email = `doi.${stamp}@beispiel.de`;
    const noScript = `ohne-js.${stamp}@beispiel.de`;

    await page.goto(`${server.origin}/`);
    await hydrate(page);
    await expect(page.locator("form[novalidate]")).toHaveCount(1);
    await signUp(page, server, "Bernd", email);

    const confirmation = await waitForMail(outbox, email, mailSubjectPattern("lead-confirmation"));
    const link = /https?:\/\/\S+\/api\/leads\/confirm\?token=[\w-]+/.exec(confirmation.text ?? "")?.[0];
    expect(link, "the confirmation mail carries a link").toBeTruthy();
    expect((await mailsTo(outbox, email)).length, "nothing but the confirmation request before the click").toBe(1);

    // A mail scanner fetches the link: HEAD, GET without and with following the redirect. Nothing is confirmed.
    const token = new URL(link!).searchParams.get("token")!;
    expect((await fetch(link!, { method: "HEAD", redirect: "manual" })).status).toBeLessThan(400);
    const scanned = await fetch(link!, { redirect: "manual" });
    expect(scanned.status).toBe(303);
    expect(scanned.headers.get("location")).toBe(`/anmeldung-bestaetigen?token=${token}`);
    const followed = await fetch(link!);
    expect(followed.status).toBe(200);
    expect(await followed.text()).toContain(`name="token" value="${token}"`);

    // The page keeps every budget of the site's pages (JavaScript, CSP, axe, nothing stored, nothing foreign).
    const measured = await measurePage(page.context(), server.origin, `/anmeldung-bestaetigen?token=${token}`);
    expect(measured.status).toBe(200);
    expect(measured.scripts.length, "scripts measured").toBeGreaterThan(0);
    expect(budgetFailures(measured)).toEqual([]);

    // The person opens the link: the page with the button, the site's look, no CSP violation.
    const cspViolations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await page.goto(link!);
    await expect(page).toHaveURL(new RegExp(`/anmeldung-bestaetigen\\?token=${token}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(confirmPage.hero.title);
    await expect(page.locator("header").first()).toBeVisible();
    await hydrate(page);
    await expect(page.locator('input[name="token"]'), "the token survives hydration").toHaveValue(token);
    expect((await mailsTo(outbox, email)).length, "opening the page sends nothing").toBe(1);
    await page.getByRole("button", { name: confirmPage.button }).click();
    await expect(page).toHaveURL(/\/anmeldung-bestaetigt$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(confirmedPage.hero.title);
    expect(cspViolations).toEqual([]);

    // Only a confirmed lead gets the welcome mail, with links into the site and a way out.
    const welcome = await waitForMail(outbox, email, mailSubjectPattern("lead-welcome"));
    expect(welcome.text).toContain(ROUTES.recipes.path);
    expect(welcome.text).toMatch(/\/api\/leads\/unsubscribe\?token=[\w-]+/);

    await page.goto(link!);
    await expect(page).toHaveURL(/\/link-ungueltig$/);
    await expect(page.getByRole("link", { name: invalidLinkPage.heroButton })).toHaveAttribute("href", "/#info-form");

    // The same with JavaScript switched off: a plain form post.
    const plain = await browser.newContext({ javaScriptEnabled: false });
    try {
      const noJs = await plain.newPage();
      await noJs.goto(`${server.origin}/`);
      const form = noJs.locator('#info-form form[action="/api/leads"]');
      await form.getByLabel("Dein Vorname").fill("Olaf");
      await form.getByLabel("Deine E-Mail-Adresse").fill(noScript);
      await form.getByRole("button", { name: "Kostenlos anfordern" }).click();
      await noJs.waitForURL("**/danke-willkommen", { timeout: 30_000 });
      const request = await waitForMail(outbox, noScript, mailSubjectPattern("lead-confirmation"));
      const noJsLink = /https?:\/\/\S+\/api\/leads\/confirm\?token=[\w-]+/.exec(request.text ?? "")![0];
      await noJs.goto(noJsLink);
      await expect(noJs.getByRole("heading", { level: 1 })).toHaveText(confirmPage.hero.title);
      await noJs.getByRole("button", { name: confirmPage.button }).click();
      await expect(noJs).toHaveURL(/\/anmeldung-bestaetigt$/);
      await waitForMail(outbox, noScript, mailSubjectPattern("lead-welcome"));
    } finally {
      await plain.close();
    }

    // The first plan mail, brought forward and sent by the restarted server; its HTML opened in the browser.
    expect(await stopOwnServer(server), `a clean shutdown:\n${server.output()}`).toBe(0);
    await bringFirstPlanMailForward(server, email);
    server = await startServer(server);
    const planMail = await waitForMail(outbox, email, mailSubjectPattern("lead-plan-day", { day: "1", days: "7" }));
    expect(planMail.html, "an HTML part").toBeTruthy();
    const html = planMail.html as string;
    const hrefs = [...html.matchAll(/<a href="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, "&"));
    const unsubscribe = hrefs.find((href) => href.includes("/api/leads/unsubscribe?token="));
    expect(unsubscribe, "an unsubscribe link").toBeTruthy();
    const pages = hrefs.filter((href) => href !== unsubscribe);
    expect(new Set(pages.map((href) => new URL(href).pathname))).toEqual(
      new Set([ROUTES.recipes.path, ROUTES.nutrition.path, ROUTES.movement.path, ROUTES.imprint.path, ROUTES.privacy.path]),
    );
    for (const [index, href] of hrefs.entries()) {
      if (href === unsubscribe) continue;
      await page.setContent(html);
      await page.locator("a[href]").nth(index).click();
      await expect(page).toHaveURL(href);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
    const unsubscribeLinkPage = `/abmelden?token=${new URL(unsubscribe!).searchParams.get("token")}`;
    expect(budgetFailures(await measurePage(page.context(), server.origin, unsubscribeLinkPage))).toEqual([]);
    await page.setContent(html);
    await page.locator("a[href]").nth(hrefs.indexOf(unsubscribe!)).click();
    await expect(page).toHaveURL(/\/abmelden\?token=[\w-]{43}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(unsubscribePage.hero.title);
    await page.getByRole("button", { name: unsubscribePage.button }).click();
    await expect(page).toHaveURL(/\/abmeldung-bestaetigt$/);

    expect(await stopOwnServer(server), `a clean shutdown:\n${server.output()}`).toBe(0);

    const shown = await show(server, email);
    expect(shown.leads).toHaveLength(1);
    const lead = shown.leads[0]!;
    expect(lead.email).toBe(email);
    expect(lead.status).toBe("unsubscribed");
    expect(lead.confirmed_at, "the time of confirmation is recorded").toBeTruthy();
    const confirmedAt = Date.parse(lead.confirmed_at!);
    expect(confirmedAt).toBeGreaterThanOrEqual(Date.parse(lead.submitted_at));
    expect(confirmedAt).toBeLessThanOrEqual(Date.now());
    // Each mail with kind, status and due time: the first plan mail sent, the other six cancelled.
    expect(shown.mails.map((mail) => [mail.kind, mail.status])).toEqual([
      ["lead-confirmation", "sent"],
      ["lead-welcome", "sent"],
      ["lead-plan-day", "sent"],
      ...Array.from({ length: 5 }, () => ["lead-plan-day", "cancelled"]),
      ["lead-plan-final", "cancelled"],
    ]);
    expect(shown.mails.every((mail) => !Number.isNaN(Date.parse(mail.due_at)))).toBe(true);

    const withoutJs = await show(server, noScript);
    expect(withoutJs.leads[0]!.status).toBe("confirmed");
    expect(withoutJs.mails.filter((mail) => mail.kind.startsWith("lead-plan-") && mail.status === "pending")).toHaveLength(7);
  } finally {
    await stopOwnServer(server);
    await rm(server.dataDir, { recursive: true, force: true });
  }
});
