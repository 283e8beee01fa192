/**
 * The owner area in a real browser against a real server of its own on PostgreSQL (so the test can age a
 * request), with the outbox as .eml files: a visitor writes, the owner gets the notification, logs in by
 * link, answers, and the answer threads to the acknowledgement; overdue requests and their one reminder;
 * a passkey login with Chromium's virtual authenticator; export, person view and erasure in the audit
 * log; the fresh login that reading all confirmed leads and sending a newsletter ask for; spam shown apart
 * and erased together; logout; axe on every owner page.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { hydrate } from "../rig/audit/measure";
import pg from "pg";
import { freshDatabase } from "./support/own-database";
import site from "../content/site.json";
import { mailsTo, onServer, startOwnServer, stopOwnServer, waitForMail, type OwnServer } from "./support/own-server";
import { mailSubject, mailSubjectPattern } from "../server/test-support/mail-copy";
import { OWNER_LOGIN_PATH, OWNER_SCREENS, ownerRequestPath, ROUTES } from "../common/routes";

const OWNER = "inhaber@urkraft-test.de";
const DATABASE = "urkraft_e2e_owner";

let server: OwnServer;
let sql: pg.Client;
let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  database = await freshDatabase(DATABASE);
  const databaseUrl = database.url;
  server = await startOwnServer({
    host: "localhost",
    env: { DATABASE_URL: databaseUrl, OWNER_EMAILS: OWNER, MAIL_POLL_INTERVAL: "1s", MAIL_REMINDER_INTERVAL: "1s" },
  });
  sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
});

test.afterAll(async () => {
  await sql?.end();
  if (server) await stopOwnServer(server);
  await database?.drop();
});

/** Asks for a login link on the page and follows it from the mail, then presses "Anmelden". */
async function logInByLink(page: Page, byKeyboard = false): Promise<void> {
  const loginMails = async () =>
    (await mailsTo(server.outbox, OWNER)).filter((mail) => mailSubjectPattern("owner-login").test(mail.subject ?? ""));
  const before = (await loginMails()).length;
  await page.goto(`${server.origin}${OWNER_LOGIN_PATH}`);
  const field = page.getByLabel("Deine E-Mail-Adresse");
  if (byKeyboard) {
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    // The login screen is a chunk of its own: a visitor tabs once it is there.
    await expect(field).toBeEditable();
    await page.keyboard.press("Tab"); // skip link
    await page.keyboard.press("Tab");
    await expect(field).toBeFocused();
    await page.keyboard.type(OWNER);
    await page.keyboard.press("Enter");
  } else {
    await field.fill(OWNER);
    await page.getByRole("button", { name: "Anmeldelink schicken" }).click();
  }
  await expect(page.getByRole("status")).toContainText("Anmeldelink unterwegs");
  await expect.poll(async () => (await loginMails()).length, { timeout: 30_000 }).toBe(before + 1);
  const mail = (await loginMails())[before]!;
  const link = new RegExp(`https?://\\S+${OWNER_LOGIN_PATH}\\?token=[A-Za-z0-9_-]{43}`).exec(mail.text ?? "")![0];
  await page.goto(onServer(server, link));
  const button = page.getByRole("button", { name: "Anmelden", exact: true });
  if (byKeyboard) {
    await button.focus();
    await page.keyboard.press("Enter");
  } else {
    await button.click();
  }
  await expect(page).toHaveURL(`${server.origin}${OWNER_SCREENS.overview.path}`);
  await expect(page.getByRole("heading", { name: "Übersicht" })).toBeVisible();
}

