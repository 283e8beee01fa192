/**
 * The owner area's browser files, built for real by server/release/owner-build.ts into a temporary public/:
 * the shell for every /verwaltung path (no-store, noindex, strict CSP without inline scripts), the
 * hashed assets cached for a year, and none of it reachable when OWNER_EMAILS is unset, not even
 * through the public file serving.
 */
import assert from "node:assert/strict";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { buildOwnerArea } from "../../release/owner-build";
import { DEFAULT_CSP } from "../../http/csp";
import { createPgliteDatabase, type TestDatabase } from "../../test-support/databases";
import { buildTestApp, type TestApp } from "../../test-support/test-app";

const IMMUTABLE = "public, max-age=31536000, immutable";
const PROJECT_DIR = path.resolve(__dirname, "../../..");

describe("the owner area's browser files", () => {
  let publicDir: string;
  let database: TestDatabase;
  let enabled: TestApp;
  let disabled: TestApp;
  let assets: string[];

  before(async () => {
    publicDir = await mkdtemp(path.join(os.tmpdir(), "urkraft-owner-public-"));
    await writeFile(
      path.join(publicDir, "404.html"),
      '<!DOCTYPE html><html lang="de"><title>Nicht gefunden</title><h1>404</h1></html>',
    );
    await buildOwnerArea(PROJECT_DIR, publicDir);
    assets = await readdir(path.join(publicDir, "verwaltung", "assets"));
    database = await createPgliteDatabase();
    enabled = await buildTestApp(database, { OWNER_EMAILS: "inhaber@urkraft-test.de", MAIL_WORKER: "false" }, publicDir);
    disabled = await buildTestApp(database, { MAIL_WORKER: "false" }, publicDir);
  });
  after(async () => {
    await enabled?.close();
    await disabled?.close();
    await database?.drop();
    await rm(publicDir, { recursive: true, force: true });
  });

  const get = (test: TestApp, url: string) => test.app.inject({ method: "GET", url });

  it("answers every owner path with the German shell: no-store, noindex, a CSP without inline scripts", async () => {
    for (const url of ["/verwaltung", "/verwaltung/anmelden?token=abc", "/verwaltung/anfragen/12", "/verwaltung/gibt-es-nicht"]) {
      const shell = await get(enabled, url);
      assert.equal(shell.statusCode, 200, url);
      assert.match(String(shell.headers["content-type"]), /^text\/html/);
      assert.equal(shell.headers["cache-control"], "no-store");
      assert.equal(shell.headers["x-robots-tag"], "noindex, nofollow");
      assert.equal(shell.headers["content-security-policy"], DEFAULT_CSP, "script-src 'self' only");
      assert.match(shell.body, /<html lang="de">/);
      assert.match(shell.body, /<title>Verwaltung \| Urkraft<\/title>/);
      assert.match(shell.body, /<meta name="robots" content="noindex, nofollow">/);
      assert.doesNotMatch(shell.body, /<script(?![^>]*\ssrc=)[^>]*>/, "no inline script");
    }
  });

  it("serves the files the shell loads, with their types and a year of caching", async () => {
    const shell = (await get(enabled, "/verwaltung")).body;
    const referenced = [...shell.matchAll(/(?:src|href)="(\/verwaltung\/assets\/[^"]+)"/g)].map((match) => match[1]!);
    assert.ok(referenced.some((url) => url.endsWith(".js")) && referenced.some((url) => url.endsWith(".css")), shell);
    for (const url of referenced) {
      const file = await get(enabled, url);
      assert.equal(file.statusCode, 200, url);
      assert.equal(file.headers["cache-control"], IMMUTABLE, url);
      assert.match(String(file.headers["content-type"]), url.endsWith(".css") ? /^text\/css/ : /^text\/javascript/);
    }
    const css = (
      await get(
        enabled,
        referenced.find((url) => url.endsWith(".css"))!,
      )
    ).body;
    assert.match(css, /--color-forest-900/, "the site's theme");
    const font = /url\("?\.?\/?(inter-latin-wght-normal-[A-Z0-9]{8}\.woff2)"?\)/.exec(css)?.[1];
    assert.ok(font && assets.includes(font), "the brand font is bundled");
    const fontFile = await get(enabled, `/verwaltung/assets/${font}`);
    assert.equal(fontFile.statusCode, 200);
    assert.equal(fontFile.headers["content-type"], "font/woff2");
    assert.equal(fontFile.headers["cache-control"], IMMUTABLE);
  });

  it("has one chunk per screen, loaded when the screen is first shown", async () => {
    for (const screen of [
      "LoginPage",
      "OverviewPage",
      "RequestsPage",
      "RequestPage",
      "LeadsPage",
      "NewsletterPage",
      "PersonPage",
      "AuditPage",
    ]) {
      assert.ok(
        assets.some((file) => new RegExp(`^${screen}-[A-Z0-9]{8}\\.js$`).test(file)),
        `${screen} in ${assets.join(", ")}`,
      );
    }
  });

  it("answers unknown or malformed asset names with 404, never with the shell", async () => {
    for (const url of [
      "/verwaltung/assets/main-AAAAAAAA.js",
      "/verwaltung/assets/..%2Findex.html",
      "/verwaltung/assets/",
      "/verwaltung/assets/sub/main.js",
    ]) {
      const answer = await get(enabled, url);
      assert.equal(answer.statusCode, 404, url);
      assert.doesNotMatch(answer.body, /Verwaltung \| Urkraft/, url);
    }
  });

  it("without OWNER_EMAILS neither the shell nor any asset is reachable, by no spelling of the path", async () => {
    const script = assets.find((file) => file.startsWith("main-") && file.endsWith(".js"))!;
    for (const url of [
      "/verwaltung",
      "/verwaltung/anfragen",
      `/verwaltung/assets/${script}`,
      "/verwaltung/index.html",
      `/%76erwaltung/assets/${script}`,
      `/verwaltung%2Fassets%2F${script}`,
      `/static/../verwaltung/assets/${script}`,
    ]) {
      const answer = await get(disabled, url);
      assert.equal(answer.statusCode, 404, url);
      assert.doesNotMatch(answer.body, /Verwaltung \| Urkraft|preact/i, url);
    }
  });
});
