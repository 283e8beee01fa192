/**
 * „Inhalte“'s ways around a plain „Veröffentlichen“ in a real browser, against a server of its own whose content
 * repository is a local bare repository (CONTENT_GIT_REMOTE), with an editor logged in by link:
 * - „Später veröffentlichen“: the change is planned for a time, listed with that time, and when it is cancelled
 *   it is the editor's draft again;
 * - someone else changed the file meanwhile (a commit pushed to the repository by the test): the field only they
 *   changed merges by itself, the field both changed stands side by side in the conflict card, and after the
 *   merged draft is published the card is gone;
 * - the history: „Fassung ansehen“ shows an old version (what restoring it would change) and builds a preview of
 *   the site with it, and „Zurücksetzen“ names the pending draft it discards before anything is restored.
 * Each at 1280 and 375 px with axe finding nothing; screenshots into SCREENSHOT_DIR when it is set.
 */
import { logInByLink } from "./support/login-link";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startOwnServer, stopOwnServer, type OwnServer } from "./support/own-server";
import { berlinTimeIn, git, seedContentRemote } from "../server/test-support/content-remote";
import { ownerContentFilePath } from "../common/routes";

const EDITOR = "anna.schmidt@urkraft-test.de";
const OWNER = "inhaber@urkraft-test.de";
const FILE = "faq.json";
const TITLE = "Häufige Fragen (Kontaktseite)";
const SHOTS = process.env.SCREENSHOT_DIR;

type Faq = { question: string; answer: string }[];

let server: OwnServer;
let dir: string;
let remote: string;
let other: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dir = mkdtempSync(path.join(os.tmpdir(), "urkraft-e2e-ablauf-"));
  ({ remote, other } = seedContentRemote(dir));
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

async function logIn(page: Page): Promise<void> {
  await logInByLink(page, server, EDITOR);
  await expect(page.getByRole("heading", { name: "Inhalte", level: 1 })).toBeVisible();
}

async function openFaq(page: Page): Promise<void> {
  await page.goto(`${server.origin}${ownerContentFilePath(FILE)}`);
  // The form library loads with this screen only; the wait allows for a machine busy with other tests.
  await expect(page.getByRole("heading", { name: TITLE, level: 1 })).toBeVisible({ timeout: 15_000 });
}

/** The answer of FAQ entry `index` (0-based), unfolded first. */
async function answerField(page: Page, index: number) {
  const entry = page.getByRole("button", { name: new RegExp(`^Eintrag ${index + 1}:`) });
  if ((await entry.getAttribute("aria-expanded")) === "false") await entry.click();
  const field = page.locator(`#feld_${index}_answer`);
  await expect(field).toBeVisible();
  return field;
}

async function setAnswer(page: Page, index: number, text: string): Promise<void> {
  await (await answerField(page, index)).fill(text);
  await expect(page.getByText("Entwurf gespeichert.")).toBeVisible({ timeout: 15_000 });
}

/** A card beside the form, by its heading (the card is the heading's parent). */
const cardOf = (page: Page, heading: string) =>
  page.getByRole("heading", { name: heading, exact: true, level: 2 }).locator("xpath=..");

const faqOnMain = (): Faq => JSON.parse(git(remote, "show", `main:content/${FILE}`)) as Faq;

/** Axe finds nothing, nothing scrolls sideways, and the screen is kept when SCREENSHOT_DIR is set, at both widths. */
async function atBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `no sideways scrolling at ${width} px`,
    ).toBeLessThanOrEqual(width);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Answers the next confirmation with `accept` and gives its text. */
function nextConfirmation(page: Page, accept: boolean): Promise<string> {
  return new Promise((resolve) =>
    page.once("dialog", (dialog) => {
      resolve(dialog.message());
      void (accept ? dialog.accept() : dialog.dismiss());
    }),
  );
}

/** As the screens write a time: „24.12.2026, 18:00 Uhr“. */
const shownAs = (local: string) => {
  const [date, time] = local.split("T") as [string, string];
  const [year, month, day] = date.split("-");
  return `${day}.${month}.${year}, ${time} Uhr`;
};

