/** The page's CSP names the hash of each inline script the browser would run, and of nothing else. */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, it } from "node:test";
import { inlineScriptHashes } from "./csp";

const hashOf = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes classic and module scripts, whatever their other attributes", () => {
    const html =
      `<script>a()</script><script type="module">b()</script><script id="x" type='text/javascript'>c()</script>` +
      `<script type="">d()</script><script type="text/javascript; charset=utf-8">e()</script>`;
    assert.deepEqual(inlineScriptHashes(html), ["a()", "b()", "c()", "d()", "e()"].map(hashOf));
  });

  it("leaves out data blocks (JSON, templates), which the browser never runs, and scripts loaded from a file", () => {
    const html =
      `<script type="application/ld+json" data-gatsby-head="true">{"@type":"Organization"}</script>` +
      `<script TYPE='Application/LD+JSON'>{}</script><script type=application/json>[1]</script>` +
      `<script type="text/template"><p>{{name}}</p></script>` +
      `<script src="/app.js" async></script><script>run()</script>`;
    assert.deepEqual(inlineScriptHashes(html), [hashOf("run()")]);
  });
});
