/**
 * Static hosting of the Gatsby build (on a small fixture of public/): routes without trailing slash,
 * the 404 page, Gatsby's caching rules, compression, security headers on every answer and the CSP
 * hashes of each page's inline scripts.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdir, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createPgliteDatabase, type TestDatabase } from "../test-support/databases";
import { TRUSTED_SCRIPTS_FILE } from "../../common/trusted-scripts";
import {
  BUNDLE_TEXT,
  FIXTURE_SCRIPTS,
  createSiteFixture,
  trustedScriptsFile,
  type SiteFixture,
} from "../test-support/site-fixture";
import { buildTestApp, postJson, type TestApp } from "../test-support/test-app";

const REVALIDATE = "public, max-age=0, must-revalidate";
const IMMUTABLE = "public, max-age=31536000, immutable";

/** Computed here independently of the server: SHA-256 of the script's UTF-8 text, base64. */
const hashOf = (script: string) => `'sha256-${createHash("sha256").update(Buffer.from(script, "utf8")).digest("base64")}'`;

function scriptSources(csp: string): string[] {
  const directive = csp
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith("script-src "));
  assert.ok(directive, `no script-src in ${csp}`);
  return directive.split(/\s+/).slice(1);
}

describe("static hosting of public/", () => {
  let database: TestDatabase;
  let site: SiteFixture;
  let test: TestApp;

  before(async () => {
    database = await createPgliteDatabase();
    site = await createSiteFixture();
    test = await buildTestApp(database, {}, site.dir);
  });
  after(async () => {
    await test?.close();
    await database?.drop();
    await site?.remove();
  });

  // A tool's request: it gets each page as built (a person's first request of a visit gets the page with
  // its source for the form, see analytics/page-source.test.ts).
  const get = (url: string, headers: Record<string, string> = {}) =>
    test.app.inject({ method: "GET", url, headers: { "user-agent": "undici (static test)", ...headers } });

  it("never follows a symbolic link out of the build, while one inside it still works", async () => {
    const outside = path.join(path.dirname(site.dir), `geheim-${process.pid}.txt`);
    await writeFile(outside, "root:x:0:0:geheim");
    try {
      await symlink(outside, path.join(site.dir, "passwd.txt"));
      await symlink("/etc/passwd", path.join(site.dir, "etc-passwd.txt"));
      await symlink(path.join(site.dir, "agb", "index.html"), path.join(site.dir, "agb-kopie.html"));
      for (const url of ["/passwd.txt", "/etc-passwd.txt"]) {
        const response = await get(url);
        assert.equal(response.statusCode, 404, url);
        assert.doesNotMatch(response.body, /root:x:0:0/);
      }
      assert.equal((await get("/agb-kopie.html")).statusCode, 200);
    } finally {
      await rm(outside, { force: true });
    }
  });

  it("serves / and /agb from index.html files without a redirect", async () => {
    const home = await get("/");
    assert.equal(home.statusCode, 200);
    assert.match(String(home.headers["content-type"]), /^text\/html/);
    assert.match(home.body, /Urkraft Startseite/);

    const terms = await get("/agb");
    assert.equal(terms.statusCode, 200);
    assert.equal(terms.headers.location, undefined);
    assert.match(terms.body, /Allgemeine Geschäftsbedingungen/);

    assert.equal((await get("/agb?ref=footer")).statusCode, 200);
    assert.match((await get("/danke-willkommen")).body, /Danke!/);
  });

  it("redirects a trailing slash to the address without it, and never to another host", async () => {
    const slash = await get("/agb/?x=1");
    assert.equal(slash.statusCode, 301);
    assert.equal(slash.headers.location, "/agb?x=1");
    const sneaky = await get("//boese.example/");
    assert.notEqual(sneaky.statusCode, 301);
    assert.ok(!String(sneaky.headers.location ?? "").includes("boese"));
  });

  it("answers unknown paths with public/404.html and status 404", async () => {
    for (const url of ["/gibt-es-nicht", "/agb/unterseite", "/404", "/404.html", "/static"]) {
      const response = await get(url);
      assert.equal(response.statusCode, 404, url);
      assert.match(response.body, /Oops! Page not found/, url);
      assert.match(String(response.headers["content-type"]), /^text\/html/);
      assert.ok(scriptSources(String(response.headers["content-security-policy"])).includes(hashOf(FIXTURE_SCRIPTS.notFound)));
    }
  });

  it("answers a page request with a plain German 404 page when the build has no 404.html", async () => {
    const empty = await buildTestApp(database, {}, database.config.dataDir);
    try {
      const response = await empty.app.inject({ method: "GET", url: "/agb", headers: { accept: "text/html" } });
      assert.equal(response.statusCode, 404);
      assert.match(response.body, /Diese Adresse gibt es bei uns nicht\./);
      assert.match(response.body, /<a class="back" href="\/">Zur Startseite<\/a>/);
    } finally {
      await empty.close();
    }
  });

  it("answers unknown API paths with JSON 404, not the page", async () => {
    const response = await get("/api/gibt-es-nicht");
    assert.equal(response.statusCode, 404);
    assert.deepEqual(response.json(), { error: "Diese Adresse gibt es bei uns nicht." });
    const post = await postJson(test.app, "/api/unbekannt", {});
    assert.equal(post.statusCode, 404);
    assert.deepEqual(post.json(), { error: "Diese Adresse gibt es bei uns nicht." });
  });

  it("never serves files outside public/ or hidden files", async () => {
    for (const url of [
      "/../package.json",
      "/%2e%2e/%2e%2e/etc/passwd",
      "/.env",
      "/%2Eenv",
      "/agb%00.html",
      "/%E0%A4%A",
      "/..%2fserver%2fapp.ts",
    ]) {
      const response = await get(url);
      // 400 for addresses that are not even valid URL encoding, 404 for the rest.
      assert.ok(response.statusCode === 404 || response.statusCode === 400, `${url}: ${response.statusCode}`);
      assert.doesNotMatch(response.body, /SECRET|root:|"name": "urkraft/, url);
    }
  });

  it("serves /.well-known/ although other hidden paths stay hidden", async () => {
    const response = await get("/.well-known/security.txt");
    assert.equal(response.statusCode, 200);
    assert.match(response.body, /^Contact: mailto:/);
  });

  it("applies Gatsby's caching rules", async () => {
    const expectations: [string, string][] = [
      ["/", REVALIDATE],
      ["/agb", REVALIDATE],
      ["/page-data/index/page-data.json", REVALIDATE],
      ["/page-data/app-data.json", REVALIDATE],
      ["/app-0123456789abcdef0123.js", IMMUTABLE],
      ["/component---src-pages-index-tsx-9c8b7a6d5e4f3a2b1c0d.js", IMMUTABLE],
      ["/styles.4a3b2c1d0e9f8a7b6c5d.css", IMMUTABLE],
      ["/static/2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d/hero.png", IMMUTABLE],
      ["/sw.js", REVALIDATE],
      ["/robots.txt", REVALIDATE],
      ["/gibt-es-nicht", REVALIDATE],
    ];
    for (const [url, expected] of expectations) {
      const response = await get(url);
      assert.ok(response.statusCode === 200 || url === "/gibt-es-nicht", `${url}: ${response.statusCode}`);
      assert.equal(response.headers["cache-control"], expected, url);
    }
  });

  it("compresses with brotli or gzip as the browser accepts", async () => {
    const brotli = await get("/app-0123456789abcdef0123.js", { "accept-encoding": "br, gzip" });
    assert.equal(brotli.headers["content-encoding"], "br");
    assert.equal(brotliDecompressSync(brotli.rawPayload).toString("utf8"), BUNDLE_TEXT);
    assert.ok(brotli.rawPayload.length < BUNDLE_TEXT.length / 4);
    assert.match(String(brotli.headers.vary), /accept-encoding/i);

    const gzip = await get("/", { "accept-encoding": "gzip" });
    assert.equal(gzip.headers["content-encoding"], "gzip");
    assert.match(gunzipSync(gzip.rawPayload).toString("utf8"), /Urkraft Startseite/);

    const plain = await get("/", { "accept-encoding": "identity" });
    assert.equal(plain.headers["content-encoding"], undefined);
    assert.match(plain.body, /Urkraft Startseite/);
  });

  it("honours the browser's preferences, including refusals with q=0", async () => {
    const cases: [string, string | undefined][] = [
      ["br;q=0, gzip", "gzip"],
      ["gzip;q=0.5, br;q=0.1", "br"],
      ["*", "br"],
      ["*;q=0, identity", undefined],
      ["deflate", undefined],
    ];
    for (const [accept, expected] of cases) {
      const response = await get("/styles.4a3b2c1d0e9f8a7b6c5d.css", { "accept-encoding": accept });
      assert.equal(response.headers["content-encoding"], expected, accept);
      assert.equal(response.headers["content-type"], "text/css; charset=utf-8");
    }
    const tiny = await get("/robots.txt", { "accept-encoding": "br" });
    assert.equal(tiny.headers["content-encoding"], undefined, "bodies under 1 KB go uncompressed");
    assert.equal(tiny.body, "User-agent: *\nAllow: /\n");
  });

  it("serves a page changed on disk (a new build) with its new text and CSP", async () => {
    const file = path.join(site.dir, "danke-willkommen", "index.html");
    const before = await get("/danke-willkommen", { "accept-encoding": "br" });
    const script = "window.neuerBuild = true;";
    await writeFile(file, `<!DOCTYPE html><html lang="de"><head><script>${script}</script></head><body>Neu gebaut</body></html>`);
    await writeFile(path.join(site.dir, TRUSTED_SCRIPTS_FILE), trustedScriptsFile([...Object.values(FIXTURE_SCRIPTS), script]));
    const after = await get("/danke-willkommen", { "accept-encoding": "identity" });
    assert.match(after.body, /Neu gebaut/);
    assert.notEqual(after.headers.etag, before.headers.etag);
    assert.ok(scriptSources(String(after.headers["content-security-policy"])).includes(hashOf(script)));
  });

  it("trusts only the inline scripts its build listed, never one the served page merely contains", async () => {
    const injected = "fetch('/api/verwaltung/anfragen').then((r) => r.text()).then(steal);";
    await mkdir(path.join(site.dir, "eingeschleust"), { recursive: true });
    await writeFile(
      path.join(site.dir, "eingeschleust", "index.html"),
      `<!DOCTYPE html><html lang="de"><head><script>${FIXTURE_SCRIPTS.agb}</script></head><body><div class="prose-legal"><script>${injected}</script></div></body></html>`,
    );
    const sources = scriptSources(String((await get("/eingeschleust")).headers["content-security-policy"]));
    assert.ok(sources.includes(hashOf(FIXTURE_SCRIPTS.agb)), "the build's own script runs");
    assert.equal(sources.includes(hashOf(injected)), false, "a script from the page's text is not trusted");
    await rm(path.join(site.dir, TRUSTED_SCRIPTS_FILE));
    await writeFile(
      path.join(site.dir, "eingeschleust", "index.html"),
      `<!DOCTYPE html><html><head><script>${FIXTURE_SCRIPTS.agb}</script></head><body>Ohne Liste</body></html>`,
    );
    const without = scriptSources(String((await get("/eingeschleust")).headers["content-security-policy"]));
    assert.equal(without.includes(hashOf(FIXTURE_SCRIPTS.agb)), false, "a build without its list trusts no inline script");
    await writeFile(path.join(site.dir, TRUSTED_SCRIPTS_FILE), trustedScriptsFile(Object.values(FIXTURE_SCRIPTS)));
  });

  it("answers a revalidation of an unchanged page with 304", async () => {
    const first = await get("/agb");
    const etag = String(first.headers.etag);
    assert.ok(etag.length > 2);
    const again = await get("/agb", { "if-none-match": etag });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, "");

    // Each encoding is its own representation with its own tag.
    const brotli = await get("/agb", { "accept-encoding": "br" });
    assert.notEqual(brotli.headers.etag, etag);
    const revalidated = await get("/agb", { "accept-encoding": "br", "if-none-match": `W/"x", ${String(brotli.headers.etag)}` });
    assert.equal(revalidated.statusCode, 304);
    assert.equal((await get("/agb", { "accept-encoding": "br", "if-none-match": etag })).statusCode, 200);
  });

  it("answers HEAD like GET without a body", async () => {
    const head = await test.app.inject({ method: "HEAD", url: "/agb" });
    assert.equal(head.statusCode, 200);
    assert.equal(head.body, "");
    assert.equal(head.headers["cache-control"], REVALIDATE);
  });

  it("allows exactly the inline scripts of the page being served in its CSP", async () => {
    const home = scriptSources(String((await get("/")).headers["content-security-policy"]));
    const terms = scriptSources(String((await get("/agb")).headers["content-security-policy"]));
    assert.ok(home.includes(hashOf(FIXTURE_SCRIPTS.home)));
    assert.ok(home.includes(hashOf(FIXTURE_SCRIPTS.homeSecond)), "hash of the raw text with newlines and umlauts");
    assert.ok(!home.includes(hashOf(FIXTURE_SCRIPTS.agb)));
    assert.ok(terms.includes(hashOf(FIXTURE_SCRIPTS.agb)));
    assert.ok(!terms.includes(hashOf(FIXTURE_SCRIPTS.home)));
    for (const sources of [home, terms]) {
      assert.equal(sources[0], "'self'");
      assert.ok(!sources.includes("'unsafe-inline'") && !sources.includes("'unsafe-eval'"));
    }
  });

  it("sends the security headers on every answer: pages, files, 404, API and errors", async () => {
    const answers = [
      await get("/"),
      await get("/app-0123456789abcdef0123.js"),
      await get("/gibt-es-nicht"),
      await get("/api/health"),
      await get("/api/nichts"),
      await postJson(test.app, "/api/leads", { name: "" }),
      await postJson(test.app, "/api/leads", { name: "x".repeat(20_000) }),
      await postJson(test.app, "/api/leads", {}, { origin: "https://boese.example" }),
      await get("/agb/"),
    ];
    for (const response of answers) {
      const csp = String(response.headers["content-security-policy"]);
      for (const directive of [
        "default-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ]) {
        assert.ok(csp.includes(directive), `${response.statusCode}: ${directive} missing in ${csp}`);
      }
      assert.ok(scriptSources(csp).includes("'self'"));
      assert.equal(response.headers["x-content-type-options"], "nosniff");
      assert.equal(response.headers["referrer-policy"], "strict-origin-when-cross-origin");
      assert.match(String(response.headers["permissions-policy"]), /camera=\(\)/);
      assert.equal(response.headers["strict-transport-security"], undefined, "no HSTS without a trusted proxy");
    }
  });

  it("sends HSTS only when a trusted proxy reports HTTPS", async () => {
    const proxied = await buildTestApp(database, { TRUST_PROXY: "127.0.0.1" }, site.dir);
    try {
      const https = await proxied.app.inject({ method: "GET", url: "/", headers: { "x-forwarded-proto": "https" } });
      assert.match(String(https.headers["strict-transport-security"]), /^max-age=31536000/);
      const http = await proxied.app.inject({ method: "GET", url: "/", headers: { "x-forwarded-proto": "http" } });
      assert.equal(http.headers["strict-transport-security"], undefined);
      const spoofed = await proxied.app.inject({
        method: "GET",
        url: "/",
        remoteAddress: "203.0.113.9",
        headers: { "x-forwarded-proto": "https" },
      });
      assert.equal(spoofed.headers["strict-transport-security"], undefined, "a client that is not the proxy cannot claim HTTPS");
    } finally {
      await proxied.close();
    }
    const direct = await get("/", { "x-forwarded-proto": "https" });
    assert.equal(direct.headers["strict-transport-security"], undefined);
  });
});