test("a change planned for later is listed with its time, and cancelled it is the draft again", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page);
  await openFaq(page);
  const head = git(remote, "rev-parse", "main");
  const planned = "Meist nach zwei Wochen. Schreib uns, wenn du nach vier Wochen noch nichts merkst.";
  await setAnswer(page, 0, planned);

  await page.getByRole("button", { name: "Veröffentlichen …" }).click();
  await page.getByLabel("Was hast du geändert?").fill("Antwort zur Dauer genauer");
  await page.getByLabel("Später veröffentlichen").check();
  const due = berlinTimeIn(3 * 24 * 60);
  await page.getByLabel("Live am (Zeit in Deutschland)").fill(due);
  await page.getByRole("button", { name: "Planen" }).click();
  await expect(page.getByText(`Geplant: Deine Änderung geht am ${shownAs(due)} live.`, { exact: false })).toBeVisible({
    timeout: 30_000,
  });
  const card = cardOf(page, "Geplant");
  await expect(card).toContainText(shownAs(due));
  await expect(card).toContainText("„Antwort zur Dauer genauer“");
  await expect(card).toContainText(`Geplant von ${EDITOR}`);
  expect(git(remote, "rev-parse", "main"), "nothing is published before its time").toBe(head);
  await atBothWidths(page, "geplant");

  // Cancelled after a question, the change is the editor's draft again, in the form and on the server.
  const question = nextConfirmation(page, true);
  await card.getByRole("button", { name: /^Geplante Änderung „Antwort zur Dauer genauer“ .* absagen$/ }).click();
  expect(await question).toBe("Die geplante Änderung „Antwort zur Dauer genauer“ absagen? Sie wird dann wieder dein Entwurf.");
  await expect(page.getByText(/^Abgesagt\. Die Änderung ist wieder ein Entwurf/)).toBeVisible({ timeout: 15_000 });
  // A cancelled plan never reads as one still to come.
  await expect(card).toContainText(`Abgesagt (sollte am ${shownAs(due)} live gehen)`);
  await expect(card).not.toContainText("Geht live am");
  await expect(card.getByRole("button", { name: /absagen$/ })).toHaveCount(0);
  await expect(page.getByText("Entwurf gespeichert.")).toBeVisible();
  await expect(await answerField(page, 0)).toHaveValue(planned);
  await atBothWidths(page, "geplant-abgesagt");
  await page.reload();
  await expect(await answerField(page, 0)).toHaveValue(planned);
  expect(git(remote, "rev-parse", "main")).toBe(head);

  // The draft is left as it was before this test, for the next one.
  const discard = nextConfirmation(page, true);
  await page.getByRole("button", { name: "Änderungen verwerfen" }).click();
  await discard;
  await expect(await answerField(page, 0)).toHaveValue(faqOnMain()[0]!.answer);
});

test("someone else's change meanwhile: their field merges by itself, the shared field stands side by side, then it is published", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page);
  await openFaq(page);
  const seed = faqOnMain();
  const mine = "Bei den meisten nach zwei Wochen, manchmal schneller.";
  await setAnswer(page, 0, mine);

  // Meanwhile Jana changes the same answer and another one, in the repository itself.
  git(other, "pull", "--quiet", "origin", "main");
  const theirs = "Meist spürst du nach zwei bis drei Wochen einen Unterschied.";
  const onlyTheirs = "Auf dem Wochenmarkt oder im Hofladen in deiner Nähe.";
  const changed = JSON.parse(readFileSync(path.join(other, "content", FILE), "utf8")) as Faq;
  changed[0]!.answer = theirs;
  changed[1]!.answer = onlyTheirs;
  writeFileSync(path.join(other, "content", FILE), `${JSON.stringify(changed, null, 2)}\n`);
  git(other, "commit", "--quiet", "--author=Jana Weber <jana.weber@urkraft-test.de>", "-am", "Antworten gekürzt");
  git(other, "push", "--quiet", "origin", "main");

  await page.getByRole("button", { name: "Veröffentlichen …" }).click();
  await page.getByLabel("Was hast du geändert?").fill("Antwort zur Dauer");
  await page.getByRole("button", { name: "Jetzt veröffentlichen" }).click();
  const card = cardOf(page, "Diese Datei wurde inzwischen geändert");
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card).toContainText("Jana Weber hat am");
  await expect(card).toContainText("„Antworten gekürzt“");
  // Only the field both changed is asked about, with the three values side by side.
  const field = card.getByRole("group");
  await expect(field).toHaveCount(1);
  await expect(field.getByText(seed[0]!.answer)).toBeVisible();
  await expect(field.getByText(mine)).toBeVisible();
  await expect(field.getByText(theirs)).toBeVisible();
  await expect(card).not.toContainText(onlyTheirs);
  // The field that merged by itself is named, with whose change it is.
  await expect(card.getByRole("listitem").filter({ hasText: "(von Jana Weber)" })).toHaveText(
    /^Eintrag 2 \(.+\) › Antwort \(von Jana Weber\)$/,
  );
  await atBothWidths(page, "konflikt");

  await field.getByLabel("Meine Fassung behalten").check();
  await card.getByRole("button", { name: "Zusammenführen" }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByText(/^Zusammengeführt: Dein Entwurf enthält jetzt beide Änderungen/)).toBeVisible();
  await expect(await answerField(page, 0)).toHaveValue(mine);
  await expect(await answerField(page, 1)).toHaveValue(onlyTheirs);
  await expect(page.getByText("Entwurf gespeichert.")).toBeVisible({ timeout: 15_000 });

  // The form to publish stayed open with the description: one click publishes the merged draft.
  await expect(page.getByLabel("Was hast du geändert?")).toHaveValue("Antwort zur Dauer");
  await page.getByRole("button", { name: "Jetzt veröffentlichen" }).click();
  await expect(page.getByText(/^Veröffentlicht\. Die Website wird jetzt neu gebaut/)).toBeVisible({ timeout: 30_000 });
  await expect(cardOf(page, "Diese Datei wurde inzwischen geändert")).toHaveCount(0);
  const published = faqOnMain();
  expect(published[0]!.answer).toBe(mine);
  expect(published[1]!.answer).toBe(onlyTheirs);
  expect(published.slice(2)).toEqual(seed.slice(2));
  await atBothWidths(page, "konflikt-veroeffentlicht");
});

