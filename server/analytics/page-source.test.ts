/**
 * The visit's source travels in the page, not on the visitor's device: a person's first request of a
 * visit (from another site, with utm_* parameters, or without Referer) gets the page with hidden inputs for
 * its form at the end, made for that request only (no ETag, not stored by any cache); a native form post
 * then stores the source on the lead and the contact request, and the funnel of `leads -- stats --json`
 * counts it. Whatever a Referer or an address carries ends up cleaned and escaped in the inputs.
 */
import assert from "node:assert/strict";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { LightMyRequestResponse } from "fastify";
import { runCli } from "../cli/run";
import { databaseTargets, type TestDatabase } from "../test-support/databases";
import { createSiteFixture, type SiteFixture } from "../test-support/site-fixture";
import { buildTestApp, postForm, type TestApp } from "../test-support/test-app";
import { VISIT_SOURCE_FORM_ID } from "../../common/visit-source";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const PLAIN_CACHE = "public, max-age=0, must-revalidate";

const formPage = (action: string, fields: string) => `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8">
<title>Formular</title><script>window.pagePath="${action}";</script></head><body><div id="___gatsby"><main>
<form id="${VISIT_SOURCE_FORM_ID}" method="post" action="${action}">${fields}<button>Senden</button></form>
${"<p>Natürliche Energie für Männer.</p>".repeat(60)}</main></div><script src="/app-0123456789abcdef0123.js" async></script></body></html>`;

function bodyOf(response: LightMyRequestResponse): string {
  const raw = response.rawPayload;
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(raw).toString("utf8");
  if (encoding === "gzip") return gunzipSync(raw).toString("utf8");
  return raw.toString("utf8");
}

/** The hidden inputs a browser sends with the page's form: those after the form naming it by `form`. */
function sourceInputs(html: string): [string, string][] {
  const inputs = [...html.matchAll(/<input type="hidden" form="formular" name="([^"]*)" value="([^"]*)">/g)];
  return inputs.map((match) => [match[1]!, match[2]!]);
}

/** What a browser without JavaScript posts: the form's own fields and the inputs naming it. */
function nativePost(html: string, own: Record<string, string>): Record<string, string> {
  const decode = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  return { ...Object.fromEntries(sourceInputs(html).map(([name, value]) => [name, decode(value)])), ...own };
}

