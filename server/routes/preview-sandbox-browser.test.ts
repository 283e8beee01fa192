/**
 * An owner who opens an editor's preview while logged in, in a real browser (system Chromium): even a
 * script that made it into a preview page (here one its build would trust) can neither read the owner API
 * with the owner's session nor send a form to it, and never sees the session cookie. Previews answer in a
 * sandbox of their own, opaque origin (PREVIEW_SANDBOX); the owner API takes JSON only.
 */
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { chromium, type Browser } from "@playwright/test";
import { TRUSTED_SCRIPTS_FILE } from "../../common/trusted-scripts";
import { PREVIEW_FILE, newPreviewToken } from "../release/previews";
import { SESSION_COOKIE, createSession } from "../services/owner-sessions";
import { createPgliteDatabase, type TestDatabase } from "../test-support/databases";
import { trustedScriptsFile } from "../test-support/site-fixture";
import { buildTestApp, type TestApp } from "../test-support/test-app";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const OWNER = "inhaber@urkraft-test.de";

function browserSkip(): string | false {
  if (existsSync(CHROMIUM) || process.env.CI === "true") return false;
  return `${CHROMIUM} fehlt: Browsertest der Vorschau übersprungen`;
}

/** What the planted script tries, each step's outcome written into the page for the test to read. */
const PLANTED = `(async function () {
  var out = document.documentElement.dataset;
  try { out.cookie = document.cookie || "leer"; } catch (e) { out.cookie = "gesperrt"; }
  try {
    var answer = await fetch("/api/verwaltung/anfragen", { credentials: "include", headers: { accept: "application/json" } });
    out.read = answer.status + ":" + (await answer.text()).slice(0, 200);
  } catch (e) { out.read = "gesperrt"; }
  try {
    var sent = await fetch("/api/verwaltung/abmelden", { method: "POST", credentials: "include", headers: { "content-type": "application/json" }, body: "{}" });
    out.sent = String(sent.status);
  } catch (e) { out.sent = "gesperrt"; }
  out.done = "ja";
})();`;

describe("an editor's preview opened by a logged-in owner", { skip: browserSkip() }, () => {
  let browser: Browser;
  let database: TestDatabase;
  let test: TestApp;
  let dir: string;
  let origin: string;
  let token: string;

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "urkraft-vorschau-sandbox-"));
    const previewsDir = path.join(dir, "previews");
    token = newPreviewToken();
    const publicDir = path.join(previewsDir, token, "public");
    mkdirSync(publicDir, { recursive: true });
    writeFileSync(
      path.join(publicDir, "index.html"),
      `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><title>Vorschau</title></head><body><h1>Vorschau</h1>
<form id="reply" method="post" action="/api/verwaltung/anfragen/1/antwort"><input name="text" value="Hallo"></form>
<script>${PLANTED}</script></body></html>`,
    );
    writeFileSync(path.join(publicDir, TRUSTED_SCRIPTS_FILE), trustedScriptsFile([PLANTED]));
    writeFileSync(
      path.join(previewsDir, token, PREVIEW_FILE),
      JSON.stringify({ name: "inhalte-test", token, commit: "abc", createdAt: new Date().toISOString() }),
    );
    browser = await chromium.launch({ executablePath: CHROMIUM });
    database = await createPgliteDatabase();
    test = await buildTestApp(database, { OWNER_EMAILS: OWNER, MAIL_WORKER: "false", PREVIEWS_DIR: previewsDir });
    origin = await test.app.listen({ port: 0, host: "127.0.0.1" });
  });
  after(async () => {
    await browser?.close();
    await test?.close();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("lends the preview neither the owner's session nor the owner API", async () => {
    const context = await browser.newContext();
    try {
      const session = await createSession(test.app.db, OWNER, "link");
      await context.addCookies([
        {
          name: SESSION_COOKIE,
          value: session,
          domain: "127.0.0.1",
          path: "/",
          httpOnly: true,
          secure: true,
          sameSite: "Strict",
        },
      ]);
      const page = await context.newPage();
      // The session works in this browser: the owner API answers the owner's own page.
      const own = await page.request.get(`${origin}/api/verwaltung/anfragen`, { headers: { accept: "application/json" } });
      assert.equal(own.status(), 200, "the owner is logged in");

      await page.goto(`${origin}/vorschau/${token}/`);
      await page.waitForFunction(() => document.documentElement.dataset.done === "ja", undefined, { timeout: 20_000 });
      const data = await page.evaluate(() => ({ ...document.documentElement.dataset }));
      assert.equal(data.cookie, "gesperrt", "the sandboxed page cannot even read its cookies");
      assert.equal(data.read, "gesperrt", `the owner API cannot be read: ${data.read}`);
      assert.equal(data.sent, "gesperrt", `nothing can be sent with the session: ${data.sent}`);

      // A form sent from the preview reaches the owner API without the session, from no origin of the site.
      const posted = page.waitForResponse((response) => response.url().endsWith("/antwort"));
      await page.evaluate(() => (document.getElementById("reply") as HTMLFormElement).submit());
      const answer = await posted;
      assert.ok([401, 403, 415].includes(answer.status()), `refused: ${answer.status()}`);
      const replies = await test.app.db.query("SELECT 1 FROM mail_outbox WHERE kind = 'contact-reply'");
      assert.equal(replies.rows.length, 0, "no reply mail was queued");

      // The owner is still logged in: the preview could not log them out.
      const still = await page.request.get(`${origin}/api/verwaltung/anfragen`, { headers: { accept: "application/json" } });
      assert.equal(still.status(), 200);
    } finally {
      await context.close();
    }
  });
});
