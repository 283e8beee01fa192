/**
 * The owner area in a build. The public pages must not know of it, not by a byte of their JavaScript:
 * `ownerTraces` checks public/ (everything outside public/verwaltung/) byte by byte and returns one
 * German line per trace found, none when the public site is clean. Only the current build counts: the
 * HTML pages and the JavaScript that Gatsby lists in chunk-map.json or the pages load, since older
 * bundles may lie around in a reused public/. `ownerShellJs` gives the owner area's own first-load JS.
 */
import fs from "node:fs";
import path from "node:path";
import { OWNER_ASSETS_URL, OWNER_DIR } from "../../server/static/owner-files";
import { gzipSize, type ScriptSize } from "./measure";

/** Gatsby's name for a page chunk of src/pages/verwaltung… and the owner bundle's URL. */
const OWNER_CODE = ["pages-verwaltung", OWNER_ASSETS_URL];
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SCRIPT_SRC = /<script\b[^>]*\ssrc="([^"]+)"/gi;

function htmlFiles(dir: string, publicDir: string): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path.relative(publicDir, full) !== OWNER_DIR) files.push(...htmlFiles(full, publicDir));
    } else if (entry.name.endsWith(".html")) files.push(full);
  }
  return files;
}

const relative = (publicDir: string, file: string) => path.relative(publicDir, file).split(path.sep).join("/");

export function ownerTraces(publicDir: string): string[] {
  const traces: string[] = [];
  if (!fs.existsSync(path.join(publicDir, "index.html"))) return [`${publicDir}: kein Build (index.html fehlt)`];

  const scripts = new Set<string>();
  for (const file of htmlFiles(publicDir, publicDir)) {
    const html = fs.readFileSync(file, "utf8");
    const name = relative(publicDir, file);
    for (const needle of OWNER_CODE) if (html.includes(needle)) traces.push(`${name}: enthält „${needle}“`);
    for (const match of html.matchAll(INLINE_SCRIPT)) {
      if (/verwaltung/i.test(match[2] ?? "")) traces.push(`${name}: ein Inline-Skript nennt die Verwaltung`);
    }
    for (const match of html.matchAll(SCRIPT_SRC)) scripts.add(match[1]!);
  }

  // Every chunk the public site can load, as Gatsby lists them.
  for (const manifest of ["chunk-map.json", "webpack.stats.json"]) {
    const file = path.join(publicDir, manifest);
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, "utf8");
    if (/verwaltung/i.test(text)) traces.push(`${manifest}: nennt die Verwaltung`);
    if (manifest === "chunk-map.json") {
      for (const files of Object.values(JSON.parse(text) as Record<string, string[]>)) files.forEach((f) => scripts.add(f));
    }
  }
  for (const script of scripts) {
    const file = path.join(publicDir, ...script.split("/").filter(Boolean));
    if (!file.startsWith(publicDir + path.sep) || !fs.existsSync(file)) continue;
    if (/verwaltung/i.test(fs.readFileSync(file, "utf8")))
      traces.push(`${script}: JavaScript der öffentlichen Seiten nennt die Verwaltung`);
  }
  return traces;
}

/** The owner area's shell, written by server/release/owner-build.ts; undefined when the build lacks it. */
export function ownerShell(publicDir: string): string | undefined {
  const file = path.join(publicDir, OWNER_DIR, "index.html");
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined;
}

/**
 * The JavaScript every owner page loads before its screen: the shell's module script and the chunks it
 * preloads, each gzipped as measure.ts does. The screen's own chunk (e.g. OverviewPage-….js) comes on top.
 */
export function ownerShellJs(publicDir: string): ScriptSize[] {
  const shell = ownerShell(publicDir) ?? "";
  const urls = [...shell.matchAll(/<(?:script|link)\b[^>]*\s(?:src|href)="(\/verwaltung\/assets\/[^"]+\.js)"/g)].map(
    (m) => m[1]!,
  );
  return urls.map((url) => ({
    url,
    gzipBytes: gzipSize(fs.readFileSync(path.join(publicDir, ...url.split("/").filter(Boolean)))),
  }));
}
