import { createHash } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type Request } from "@playwright/test";
import { hydrate } from "../rig/audit/measure";
import { MESSAGE_HINTS, MESSAGES } from "../common/forms/schemas";
import { REDIRECT_DELAY_MS, THANK_YOU_PATH } from "../common/constants";
import { PAGES_UNDER_TEST } from "./routes";
import { ROUTES } from "../common/routes";
import { PROOF_FIELD, type ProofPayload } from "../common/forms/proof-of-work";

/** The thank-you page's heading, as its content file says it. */
const THANKS_HEADING = PAGES_UNDER_TEST.find((route) => route.path === THANK_YOU_PATH)!.heading;

const LEAD_FORM = 'form[action="/api/leads"]';
const CONTACT_FORM = 'form[action="/api/contact"]';

/** A fresh address per test, so repeated runs against the same database never collide. */
const uniqueEmail = (who: string) => `${who}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@beispiel.de`;

/** Every POST the page sends to `path`. */
function recordPosts(page: Page, path: string): Request[] {
  const posts: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === path) posts.push(request);
  });
  return posts;
}

/** Notes the moment of the submit inside the page; it survives Gatsby's client-side navigation. */
async function markSubmitTime(page: Page) {
  await page.evaluate(() =>
    document.addEventListener("submit", () => ((window as unknown as { submittedAt: number }).submittedAt = performance.now()), {
      capture: true,
      once: true,
    }),
  );
}

const msSinceSubmit = (page: Page) =>
  page.evaluate(() => performance.now() - (window as unknown as { submittedAt: number }).submittedAt);

/** The proof of work a post carried: a challenge of our server with the number the browser found for it. */
function expectSolvedProof(body: Record<string, unknown>) {
  const payload = JSON.parse(Buffer.from(String(body[PROOF_FIELD]), "base64").toString("utf8")) as ProofPayload;
  expect(payload.salt).toMatch(/^[0-9a-f]+\?expires=\d+&$/);
  expect(createHash("sha256").update(`${payload.salt}${payload.number}`).digest("hex")).toBe(payload.challenge);
}

async function hydrated(page: Page) {
  await hydrate(page);
  // The forms switch off browser validation once React runs; before that a click would post natively.
  await expect(page.locator("form[novalidate]")).toHaveCount(1);
}

