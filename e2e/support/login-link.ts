/**
 * Logging into the owner area as its people do without a passkey: the address on the login page, the link
 * from the mail (read from the server's outbox and opened on the server under test), „Anmelden“.
 */
import { expect, type Page } from "@playwright/test";
import { mailSubjectPattern } from "../../server/test-support/mail-copy";
import { OWNER_LOGIN_PATH } from "../../common/routes";
import { mailsTo } from "./own-server";

export async function logInByLink(page: Page, server: { origin: string; outbox: string }, who: string): Promise<void> {
  const loginMails = async () =>
    (await mailsTo(server.outbox, who)).filter((mail) => mailSubjectPattern("owner-login").test(mail.subject ?? ""));
  const before = (await loginMails()).length;
  await page.goto(`${server.origin}${OWNER_LOGIN_PATH}`);
  await page.getByLabel("Deine E-Mail-Adresse").fill(who);
  await page.getByRole("button", { name: "Anmeldelink schicken" }).click();
  await expect.poll(async () => (await loginMails()).length, { timeout: 30_000 }).toBe(before + 1);
  const mail = (await loginMails())[before]!;
  const link = new URL(new RegExp(`https?://\\S+${OWNER_LOGIN_PATH}\\?token=[A-Za-z0-9_-]{43}`).exec(mail.text ?? "")![0]);
  await page.goto(`${server.origin}${link.pathname}${link.search}`);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
}
