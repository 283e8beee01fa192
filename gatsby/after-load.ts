/**
 * The site's scripts start on the visitor's first input. Gatsby writes its bundles as `<script async>`
 * tags, which the browser fetches at once, beside the hero picture and ahead of the first paint, and then
 * hydrates the whole page on the main thread. The pages are whole without them: links are links, the
 * forms post without JavaScript, and the web fonts come without them too. So after the build
 * (gatsby-node.ts onPostBuild) each page gets one inline script in their place that
 * - once the page has loaded and painted, loads the web fonts and shows them together (one new layout,
 *   not one per file), and has the browser fetch the whole stylesheet (page-css.ts) and the bundles
 *   without applying or running them (`prefetch`), so that a first input waits less;
 * - on the visitor's first input (pointer, touch, scroll, key, focus), or at once on a page marked
 *   HYDRATE_AT_ONCE, adds the stylesheet and, once it has loaded or failed, the bundles, so whatever the
 *   scripts show finds its rules;
 * - writes the visitor's date into each `<time>` marked TODAY at once (the HTML has the build date): the
 *   day in Germany, from the UTC clock and the EU's summer-time rule (last Sunday of March to last Sunday
 *   of October, from 01:00 UTC), as german-date.ts shows it; the browser's Intl would cost tens of
 *   milliseconds to start here;
 * - holds a click on a REPLAY_CLICK control (the menu button, the home page's scrolling calls to action)
 *   until the page has hydrated, and then clicks it again.
 */
import fs from "node:fs";
import path from "node:path";
import { prunePageCss } from "./page-css";
import { publishWebFonts, type PublishedFont } from "../src/styles/fonts";
import { HYDRATED_ATTRIBUTE, HYDRATE_AT_ONCE, REPLAY_CLICK, TODAY } from "../src/hydration-marks";
import { AFTER_LOAD_ID, TRUSTED_SCRIPTS_FILE, buildScriptsIn, scriptHash, type TrustedScripts } from "../common/trusted-scripts";

/** One `<script src="…" async></script>` tag as Gatsby writes it. */
const ASYNC_BUNDLE = /<script src="([^"<>]+)" async(?:="")?><\/script>/g;

/**
 * Gatsby's inline data for its bundles, each in a tag of its own: the page's path, the names of the
 * chunks and the build's hash. The bundles read them when they start, so the loader can set them as well;
 * one inline script instead of four makes the page's answer shorter (each needs its hash in the CSP).
 */
const GATSBY_DATA =
  /<script(?:\s+id="gatsby-(?:script-loader|chunk-mapping)")?\s*>\s*(?:\/\*<!\[CDATA\[\*\/)?(window\.(?:pagePath|___chunkMapping|___webpackCompilationHash)=[^<]*?;)(?:\/\*\]\]>\*\/)?\s*<\/script>/g;

/** The inputs that show a visitor is there and may soon use a control. */
export const FIRST_INPUTS = ["pointerdown", "pointermove", "touchstart", "keydown", "focusin", "wheel", "scroll"] as const;

const REPLAY_ATTRIBUTE = Object.keys(REPLAY_CLICK)[0]!;
const TODAY_ATTRIBUTE = Object.keys(TODAY)[0]!;
const [AT_ONCE_ATTRIBUTE, AT_ONCE_VALUE] = Object.entries(HYDRATE_AT_ONCE)[0]!;

export interface AfterLoadOptions {
  /** The whole stylesheet, when the page's inline CSS holds only its own rules. */
  stylesheet?: string;
  /** The web fonts to load once the page has painted. */
  fonts?: readonly PublishedFont[];
  /** Start the stylesheet and the bundles after the paint without waiting for an input. */
  atOnce?: boolean;
  /** Statements that run first: Gatsby's data for its bundles (GATSBY_DATA). */
  gatsbyData?: string;
}

/**
 * The inline script (its SHA-256 goes into the page's CSP). The page's paint: after `load`, once the
 * browser has reported the first contentful paint, one frame later; a timer goes on after a second at the
 * latest (a background tab draws no frames; a browser without paint timing reports none). A face that
 * fails to load is left out; the local fallback stands in for it. Layout.tsx marks the hydrated page
 * with HYDRATED_ATTRIBUTE; a held click is played again then.
 */
