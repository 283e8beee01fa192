/**
 * The owner area's login as a person does it: the address on the login page, the link from the mail, „Anmelden“.
 */
import { expect, type Page } from "@playwright/test";
import { OWNER_LOGIN_PATH } from "../../common/routes";
import { mailSubjectPattern } from "../../server/test-support/mail-copy";
import { mailsTo, onServer, type OwnServer } from "./own-server";

export async function logInByLink(page: Page, server: OwnServer, email: string): Promise<void> {
  const loginMails = async () =>
    (await mailsTo(server.outbox, email)).filter((mail) => mailSubjectPattern("owner-login").test(mail.subject ?? ""));
  const before = (await loginMails()).length;
  await page.goto(`${server.origin}${OWNER_LOGIN_PATH}`);
  await page.getByLabel("Deine E-Mail-Adresse").fill(email);
  await page.getByRole("button", { name: "Anmeldelink schicken" }).click();
  await expect.poll(async () => (await loginMails()).length, { timeout: 30_000 }).toBe(before + 1);
  const mail = (await loginMails())[before]!;
  const link = new RegExp(`https?://\\S+${OWNER_LOGIN_PATH}\\?token=[A-Za-z0-9_-]{43}`).exec(mail.text ?? "")![0];
  await page.goto(onServer(server, link));
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}