/** On a phone the menu sits behind its button: open it first. */
async function openSection(page: Page, name: string) {
  const menu = page.getByRole("button", { name: "Menü öffnen" });
  if (await menu.isVisible()) await menu.click();
  return page.getByRole("navigation", { name: "Verwaltung" }).getByRole("link", { name, exact: true }).click();
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

test("a contact request is answered from the owner area and the answer threads to the acknowledgement", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const visitor = `besucher.${Date.now()}@beispiel.de`;
  await page.goto(`${server.origin}${ROUTES.contact.path}`);
  await hydrate(page);
  await page.getByLabel("Dein Name *").fill("Jürgen Groß");
  await page.getByLabel("Deine E-Mail *").fill(visitor);
  await page.getByLabel("Deine Nachricht *").fill("Wie fange ich am besten an?");
  await page.getByRole("button", { name: "Nachricht senden" }).click();
  await expect(page).toHaveURL(/\/danke-willkommen$/);

  const notification = await waitForMail(server.outbox, site.email, mailSubjectPattern("contact-notification"), (mail) =>
    (mail.text ?? "").includes(visitor),
  );
  expect(notification.text).not.toContain("Wie fange ich am besten an?");
  const requestLink = new RegExp(`https?://\\S+${OWNER_SCREENS.requests.path}/\\d+`).exec(notification.text ?? "")![0];

  // Not logged in yet: the request's link leads to the login page.
  await page.goto(onServer(server, requestLink));
  await expect(page).toHaveURL(new RegExp(`${OWNER_LOGIN_PATH}$`));
  await logInByLink(page, true);

  await page.goto(onServer(server, requestLink));
  await expect(page.getByRole("heading", { name: "Anfrage von Jürgen Groß" })).toBeVisible();
  await expect(page.getByTestId("request-status")).toHaveText("offen");
  await expect(page.getByText("Wie fange ich am besten an?")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Antwort an Jürgen Groß").fill("Hallo Jürgen,\nfang mit Tag 1 an: fünf Minuten zügig gehen.");
  await page.getByRole("button", { name: "Antwort senden" }).click();
  await expect(page.getByRole("status")).toContainText("Deine Antwort ist unterwegs");
  await expect(page.getByTestId("request-status")).toContainText("beantwortet");

  const acknowledgement = await waitForMail(server.outbox, visitor, mailSubjectPattern("contact-acknowledgment"));
  const answer = await waitForMail(server.outbox, visitor, mailSubjectPattern("contact-reply"));
  // The answer's subject names the acknowledgement's, as contact-reply.md writes it (e.g. "Re: …").
  expect(answer.subject).toBe(mailSubject("contact-reply", { originalSubject: acknowledgement.subject ?? "" }));
  expect(answer.inReplyTo).toBe(acknowledgement.messageId);
  expect(answer.references).toContain(acknowledgement.messageId);
  expect(answer.text).toContain("fang mit Tag 1 an");
  expect(answer.from?.value[0]?.address).toBe(site.mailFrom.address);

  await openSection(page, "Anfragen");
  await page.getByRole("button", { name: "Beantwortet" }).click();
  await expect(page.getByRole("link", { name: /Jürgen Groß/ })).toBeVisible();
});

test("a request past the promised time is shown overdue and brings exactly one reminder", async ({ page }) => {
  test.setTimeout(90_000);
  const email = `alt.${Date.now()}@beispiel.de`;
  const { rows } = await sql.query<{ id: number }>(
    `INSERT INTO contact_requests (name, email, message, form_page, submitted_at)
     VALUES ('Karl Alt', $1, 'Noch keine Antwort?', '/kontakt-unterstuetzung', now() - interval '25 hours') RETURNING id`,
    [email],
  );
  const id = rows[0]!.id;
  await logInByLink(page);
  await expect(page.getByRole("alert")).toContainText("länger als 24 Stunden");
  await openSection(page, "Anfragen");
  const entry = page.getByRole("link", { name: /Karl Alt/ });
  await expect(entry).toContainText("überfällig");
  await expect(entry).toContainText("vor 25 Std.");
  await expectNoAxeViolations(page);

  const reminder = await waitForMail(server.outbox, OWNER, mailSubjectPattern("owner-reminder", { name: "Karl Alt" }));
  expect(reminder.text).toContain(ownerRequestPath(id));
  // Several more reminder rounds pass (one a second): still exactly one.
  await page.waitForTimeout(3_000);
  const reminders = (await mailsTo(server.outbox, OWNER)).filter((mail) => mail.subject === reminder.subject);
  expect(reminders).toHaveLength(1);
});

test("export, person view and erasure are done and written to the audit log", async ({ page }) => {
  test.setTimeout(90_000);
  await sql.query(
    `INSERT INTO leads (email, name, form_page, consent_text_version, privacy_version, status, confirmed_at)
     VALUES ('lena.export@beispiel.de', 'Lena Export', '/', '2026-11-21', 'p1', 'confirmed', now()),
            ('erna.loeschen@beispiel.de', 'Erna Löschen', '/', '2026-11-21', 'p1', 'confirmed', now())`,
  );
  await sql.query(
    "INSERT INTO lead_consents (lead_id, form_page, submitted_at, consent_text_version, privacy_version, confirmed_at) SELECT id, '/', now(), '2026-11-21', 'p1', now() FROM leads WHERE email = 'erna.loeschen@beispiel.de'",
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInByLink(page);
  await expectNoAxeViolations(page);

  await openSection(page, "Anmeldungen");
  await expect(page.getByText("lena.export@beispiel.de")).toBeVisible();
  await expectNoAxeViolations(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Bestätigte Anmeldungen als CSV herunterladen" }).click(),
  ]);
  const csv = await download.path().then((file) => import("node:fs/promises").then((fs) => fs.readFile(file!, "utf8")));
  expect(csv.split("\r\n")[0]).toBe("email,firstname,lastname,name,opt_in_time,opt_in_page,consent_version,privacy_version");
  expect(csv).toContain("lena.export@beispiel.de,Lena,Export,Lena Export,");

  await openSection(page, "Person");
  await page.getByLabel("E-Mail-Adresse", { exact: true }).fill("erna.loeschen@beispiel.de");
  await page.getByRole("button", { name: "Anzeigen" }).click();
  await expect(page.getByRole("heading", { name: "Einwilligungsnachweise (1)" })).toBeVisible();
  await expectNoAxeViolations(page);
  const erase = page.getByRole("button", { name: "Endgültig löschen" });
  await expect(erase).toBeDisabled();
  await page.getByLabel("Adresse zur Bestätigung").fill("erna.loeschen@beispiel.de");
  await erase.click();
  await expect(page.getByRole("status")).toContainText("Gelöscht: 1 Anmeldung,");
  // What the tool cannot erase is the owner's to do: mailbox, an imported newsletter list, backups, the answer.
  const checklist = page.getByRole("region", { name: "Noch zu tun für erna.loeschen@beispiel.de" });
  await expect(checklist.getByRole("listitem")).toHaveCount(4);
  await expect(checklist).toContainText("Ordner „Gesendet“");
  await expect(checklist).toContainText("Art. 12 Abs. 3 DSGVO");
  const left = await sql.query("SELECT 1 FROM leads WHERE email = 'erna.loeschen@beispiel.de'");
  expect(left.rows).toHaveLength(0);

  await openSection(page, "Protokoll");
  const log = page.getByRole("table");
  await expect(log).toContainText("Anmeldungen exportiert");
  await expect(log).toContainText("Person angesehen");
  await expect(log).toContainText("Person gelöscht");
  await expect(log).toContainText("e***@beispiel.de");
  await expect(log).not.toContainText("erna.loeschen@beispiel.de");
  await expectNoAxeViolations(page);

  await openSection(page, "Webhooks");
  await expect(page.getByText("Keine Webhooks eingerichtet.", { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
});

/** The owner's login as older than the minutes a sensitive action allows (the session itself stays valid). */
async function ageLogin(): Promise<void> {
  await sql.query("UPDATE owner_sessions SET confirmed_at = now() - interval '10 minutes'");
}

/** In the dialog that asks for a fresh login: a new link, opened in a second tab of this browser, then „Erneut versuchen“. */
async function confirmByNewLink(page: Page): Promise<void> {
  const dialog = page.getByRole("alertdialog", { name: "Bitte bestätige deine Anmeldung" });
  const loginMails = async () =>
    (await mailsTo(server.outbox, OWNER)).filter((mail) => mailSubjectPattern("owner-login").test(mail.subject ?? ""));
  const before = (await loginMails()).length;
  await dialog.getByRole("button", { name: "Neuen Anmeldelink schicken" }).click();
  await expect.poll(async () => (await loginMails()).length, { timeout: 30_000 }).toBe(before + 1);
  const mail = (await loginMails())[before]!;
  const link = new RegExp(`https?://\\S+${OWNER_LOGIN_PATH}\\?token=[A-Za-z0-9_-]{43}`).exec(mail.text ?? "")![0];
  const tab = await page.context().newPage();
  await tab.goto(onServer(server, link));
  await tab.getByRole("button", { name: "Anmelden", exact: true }).click();
  await expect(tab.getByRole("heading", { name: "Übersicht" })).toBeVisible();
  await tab.close();
  await dialog.getByRole("button", { name: "Erneut versuchen" }).click();
  await expect(dialog).toHaveCount(0);
}

test("reading the confirmed leads and sending a newsletter ask for a fresh login; spam is shown apart and erased together", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await sql.query(
    `INSERT INTO leads (email, name, form_page, consent_text_version, privacy_version, status, confirmed_at)
     VALUES ('rita.bestaetigt@beispiel.de', 'Rita Bestätigt', '/', '2026-11-21', 'p1', 'confirmed', now())`,
  );
  await sql.query(
    `INSERT INTO contact_requests (name, email, message, form_page, spam)
     VALUES ('Karl Echt', 'karl.echt@beispiel.de', 'Wie fange ich mit der Bewegung im Alltag an?', '/kontakt-unterstuetzung', NULL),
            ('Gewinner', 'bot.spam@beispiel.de', 'Sie haben gewonnen', '/kontakt-unterstuetzung', 'ohne Aufruf einer Seite gesendet')`,
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInByLink(page);
  const dialog = page.getByRole("alertdialog", { name: "Bitte bestätige deine Anmeldung" });

  // The confirmed leads, page by page, are what the export gives: only after a fresh login, and audited.
  await ageLogin();
  await openSection(page, "Anmeldungen");
  await page.getByRole("button", { name: "Bestätigt", exact: true }).click();
  await expect(dialog).toBeVisible();
  await expect(page.getByText("rita.bestaetigt@beispiel.de")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await confirmByNewLink(page);
  await expect(page.getByText("rita.bestaetigt@beispiel.de")).toBeVisible();
  const read = await sql.query("SELECT 1 FROM audit_log WHERE action = 'leads-read'");
  expect(read.rows.length).toBeGreaterThan(0);

  // Sending a newsletter to every confirmed lead: a fresh login first, then every owner hears of it.
  await ageLogin();
  await openSection(page, "Newsletter");
  await page.locator("#nl-subject").fill("Drei neue Rezepte für die Woche");
  await page.locator("#nl-body").fill("Hallo {{name}},\n\ndiese Woche gibt es drei neue Rezepte zum Ausprobieren.");
  await page.getByRole("button", { name: "Vorschau zeigen" }).click();
  await page.getByRole("button", { name: "Jetzt an alle senden" }).click();
  await expect(dialog).toBeVisible();
  const scheduled = () => sql.query("SELECT 1 FROM newsletters WHERE status <> 'draft'").then((result) => result.rows.length);
  expect(await scheduled()).toBe(0);
  await confirmByNewLink(page);
  await expect.poll(scheduled, { timeout: 15_000 }).toBe(1);
  await expect
    .poll(
      async () =>
        (await mailsTo(server.outbox, OWNER)).filter((mail) => /^Newsletter geplant: Drei neue Rezepte/.test(mail.subject ?? ""))
          .length,
      {
        timeout: 30_000,
      },
    )
    .toBe(1);

  // Requests that look automated: only under „Spam“, and erased together.
  await openSection(page, "Anfragen");
  await expect(page.getByText("karl.echt@beispiel.de")).toBeVisible();
  await expect(page.getByText("bot.spam@beispiel.de")).toHaveCount(0);
  await page.getByRole("button", { name: "Spam", exact: true }).click();
  await expect(page.getByText("bot.spam@beispiel.de")).toBeVisible();
  await expect(page.getByText("karl.echt@beispiel.de")).toHaveCount(0);
  await expectNoAxeViolations(page);
  page.once("dialog", (question) => void question.accept());
  await page.getByRole("button", { name: "Allen Spam löschen" }).click();
  await expect(page.getByText("bot.spam@beispiel.de")).toHaveCount(0);
  await expect.poll(async () => (await sql.query("SELECT 1 FROM contact_requests WHERE spam IS NOT NULL")).rows.length).toBe(0);
  expect((await sql.query("SELECT 1 FROM contact_requests WHERE email = 'karl.echt@beispiel.de'")).rows).toHaveLength(1);
});

test("a passkey is added, used to log in, listed and removed; logout ends the session", async ({ page }) => {
  test.setTimeout(90_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  await logInByLink(page);
  await openSection(page, "Sicherheit");
  await expect(page.getByText("Noch kein Passkey angelegt.")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Name des neuen Passkeys").fill("Testgerät");
  await page.getByRole("button", { name: "Passkey hinzufügen" }).click();
  await expect(page.getByRole("status")).toContainText("Passkey gespeichert");
  await expect(page.getByText("Testgerät", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Abmelden" }).click();
  await expect(page).toHaveURL(`${server.origin}${OWNER_LOGIN_PATH}`);
  const afterLogout = await page.request.get(`${server.origin}/api/verwaltung/sitzung`);
  expect(afterLogout.status()).toBe(401);
  await page.goto(`${server.origin}${OWNER_SCREENS.overview.path}`);
  await expect(page).toHaveURL(`${server.origin}${OWNER_LOGIN_PATH}`);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Mit Passkey anmelden" }).click();
  await expect(page).toHaveURL(`${server.origin}${OWNER_SCREENS.overview.path}`);
  const session = await page.request.get(`${server.origin}/api/verwaltung/sitzung`);
  expect((await session.json()).method).toBe("passkey");

  // Six minutes later removing it needs a confirmation, given with the passkey on the spot.
  await sql.query("UPDATE owner_sessions SET confirmed_at = now() - interval '6 minutes'");
  await openSection(page, "Sicherheit");
  await page.getByRole("button", { name: "„Testgerät“ entfernen" }).click();
  await expect(page.getByRole("heading", { name: "Bitte bestätige deine Anmeldung" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Mit Passkey bestätigen" }).click();
  await expect(page.getByText("Noch kein Passkey angelegt.")).toBeVisible();
  const audit = await sql.query<{ action: string }>("SELECT action FROM audit_log ORDER BY id");
  expect(audit.rows.map((row) => row.action)).toEqual(
    expect.arrayContaining(["passkey-added", "logout", "login-confirmed", "passkey-removed"]),
  );
});

test("public pages set no cookie and use no storage for a logged-in owner", async ({ page }) => {
  await logInByLink(page);
  const cookiesBefore = await page.context().cookies();
  expect(cookiesBefore.map((cookie) => cookie.name)).toEqual(["__Host-urkraft-verwaltung"]);
  for (const path of ["/", ROUTES.contact.path, ROUTES.privacy.path]) {
    const response = await page.goto(`${server.origin}${path}`);
    expect(response?.headers()["set-cookie"]).toBeUndefined();
    const storage = await page.evaluate(() => localStorage.length + sessionStorage.length);
    expect(storage).toBe(0);
  }
  expect((await page.context().cookies()).map((cookie) => cookie.name)).toEqual(["__Host-urkraft-verwaltung"]);
});