test("the history shows an old version and its preview, and restoring names the pending draft first", async ({ page }) => {
  // The preview builds the site with the old version; the first one on an empty build folder takes longest.
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page);
  await openFaq(page);
  const seed = JSON.parse(git(remote, "show", "main~2:content/faq.json")) as Faq;
  const pending = "Ein Entwurf, der beim Zurücksetzen verloren ginge.";
  await setAnswer(page, 2, pending);

  await page.getByRole("button", { name: "Verlauf anzeigen" }).click();
  const versions = cardOf(page, "Verlauf").locator(":scope > ol > li");
  await expect(versions).toHaveCount(3);
  await expect(versions.first()).toContainText("aktuelle Fassung");
  const first = versions.last();
  await expect(first).toContainText("Im Repository geändert: „Inhalte“");
  await first.getByRole("button", { name: /^Fassung ansehen vom / }).click();
  await expect(first.getByText("Das würde sich beim Zurücksetzen ändern:")).toBeVisible({ timeout: 15_000 });
  await expect(first.getByText(seed[0]!.answer)).toBeVisible();
  await expect(first.getByText(seed[1]!.answer)).toBeVisible();
  // Beside the form the panel is narrow: before and after stand one above the other, each as wide as the panel.
  const shownOld = await first.getByText(seed[0]!.answer).boundingBox();
  expect(shownOld!.width, "the old answer is not squeezed into a narrow column").toBeGreaterThan(200);
  await atBothWidths(page, "verlauf");

  // The preview of that version: the site built with the old answers, opened in a tab of its own.
  const popup = page.waitForEvent("popup");
  await first.getByRole("button", { name: "Vorschau dieser Fassung" }).click();
  await expect(page.getByText(/^Die Vorschau ist fertig/)).toBeVisible({ timeout: 360_000 });
  const tab = await popup;
  await tab.waitForURL(/\/vorschau\//);
  await expect(tab.locator("body")).toContainText(seed[1]!.answer);
  await tab.close();

  // Restoring asks first and names the draft it would discard; said no to, nothing happens.
  const head = git(remote, "rev-parse", "main");
  const refused = nextConfirmation(page, false);
  await first.getByRole("button", { name: "Auf diese Fassung zurücksetzen" }).click();
  expect(await refused).toMatch(
    /^Die Fassung vom .* \(„Inhalte“\) wiederherstellen\? Das wird sofort veröffentlicht\. Dein Entwurf dieser Datei mit noch nicht veröffentlichten Änderungen wird dabei verworfen\.$/,
  );
  expect(git(remote, "rev-parse", "main")).toBe(head);
  await expect(await answerField(page, 2)).toHaveValue(pending);

  const accepted = nextConfirmation(page, true);
  await first.getByRole("button", { name: "Auf diese Fassung zurücksetzen" }).click();
  await accepted;
  await expect(page.getByRole("status").filter({ hasText: /^Zurückgesetzt auf die Fassung vom / })).toBeVisible({
    timeout: 30_000,
  });
  expect(faqOnMain()).toEqual(seed);
  // The look at the version said what restoring would change: after the restore it is gone, not left stale.
  await expect(page.getByText("Das würde sich beim Zurücksetzen ändern:")).toHaveCount(0);
  await expect(versions.first()).toContainText("Zurückgesetzt auf die Fassung vom");
  await expect(await answerField(page, 2)).toHaveValue(seed[2]!.answer);
  await expect(page.getByText("Entwurf gespeichert.")).toHaveCount(0);
  await atBothWidths(page, "verlauf-zurueckgesetzt");
});