test.describe("lead form on the home page", () => {
  test("sends valid input once, shows the sending state and reaches the thank-you page no sooner than 800 ms later", async ({
    page,
  }) => {
    const posts = recordPosts(page, "/api/leads");
    await page.goto("/");
    const form = page.locator(`#info-form ${LEAD_FORM}`);
    await hydrated(page);
    const email = uniqueEmail("markus");
    await form.getByLabel("Dein Vorname").fill("  Markus  ");
    await form.getByLabel("Deine E-Mail-Adresse").fill(email);
    await markSubmitTime(page);

    const accepted = page.waitForResponse((response) => response.url().endsWith("/api/leads"));
    await form.getByRole("button", { name: "Kostenlos anfordern" }).dblclick();
    await expect(form.getByRole("button", { name: "Wird gesendet..." })).toBeDisabled();
    expect((await accepted).status()).toBe(202);

    await page.waitForURL(`**${THANK_YOU_PATH}`);
    expect(await msSinceSubmit(page)).toBeGreaterThanOrEqual(REDIRECT_DELAY_MS);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(THANKS_HEADING);
    expect(posts).toHaveLength(1);
    expect(posts[0].headers()["content-type"]).toContain("application/json");
    // Opened without Referer: a direct visit, as the server put it into the page (common/visit-source.ts).
    // With the proof of work the browser computed once the visitor turned to the form; the server took it (202).
    expect(posts[0].postDataJSON()).toEqual({
      name: "Markus",
      email,
      website: "",
      quelle_seite: "",
      [PROOF_FIELD]: expect.any(String),
    });
    expectSolvedProof(posts[0].postDataJSON());
  });

  test("keeps what was typed before the scripts arrived and sends it as JSON once they have", async ({ page }) => {
    // The scripts start after the page has painted; here they are held back until the visitor has typed.
    let release!: () => void;
    const typed = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.js$/, async (route) => {
      await typed;
      await route.continue();
    });
    const posts = recordPosts(page, "/api/leads");
    await page.goto("/");
    const form = page.locator(`#info-form ${LEAD_FORM}`);
    await expect(page.locator("form[novalidate]")).toHaveCount(0);
    const email = uniqueEmail("frueh");
    await form.getByLabel("Dein Vorname").fill("Frank");
    await form.getByLabel("Deine E-Mail-Adresse").fill(email);
    release();
    await hydrated(page);
    await expect(form.getByLabel("Dein Vorname")).toHaveValue("Frank");
    await expect(form.getByLabel("Deine E-Mail-Adresse")).toHaveValue(email);
    await form.getByRole("button", { name: "Kostenlos anfordern" }).click();
    await page.waitForURL(`**${THANK_YOU_PATH}`);
    expect(posts).toHaveLength(1);
    expect(posts[0].headers()["content-type"]).toContain("application/json");
    expect(posts[0].postDataJSON()).toEqual({
      name: "Frank",
      email,
      website: "",
      quelle_seite: "",
      [PROOF_FIELD]: expect.any(String),
    });
    expectSolvedProof(posts[0].postDataJSON());
  });

  test("shows the spec's German messages under the fields, focuses the first, and sends nothing", async ({ page }) => {
    const posts = recordPosts(page, "/api/leads");
    await page.goto("/");
    const form = page.locator(`#info-form ${LEAD_FORM}`);
    await hydrated(page);
    const name = form.getByLabel("Dein Vorname");
    const email = form.getByLabel("Deine E-Mail-Adresse");

    await form.getByRole("button", { name: "Kostenlos anfordern" }).click();
    // The specified message first, then the hint beside it (MESSAGE_HINTS).
    await expect(name).toHaveAccessibleDescription(`${MESSAGES.leadName} ${MESSAGE_HINTS[MESSAGES.leadName]}`);
    await expect(email).toHaveAccessibleDescription(`${MESSAGES.leadEmail} ${MESSAGE_HINTS[MESSAGES.leadEmail]}`);
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toBeFocused();

    await name.fill("Markus");
    await email.fill("markus@beispiel");
    await form.getByRole("button", { name: "Kostenlos anfordern" }).click();
    await expect(form.getByText(MESSAGES.leadEmail, { exact: true })).toBeVisible();
    await expect(form.getByText(MESSAGES.leadName, { exact: true })).toHaveCount(0);
    await expect(email).toBeFocused();
    await expect(form.getByRole("button", { name: "Kostenlos anfordern" })).toBeEnabled();
    expect(posts).toHaveLength(0);
    await expect(page).toHaveURL(/\/$/);

    const axe = await new AxeBuilder({ page }).include("#info-form").analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  });

  test("shows the consent text with the privacy link beside the button", async ({ page }) => {
    await page.goto("/");
    const button = page.locator("#info-form").getByRole("button", { name: "Kostenlos anfordern" });
    await expect(button).toHaveAccessibleDescription(/jederzeit widerrufen/);
    await expect(page.locator("#info-form").getByRole("link", { name: "Datenschutzerklärung" })).toHaveAttribute(
      "href",
      ROUTES.privacy.path,
    );
  });
});

