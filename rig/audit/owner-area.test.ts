/** The check that no public page's HTML or JavaScript carries the owner area (on small builds made here). */
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { ownerTraces } from "./owner-area";

async function writeBuild(dir: string, files: Record<string, string>): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, ...name.split("/"));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
}

const page = (inline: string, text = "<h1>Urkraft</h1>") =>
  `<!DOCTYPE html><html lang="de"><body>${text}<script>${inline}</script><script src="/app-0123456789abcdef.js" async></script></body></html>`;

/** Public files as Gatsby writes them, the owner area in its own folder. */
const CLEAN: Record<string, string> = {
  "index.html": page('window.___chunkMapping={"app":["/app-0123456789abcdef.js"]}'),
  "datenschutz/index.html": page("", "<p>Unter der Adresse /verwaltung gibt es einen geschützten Bereich.</p>"),
  "app-0123456789abcdef.js": "console.log('Urkraft')",
  "component---src-pages-index-tsx-0123456789abcdef.js": "console.log('Startseite')",
  "chunk-map.json": JSON.stringify({
    app: ["/app-0123456789abcdef.js"],
    "component---src-pages-index-tsx": ["/component---src-pages-index-tsx-0123456789abcdef.js"],
  }),
  "verwaltung/index.html": '<script type="module" src="/verwaltung/assets/main-ABCDEFGH.js"></script>',
  "verwaltung/assets/main-ABCDEFGH.js": "fetch('/api/verwaltung/sitzung')",
  // An old bundle of an earlier build, referenced by nothing: not the public site's code.
  "app-fedcba9876543210.js": "['/verwaltung']",
};

describe("ownerTraces", () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "urkraft-owner-separation-"));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  const build = async (name: string, changes: Record<string, string>) => {
    const target = path.join(dir, name);
    await writeBuild(target, { ...CLEAN, ...changes });
    return target;
  };

  it("finds nothing in a public site that does not know the owner area (prose naming /verwaltung is fine)", async () => {
    assert.deepEqual(ownerTraces(await build("clean", {})), []);
  });

  it("finds a Gatsby page chunk of the owner area in the pages' chunk mapping and in chunk-map.json", async () => {
    const mapping = '{"component---src-pages-verwaltung-tsx":["/component---src-pages-verwaltung-tsx-0123.js"]}';
    const traces = ownerTraces(
      await build("gatsby-page", {
        "index.html": page(`window.___chunkMapping=${mapping}`),
        "chunk-map.json": JSON.stringify({ app: ["/app-0123456789abcdef.js"], ...JSON.parse(mapping) }),
      }),
    );
    assert.ok(traces.includes("index.html: enthält „pages-verwaltung“"), traces.join("\n"));
    assert.ok(traces.includes("index.html: ein Inline-Skript nennt die Verwaltung"));
    assert.ok(traces.includes("chunk-map.json: nennt die Verwaltung"));
  });

  it("finds a route of the owner area in the JavaScript the public pages load", async () => {
    const traces = ownerTraces(await build("route-in-app", { "app-0123456789abcdef.js": 'const routes=["/verwaltung/[...]"]' }));
    assert.deepEqual(traces, ["/app-0123456789abcdef.js: JavaScript der öffentlichen Seiten nennt die Verwaltung"]);
  });

  it("finds a public page that loads the owner bundle", async () => {
    const traces = ownerTraces(
      await build("bundle-link", {
        "index.html": page("", '<link rel="modulepreload" href="/verwaltung/assets/main-ABCDEFGH.js">'),
      }),
    );
    assert.deepEqual(traces, ["index.html: enthält „/verwaltung/assets/“"]);
  });
});