export function afterLoadScript(sources: readonly string[], options: AfterLoadOptions = {}): string {
  const args = [sources, options.stylesheet ?? "", options.fonts ?? [], options.atOnce ? 1 : 0, FIRST_INPUTS];
  return (
    (options.gatsbyData ?? "") +
    `(function(s,c,f,a,i){var d=document,h=d.documentElement,w=window,p=0,g=0,held=null;` +
    `var today=d.querySelectorAll("time[${TODAY_ATTRIBUTE}]");if(today.length){var n=Date.now(),y=new Date(n).getUTCFullYear();` +
    `var last=function(m){var x=new Date(Date.UTC(y,m+1,0,1));return x.setUTCDate(x.getUTCDate()-x.getUTCDay())};` +
    `var b=new Date(n+(n>=last(2)&&n<last(9)?2:1)*36e5),two=function(v){return(v<10?"0":"")+v};` +
    `var Y=b.getUTCFullYear(),M=two(b.getUTCMonth()+1),D=two(b.getUTCDate());` +
    `today.forEach(function(t){t.dateTime=Y+"-"+M+"-"+D;t.textContent=D+"."+M+"."+Y})}` +
    `function add(n,k){for(var x in k)n.setAttribute(x,k[x]);return d.head.appendChild(n)}` +
    `function scripts(){s.forEach(function(u){var e=d.createElement("script");e.src=u;e.async=true;` +
    `d.body.appendChild(e)})}` +
    `function start(){if(g||!p||!a)return;g=1;if(!c)return scripts();` +
    `var l=add(d.createElement("link"),{rel:"stylesheet",href:c});l.onload=l.onerror=scripts}` +
    `function want(){if(a)return;a=1;i.forEach(function(t){w.removeEventListener(t,want,true)});start()}` +
    `if(!a)i.forEach(function(t){w.addEventListener(t,want,{capture:true,passive:true})});` +
    `function hold(e){var b=e.target&&e.target.closest&&e.target.closest("[${REPLAY_ATTRIBUTE}]");` +
    `if(!b||h.hasAttribute("${HYDRATED_ATTRIBUTE}"))return;e.preventDefault();e.stopImmediatePropagation();held=b;want()}` +
    `d.addEventListener("click",hold,true);` +
    `new MutationObserver(function(m,o){if(!h.hasAttribute("${HYDRATED_ATTRIBUTE}"))return;o.disconnect();` +
    `d.removeEventListener("click",hold,true);var b=held;held=null;if(b)b.click()})` +
    `.observe(h,{attributes:true,attributeFilter:["${HYDRATED_ATTRIBUTE}"]});` +
    `function fonts(){if(!d.fonts||typeof FontFace==="undefined")return;var all=f.map(function(x){` +
    `return new FontFace(x[0],"url("+x[1]+") format(\\""+x[2]+"\\")",` +
    `{weight:x[3],style:"normal",display:"swap",unicodeRange:x[4]})});` +
    `Promise.all(all.map(function(x){return x.load().catch(function(){})})).then(function(){` +
    `all.forEach(function(x){if(x.status==="loaded")d.fonts.add(x)})})}` +
    `function prefetch(){if(a)return;(c?[[c,"style"]]:[]).concat(s.map(function(u){return[u,"script"]}))` +
    `.forEach(function(x){add(d.createElement("link"),{rel:"prefetch",as:x[1],href:x[0]})})}` +
    `function go(){if(p)return;p=1;fonts();prefetch();start()}` +
    `function next(){requestAnimationFrame(function(){setTimeout(go,0)})}` +
    `function fcp(l){return l.getEntriesByName("first-contentful-paint").length>0}` +
    `function loaded(){setTimeout(go,1000);if(fcp(performance))return next();` +
    `new PerformanceObserver(function(l,o){if(fcp(l)){o.disconnect();next()}}).observe({type:"paint",buffered:true})}` +
    `if(d.readyState==="complete")loaded();else w.addEventListener("load",loaded,{once:true})})` +
    `(${args.map((arg) => JSON.stringify(arg)).join(",")});`
  );
}

/** Whether the page's markup marks it HYDRATE_AT_ONCE. */
export function hydratesAtOnce(html: string): boolean {
  return html.includes(`${AT_ONCE_ATTRIBUTE}="${AT_ONCE_VALUE}"`);
}

/**
 * The page with its bundle tags replaced by the after-load script, which also takes over Gatsby's inline
 * data for the bundles; unchanged when it has no bundle tags.
 */
export function deferBundles(html: string, options: Omit<AfterLoadOptions, "atOnce" | "gatsbyData"> = {}): string {
  const sources = [...html.matchAll(ASYNC_BUNDLE)].map((match) => match[1]!);
  if (sources.length === 0) return html;
  const gatsbyData = [...html.matchAll(GATSBY_DATA)].map((match) => match[1]!).join("");
  const script = afterLoadScript(sources, { ...options, atOnce: hydratesAtOnce(html), gatsbyData });
  let first = true;
  return html.replace(GATSBY_DATA, "").replace(ASYNC_BUNDLE, () => {
    if (!first) return "";
    first = false;
    return `<script id="${AFTER_LOAD_ID}">${script}</script>`;
  });
}

export interface BuildPages {
  /** Pages whose bundles now start by the after-load script. */
  deferred: number;
  /** Inline CSS of all pages before and after the cut, in bytes. */
  cssBefore: number;
  cssAfter: number;
}

/**
 * Every built HTML page under `publicDir` (the owner area is built apart and left alone): its inline CSS
 * cut down to its own rules (page-css.ts), the web fonts published, and its bundles started by the
 * after-load script; the after-load scripts' hashes go into TRUSTED_SCRIPTS_FILE, the only inline scripts
 * the server's CSP lets run.
 */
export async function finishBuiltPages(publicDir: string): Promise<BuildPages> {
  const totals: BuildPages = { deferred: 0, cssBefore: 0, cssAfter: 0 };
  const fonts = publishWebFonts(publicDir);
  const written = new Set<string>();
  for (const entry of fs.readdirSync(publicDir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    if (path.relative(publicDir, file).split(path.sep)[0] === "verwaltung") continue;
    const html = fs.readFileSync(file, "utf8");
    const css = await prunePageCss(html);
    const finished = deferBundles(css.html, { stylesheet: css.stylesheet, fonts });
    // Also the script of a page a build before this one finished and left as it was.
    for (const script of buildScriptsIn(finished)) written.add(script);
    totals.cssBefore += css.bytesBefore;
    totals.cssAfter += css.bytesAfter;
    if (finished === html) continue;
    if (finished !== css.html) totals.deferred += 1;
    fs.writeFileSync(file, finished);
  }
  const trusted: TrustedScripts = { hashes: [...new Set([...written].map(scriptHash))].sort() };
  fs.writeFileSync(path.join(publicDir, TRUSTED_SCRIPTS_FILE), `${JSON.stringify(trusted, null, 2)}\n`);
  return totals;
}
