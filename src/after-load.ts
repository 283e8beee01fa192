/**
 * The site's scripts start after the page has loaded. Gatsby writes its bundles as `<script async>`
 * tags, which the browser fetches at once, beside the hero picture and ahead of the first paint. The
 * pages are whole without them (the forms post without JavaScript too), so after the build
 * (gatsby-node.ts onPostBuild) each page gets one inline script in their place that adds the same
 * bundles once the page has loaded and painted. The web fonts follow after hydration (gatsby-browser.tsx).
 */
import fs from "node:fs";
import path from "node:path";
import { prunePageCss } from "./page-css";

/** One `<script src="…" async></script>` tag as Gatsby writes it. */
const ASYNC_BUNDLE = /<script src="([^"<>]+)" async(?:="")?><\/script>/g;

/**
 * The inline script that adds the bundles once the page has loaded and shown its first content (its
 * SHA-256 goes into the page's CSP): after `load`, once the browser has reported the first contentful
 * paint, one frame later. A timer starts them after a second at the latest (a background tab draws no
 * frames; a browser without paint timing reports none). With a `stylesheet` (page-css.ts: the page's
 * inline CSS holds only the rules its markup uses) that file comes first and the bundles once it has
 * loaded or failed, so whatever the scripts show finds its rules.
 */
export function afterLoadScript(sources: readonly string[], stylesheet?: string): string {
  return (
    `(function(s,c){var d=0;function run(){s.forEach(function(u){var e=document.createElement("script");` +
    `e.src=u;e.async=true;document.body.appendChild(e)})}` +
    `function go(){if(d)return;d=1;if(!c)return run();var l=document.createElement("link");l.rel="stylesheet";` +
    `l.href=c;l.onload=l.onerror=run;document.head.appendChild(l)}` +
    `function next(){requestAnimationFrame(function(){setTimeout(go,0)})}` +
    `function fcp(l){return l.getEntriesByName("first-contentful-paint").length>0}` +
    `function loaded(){setTimeout(go,1000);if(fcp(performance))return next();` +
    `new PerformanceObserver(function(l,o){if(fcp(l)){o.disconnect();next()}}).observe({type:"paint",buffered:true})}` +
    `if(document.readyState==="complete")loaded();else addEventListener("load",loaded,{once:true})})` +
    `(${JSON.stringify(sources)}${stylesheet ? `,${JSON.stringify(stylesheet)}` : ""});`
  );
}

/** The page with its bundle tags replaced by the after-load script; unchanged when it has none. */
export function deferBundles(html: string, stylesheet?: string): string {
  const sources = [...html.matchAll(ASYNC_BUNDLE)].map((match) => match[1]);
  if (sources.length === 0) return html;
  let first = true;
  return html.replace(ASYNC_BUNDLE, () => {
    if (!first) return "";
    first = false;
    return `<script id="after-load">${afterLoadScript(sources, stylesheet)}</script>`;
  });
}

export interface BuildPages {
  /** Pages whose bundles now start after the first paint. */
  deferred: number;
  /** Inline CSS of all pages before and after the cut, in bytes. */
  cssBefore: number;
  cssAfter: number;
}

/**
 * Every built HTML page under `publicDir` (the owner area is built apart and left alone): its inline CSS
 * cut down to its own rules (page-css.ts) and its bundles started after the first paint.
 */
export async function finishBuiltPages(publicDir: string): Promise<BuildPages> {
  const totals: BuildPages = { deferred: 0, cssBefore: 0, cssAfter: 0 };
  for (const entry of fs.readdirSync(publicDir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    if (path.relative(publicDir, file).split(path.sep)[0] === "verwaltung") continue;
    const html = fs.readFileSync(file, "utf8");
    const css = await prunePageCss(html);
    const finished = deferBundles(css.html, css.stylesheet);
    totals.cssBefore += css.bytesBefore;
    totals.cssAfter += css.bytesAfter;
    if (finished === html) continue;
    if (finished !== css.html) totals.deferred += 1;
    fs.writeFileSync(file, finished);
  }
  return totals;
}
