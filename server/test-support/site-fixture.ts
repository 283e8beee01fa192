/**
 * A small stand-in for Gatsby's public/ folder with the file kinds a build produces: pages as
 * dir/index.html with inline scripts, 404.html, page data, hashed bundles, /static/ files, and the list of
 * the inline scripts the build wrote (TRUSTED_SCRIPTS_FILE), which the CSP trusts.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { TRUSTED_SCRIPTS_FILE, scriptHash } from "../../common/trusted-scripts";

export const FIXTURE_SCRIPTS = {
  home: `/*<![CDATA[*/window.pagePath="/";window.___chunkMapping="{\\"app\\":[\\"/app-0123456789abcdef0123.js\\"]}";/*]]>*/`,
  homeSecond: `\n  window.__homeMarker = "Grüße aus München";\n`,
  agb: `window.pagePath="/agb";`,
  notFound: `console.log("404 page");window.pagePath="/404.html";`,
} as const;

/** Long enough to be worth compressing (the threshold is 1 KB). */
export const BUNDLE_TEXT = `/* app bundle */\n${"console.log('Urkraft');\n".repeat(200)}`;

const page = (title: string, scripts: string[], body: string) => `<!DOCTYPE html><html lang="de"><head>
<meta charset="utf-8"><title>${title}</title>
<style>body{font-family:sans-serif}</style>
${scripts.map((script) => `<script>${script}</script>`).join("\n")}
<script src="/app-0123456789abcdef0123.js" async></script>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Urkraft"}</script>
</head><body><main>${body}</main>${"<p>Natürliche Energie für Männer.</p>".repeat(40)}</body></html>`;

export interface SiteFixture {
  dir: string;
  remove(): Promise<void>;
}

export async function createSiteFixture(): Promise<SiteFixture> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "urkraft-public-"));
  const files: Record<string, string | Buffer> = {
    "index.html": page("Startseite", [FIXTURE_SCRIPTS.home, FIXTURE_SCRIPTS.homeSecond], "<h1>Urkraft Startseite</h1>"),
    "agb/index.html": page("AGB", [FIXTURE_SCRIPTS.agb], "<h1>Allgemeine Geschäftsbedingungen</h1>"),
    "danke-willkommen/index.html": page("Danke", [], "<h1>Danke!</h1>"),
    "404.html": page("Nicht gefunden", [FIXTURE_SCRIPTS.notFound], "<h1>404</h1><p>Oops! Page not found</p>"),
    "404/index.html": page("Nicht gefunden", [FIXTURE_SCRIPTS.notFound], "<h1>404</h1>"),
    "page-data/index/page-data.json": JSON.stringify({ path: "/", result: {} }),
    "page-data/app-data.json": JSON.stringify({ webpackCompilationHash: "abc123" }),
    "app-0123456789abcdef0123.js": BUNDLE_TEXT,
    "component---src-pages-index-tsx-9c8b7a6d5e4f3a2b1c0d.js": BUNDLE_TEXT,
    "styles.4a3b2c1d0e9f8a7b6c5d.css": `body{color:#222}\n${".x{margin:0}\n".repeat(150)}`,
    "sw.js": "self.addEventListener('install',()=>{});",
    "robots.txt": "User-agent: *\nAllow: /\n",
    "favicon.ico": Buffer.from([0, 0, 1, 0, 1, 0]),
    "static/2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d/hero.png": Buffer.from("89504e470d0a1a0a", "hex"),
    ".env": "SECRET=nicht-ausliefern",
    ".well-known/security.txt": "Contact: mailto:kontakt@urkraft.de\n",
    [TRUSTED_SCRIPTS_FILE]: trustedScriptsFile(Object.values(FIXTURE_SCRIPTS)),
  };
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, ...name.split("/"));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The text of a build's TRUSTED_SCRIPTS_FILE that lists `scripts`. */
export const trustedScriptsFile = (scripts: readonly string[]): string => JSON.stringify({ hashes: scripts.map(scriptHash) });