for (const target of databaseTargets()) {
  describe(`the visit's source in the page (${target.driver})`, { skip: target.skip }, () => {
    let database: TestDatabase;
    let site: SiteFixture;
    let test: TestApp;
    before(async () => {
      database = await target.create();
      site = await createSiteFixture();
      await writeFile(path.join(site.dir, "index.html"), formPage("/api/leads", '<input name="name"><input name="email">'));
      await mkdir(path.join(site.dir, "kontakt-unterstuetzung"), { recursive: true });
      await writeFile(
        path.join(site.dir, "kontakt-unterstuetzung", "index.html"),
        formPage("/api/contact", '<input name="name"><input name="email"><textarea name="message"></textarea>'),
      );
      test = await buildTestApp(database, {}, site.dir);
    });
    after(async () => {
      await test?.close();
      await site?.remove();
      await database?.drop();
    });

    const get = (url: string, headers: Record<string, string> = {}) =>
      test.app.inject({
        url,
        headers: { host: "localhost", "user-agent": BROWSER, accept: "text/html", "accept-encoding": "br, gzip", ...headers },
      });

    it("gives a visit's first request the page with its source for the form, made for that request only", async () => {
      const plain = await get("/", { referer: "http://localhost/agb" });
      assert.equal(plain.headers["cache-control"], PLAIN_CACHE);
      assert.ok(plain.headers.etag);
      assert.deepEqual(sourceInputs(bodyOf(plain)), []);

      const fromGoogle = await get("/", {
        referer: "https://www.google.de/search?q=geheim",
        "if-none-match": String(plain.headers.etag),
      });
      assert.equal(fromGoogle.statusCode, 200, "a variant is never answered 304 for the plain page's ETag");
      assert.equal(fromGoogle.headers["cache-control"], "private, no-store");
      assert.equal(fromGoogle.headers.etag, undefined);
      assert.equal(fromGoogle.headers["content-encoding"], "br");
      assert.equal(fromGoogle.headers["content-security-policy"], plain.headers["content-security-policy"]);
      const html = bodyOf(fromGoogle);
      assert.deepEqual(sourceInputs(html), [["quelle_seite", "google.de"]]);
      // The inputs are the only difference, at the end of the page, outside what Preact renders.
      assert.equal(html.replace(/<input type="hidden" form="formular"[^>]*>/g, ""), bodyOf(plain));
      assert.ok(html.endsWith('value="google.de"></body></html>'));
      assert.doesNotMatch(html, /geheim/);

      // Every encoding carries the same page.
      for (const encoding of ["gzip", "identity"]) {
        const other = await get("/", { referer: "https://www.google.de/", "accept-encoding": encoding });
        assert.equal(other.headers["content-encoding"], encoding === "identity" ? undefined : encoding);
        assert.equal(bodyOf(other), html);
      }

      // Without Referer: a direct visit; with utm_*: the campaign (and no referring site).
      assert.deepEqual(sourceInputs(bodyOf(await get("/"))), [["quelle_seite", ""]]);
      assert.deepEqual(
        sourceInputs(bodyOf(await get("/agb?utm_source=Newsletter&utm_medium=E-Mail&utm_campaign=Herbst%202026"))),
        [
          ["utm_source", "newsletter"],
          ["utm_medium", "email"],
          ["utm_campaign", "herbst 2026"],
        ],
      );
      // A link inside the site with utm_source starts a visit of that campaign.
      assert.deepEqual(sourceInputs(bodyOf(await get("/?utm_source=banner", { referer: "http://localhost/agb" }))), [
        ["utm_source", "banner"],
      ]);
      // Without utm_source the referring site is the source; utm_campaign alone goes beside it.
      assert.deepEqual(sourceInputs(bodyOf(await get("/?utm_campaign=herbst", { referer: "https://www.google.de/" }))), [
        ["quelle_seite", "google.de"],
        ["utm_campaign", "herbst"],
      ]);
    });

    it("gives crawlers, prefetches, frames, HEAD and the 404 page the page as built", async () => {
      const cases: [string, Record<string, string>, string?][] = [
        ["/", { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }],
        ["/", { "sec-purpose": "prefetch" }],
        ["/", { "sec-fetch-dest": "iframe" }],
        ["/gibt-es-nicht", {}],
      ];
      for (const [url, headers] of cases) {
        const response = await get(url, { referer: "https://www.google.de/", ...headers });
        assert.deepEqual(sourceInputs(bodyOf(response)), [], `${url} ${JSON.stringify(headers)}`);
        assert.notEqual(response.headers["cache-control"], "private, no-store");
      }
      const head = await test.app.inject({
        method: "HEAD",
        url: "/",
        headers: { "user-agent": BROWSER, referer: "https://www.google.de/" },
      });
      assert.equal(head.headers["cache-control"], PLAIN_CACHE);
    });

    it("puts nothing from a Referer or an address into the page but cleaned, escaped, short values", async () => {
      const nasty = `"><script>alert(1)</script><x a='`;
      const cases: [string, Record<string, string>][] = [
        [`/?utm_source=${encodeURIComponent(nasty)}&utm_medium=${encodeURIComponent("\u0000\u001b[31m\u202erot\u2066")}`, {}],
        [`/?utm_campaign=${"%22%3E".repeat(5000)}`, {}],
        [`/?utm_source=${"x".repeat(10 * 1024)}`, {}],
        ["/", { referer: `https://evil.example/"><script>alert(1)</script>` }],
        ["/", { referer: `https://ex"ample.com/` }],
        ["/", { referer: `https://${"a".repeat(10 * 1024)}.com/` }],
        ["/", { referer: "javascript:alert(1)" }],
        ["/", { referer: "https://xn--80ak6aa92e.com/\u202e" }],
      ];
      const original = bodyOf(await get("/", { referer: "http://localhost/agb" }));
      for (const [url, headers] of cases) {
        const html = bodyOf(await get(url, headers));
        const label = `${url.slice(0, 80)} ${JSON.stringify(headers).slice(0, 80)}`;
        const added = html.slice(original.length - "</body></html>".length, -"</body></html>".length);
        assert.ok(html.startsWith(original.slice(0, -"</body></html>".length)), label);
        // Only whole hidden inputs with safe values: no markup, no control or bidi characters, at most 60 characters.
        assert.match(
          added,
          /^(?:<input type="hidden" form="formular" name="(?:quelle_seite|utm_source|utm_medium|utm_campaign)" value="[^"<>\p{C}]{0,300}">)+$/u,
          label,
        );
        for (const [, value] of sourceInputs(html)) {
          assert.ok(value.replace(/&(?:amp|lt|gt|quot|#39);/g, "_").length <= 100, label);
          assert.doesNotMatch(value, /[<>"\p{C}]/u, label);
        }
        assert.equal(html.split("<script").length, original.split("<script").length, label);
      }
      const escaped = sourceInputs(bodyOf(await get(cases[0]![0])));
      // A utm value keeps letters, digits, spaces and „._+-“ only; utm_medium only a usual channel.
      assert.deepEqual(escaped[0], ["utm_source", "scriptalert1scriptx a"]);
      assert.deepEqual(escaped[1], ["utm_medium", "sonstige"]);
      assert.deepEqual(sourceInputs(bodyOf(await get(cases[3]![0], cases[3]![1]))), [["quelle_seite", "evil.example"]]);
      assert.deepEqual(sourceInputs(bodyOf(await get(cases[4]![0], cases[4]![1]))), [["quelle_seite", "andere"]]);
    });

    it("stores the source of a native form post on the lead and the contact request and counts it in the funnel", async () => {
      const { app } = test;
      // Lands on / from Google and signs up without JavaScript.
      const landing = bodyOf(await get("/", { referer: "https://www.google.de/search?q=energie" }));
      let response = await postForm(app, "/api/leads", nativePost(landing, { name: "Ina", email: "ina@example.com" }), {
        referer: "http://localhost/",
        origin: "http://localhost",
        "user-agent": BROWSER,
      });
      assert.equal(response.statusCode, 303);
      const lead = await database.db.query(
        "SELECT form_page, source, medium, campaign FROM leads WHERE email = 'ina@example.com'",
      );
      assert.deepEqual(lead.rows, [{ form_page: "/", source: "google.de", medium: "", campaign: "" }]);

      // Lands on the contact page from a newsletter link and writes without JavaScript.
      const contactPage = bodyOf(await get("/kontakt-unterstuetzung?utm_source=newsletter&utm_campaign=herbst"));
      response = await postForm(
        app,
        "/api/contact",
        nativePost(contactPage, { name: "Jan", email: "jan@example.com", message: "Eine Frage zum Plan." }),
        // A browser may send only the origin as Referer: the page's address says nothing then.
        { referer: "http://localhost/kontakt-unterstuetzung", origin: "http://localhost", "user-agent": BROWSER },
      );
      assert.equal(response.statusCode, 303);
      const contact = await database.db.query(
        "SELECT form_page, source, medium, campaign FROM contact_requests WHERE email = 'jan@example.com'",
      );
      // Counted under its source in the day sums (below), not kept with the request.
      assert.deepEqual(contact.rows, [{ form_page: "/kontakt-unterstuetzung", source: null, medium: null, campaign: null }]);

      await test.close();
      if (target.driver === "pglite") await database.db.close();
      const lines: string[] = [];
      const code = await runCli(["stats", "--json"], (line) => lines.push(line), {
        DATA_DIR: database.config.dataDir,
        DATABASE_URL: database.config.databaseUrl,
      });
      assert.equal(code, 0, lines.join("\n"));
      const stats = JSON.parse(lines.join("\n")) as {
        sources: { source: string; campaign: string; leads: number; contacts: number; views: number }[];
      };
      const google = stats.sources.find((row) => row.source === "google.de");
      assert.equal(google?.leads, 1);
      assert.ok(google.views >= 1);
      const newsletter = stats.sources.find((row) => row.source === "newsletter" && row.campaign === "herbst");
      assert.equal(newsletter?.contacts, 1);
      assert.equal(newsletter.views, 1);
    });
  });
}
