import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { simpleParser, type ParsedMail } from "mailparser";
import { E2E_DATA_DIR } from "../playwright.config";

/** The server runs without SMTP_URL here, so every mail is an .eml file in DATA_DIR/outbox. */
const OUTBOX = path.join(E2E_DATA_DIR, "outbox");

async function mailsTo(address: string): Promise<ParsedMail[]> {
  const files = await readdir(OUTBOX).catch(() => [] as string[]);
  const mails = await Promise.all(
    files.filter((file) => file.endsWith(".eml")).map(async (file) => simpleParser(await readFile(path.join(OUTBOX, file)))),
  );
  return mails.filter((mail) => !Array.isArray(mail.to) && mail.to?.value.some((to) => to.address === address));
}

async function waitForMail(address: string, subject: RegExp): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(async () => {
      found = (await mailsTo(address)).find((mail) => subject.test(mail.subject ?? ""));
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

/** A link from a mail, opened on the server under test (mails point to the public address). */
function onThisServer(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

test("double opt-in: the lead form, the confirmation mail's link, the confirmation page and the welcome mail", async ({
  page,
}) => {
  const email = `doi.${Date.now()}.${Math.floor(Math.random() * 1e6)}@beispiel.de`;
  await page.goto("/");
  await expect(page.locator("form[novalidate]")).toHaveCount(1);
  const form = page.locator('#info-form form[action="/api/leads"]');
  await form.getByLabel("Dein Vorname").fill("Bernd");
  await form.getByLabel("Deine E-Mail-Adresse").fill(email);
  await form.getByRole("button", { name: "Kostenlos anfordern" }).click();
  await page.waitForURL("**/danke-willkommen");

  const confirmation = await waitForMail(email, /bestätige deine Anmeldung/);
  const link = /https?:\/\/\S+\/api\/leads\/confirm\?token=[\w-]+/.exec(confirmation.text ?? "")?.[0];
  expect(link, "the confirmation mail carries a link").toBeTruthy();
  expect((await mailsTo(email)).length, "nothing but the confirmation request before the click").toBe(1);

  await page.goto(onThisServer(link!));
  await expect(page).toHaveURL(/\/anmeldung-bestaetigt$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Willkommen");

  // Only a confirmed lead gets the welcome mail, with links into the site and a way out.
  const welcome = await waitForMail(email, /^Willkommen bei/);
  expect(welcome.text).toContain("/gesunde-rezepte");
  expect(welcome.text).toMatch(/\/api\/leads\/unsubscribe\?token=[\w-]+/);

  await page.goto(onThisServer(link!));
  await expect(page).toHaveURL(/\/link-ungueltig$/);
  await expect(page.getByRole("link", { name: "Neu anmelden" })).toHaveAttribute("href", "/#info-form");
});