test.describe("contact form", () => {
  test("sends a message by keyboard alone and reaches the thank-you page", async ({ page }) => {
    const posts = recordPosts(page, "/api/contact");
    await page.goto(ROUTES.contact.path);
    await hydrated(page);
    const form = page.locator(CONTACT_FORM);
    const email = uniqueEmail("thomas");
    await form.getByLabel("Dein Name *").focus();
    await page.keyboard.type("Thomas Müller");
    await page.keyboard.press("Tab");
    await page.keyboard.type(email);
    await page.keyboard.press("Tab");
    await expect(form.getByLabel("Deine Nachricht *")).toBeFocused();
    await page.keyboard.type("Wie baue ich mehr Bewegung in meinen Büroalltag ein?");
    await expect(form.getByText("52/1000")).toBeVisible();
    await markSubmitTime(page);

    const accepted = page.waitForResponse((response) => response.url().endsWith("/api/contact"));
    await page.keyboard.press("Tab");
    await expect(form.getByRole("button", { name: "Nachricht senden" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(form.getByRole("button", { name: "Wird gesendet..." })).toBeDisabled();
    expect((await accepted).status()).toBe(202);

    await page.waitForURL(`**${THANK_YOU_PATH}`);
    expect(await msSinceSubmit(page)).toBeGreaterThanOrEqual(REDIRECT_DELAY_MS);
    expect(posts).toHaveLength(1);
    expect(posts[0].postDataJSON()).toEqual({
      name: "Thomas Müller",
      email,
      message: "Wie baue ich mehr Bewegung in meinen Büroalltag ein?",
      website: "",
      quelle_seite: "",
      [PROOF_FIELD]: expect.any(String),
    });
    expectSolvedProof(posts[0].postDataJSON());
  });

  test("shows all three German messages, keeps the input limits, and passes axe with errors shown", async ({ page }) => {
    const posts = recordPosts(page, "/api/contact");
    await page.goto(ROUTES.contact.path);
    await hydrated(page);
    const form = page.locator(CONTACT_FORM);
    await form.getByLabel("Deine Nachricht *").fill("   ");
    await form.getByRole("button", { name: "Nachricht senden" }).click();

    await expect(form.getByLabel("Dein Name *")).toHaveAccessibleDescription(new RegExp(escape(MESSAGES.contactName)));
    await expect(form.getByLabel("Deine E-Mail *")).toHaveAccessibleDescription(new RegExp(escape(MESSAGES.contactEmail)));
    await expect(form.getByLabel("Deine Nachricht *")).toHaveAccessibleDescription(new RegExp(escape(MESSAGES.contactMessage)));
    await expect(form.getByLabel("Dein Name *")).toBeFocused();

    await form.getByLabel("Dein Name *").fill("N".repeat(150));
    await expect(form.getByLabel("Dein Name *")).toHaveValue("N".repeat(100));
    await form.getByLabel("Deine Nachricht *").fill("M".repeat(1200));
    await expect(form.getByText("1000/1000")).toBeVisible();
    expect(posts).toHaveLength(0);

    const axe = await new AxeBuilder({ page }).include("form").analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the lead form posts natively and the server's 303 leads to the thank-you page", async ({ page }) => {
    await page.goto("/");
    const form = page.locator(`#info-form ${LEAD_FORM}`);
    await expect(form).not.toHaveAttribute("novalidate");
    await form.getByLabel("Dein Vorname").fill("Markus");
    await form.getByLabel("Deine E-Mail-Adresse").fill(uniqueEmail("ohne-js"));
    const posted = page.waitForRequest((request) => request.method() === "POST" && request.url().endsWith("/api/leads"));
    await form.getByRole("button", { name: "Kostenlos anfordern" }).click();
    const request = await posted;
    expect(request.headers()["content-type"]).toContain("application/x-www-form-urlencoded");
    expect((await request.response())?.status()).toBe(303);
    await page.waitForURL(`**${THANK_YOU_PATH}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(THANKS_HEADING);
  });

  test("the browser itself stops an e-mail that breaks the pattern", async ({ page }) => {
    const posts = recordPosts(page, "/api/leads");
    await page.goto("/");
    const form = page.locator(`#info-form ${LEAD_FORM}`);
    await form.getByLabel("Dein Vorname").fill("Markus");
    await form.getByLabel("Deine E-Mail-Adresse").fill("markus@beispiel");
    // The pattern attribute at work: the browser marks the field invalid and refuses to send.
    await expect(form.locator('input[name="email"]:invalid')).toHaveCount(1);
    await expect(form.locator('input[name="name"]:valid')).toHaveCount(1);
    await form.getByRole("button", { name: "Kostenlos anfordern" }).click();
    await page.waitForTimeout(500);
    expect(posts).toHaveLength(0);
    await expect(page).toHaveURL(/\/$/);
  });

  test("the contact form posts natively and reaches the thank-you page", async ({ page }) => {
    await page.goto(ROUTES.contact.path);
    const form = page.locator(CONTACT_FORM);
    await form.getByLabel("Dein Name *").fill("Thomas");
    await form.getByLabel("Deine E-Mail *").fill(uniqueEmail("kontakt-ohne-js"));
    await form.getByLabel("Deine Nachricht *").fill("Eine Frage zu den Rezepten.");
    await form.getByRole("button", { name: "Nachricht senden" }).click();
    await page.waitForURL(`**${THANK_YOU_PATH}`);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
