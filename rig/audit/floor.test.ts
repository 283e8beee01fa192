/** The floor page of the audit: the same text as plain HTML, served with brotli like the real pages. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { brotliDecompressSync } from "node:zlib";
import { FLOOR_PATH, floorPage, lcpRatio, serveFloor, textBlocks } from "./floor";

const PAGE = `<!DOCTYPE html><html lang="de"><head><title>Urkraft – Startseite</title>
<link rel="preload" href="/fonts/a.woff2" as="font"><style>.x{color:red}</style></head>
<body><script>window.___x = "<p>kein Text</p>"</script><noscript><p>ohne JS</p></noscript>
<main><h1 id="t" class="big">Mehr Kraft <em>im Alltag</em></h1>
<p class="lead">Bewegung,&nbsp;Essen &amp; Schlaf: „echt“.</p><img src="/hero.avif" width="10" height="10" alt="">
<ul><li><a href="/a">Erster Punkt</a></li><li>Zweiter</li></ul><svg><p>Grafik</p></svg></main></body></html>`;

describe("floor page", () => {
  it("keeps every visible text block in order and drops scripts, styles and graphics", () => {
    assert.deepEqual(textBlocks(PAGE), [
      { tag: "h1", text: "Mehr Kraft im Alltag" },
      { tag: "p", text: "Bewegung, Essen & Schlaf: „echt“." },
      { tag: "li", text: "Erster Punkt" },
      { tag: "li", text: "Zweiter" },
    ]);
  });

  it("is plain HTML with inline CSS and system fonts, nothing to fetch", () => {
    const html = floorPage(PAGE);
    assert.match(html, /<html lang="de">/);
    assert.match(html, /<title>Urkraft – Startseite<\/title>/);
    assert.match(html, /<h1>Mehr Kraft im Alltag<\/h1>/);
    assert.match(html, /<p>Bewegung, Essen &amp; Schlaf: „echt“.<\/p>/);
    assert.match(html, /<style>[^<]*system-ui/);
    for (const outside of [/<script/i, /<link/i, /<img/i, /src=/i, /url\(/i, /@font-face/i]) assert.doesNotMatch(html, outside);
  });

  it("is served with brotli when the browser accepts it, and as it is otherwise", async () => {
    const html = floorPage(PAGE);
    const floor = await serveFloor(html);
    try {
      assert.ok(floor.url.endsWith(FLOOR_PATH));
      const raw = await fetch(floor.url, { headers: { "accept-encoding": "identity" } });
      assert.equal(raw.status, 200);
      assert.equal(raw.headers.get("content-type"), "text/html; charset=utf-8");
      assert.equal(await raw.text(), html);
      const { statusCode, headers, body } = await new Promise<{
        statusCode?: number;
        headers: Record<string, unknown>;
        body: Buffer;
      }>((resolve, reject) => {
        import("node:http").then(({ get }) =>
          get(floor.url, { headers: { "accept-encoding": "br" } }, (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () =>
              resolve({ statusCode: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
            );
          }).on("error", reject),
        );
      });
      assert.equal(statusCode, 200);
      assert.equal(headers["content-encoding"], "br");
      assert.equal(brotliDecompressSync(body).toString(), html);
      assert.equal((await fetch(floor.url.replace(FLOOR_PATH, "/anders"))).status, 404);
    } finally {
      await floor.close();
    }
  });

  it("gives each page's LCP as a multiple of the floor's", () => {
    assert.equal(lcpRatio(1020, 680), 1.5);
    assert.equal(lcpRatio(null, 680), null);
    assert.equal(lcpRatio(900, null), null);
  });
});
