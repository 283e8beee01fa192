/**
 * The site's scripts start after the page has loaded. Gatsby writes its bundles as `<script async>`
 * tags, which the browser fetches at once, beside the hero picture and ahead of the first paint. The
 * pages are whole without them (the forms post without JavaScript too), so after the build
 * (gatsby-node.ts onPostBuild) each page gets one inline script in their place that adds the same
 * bundles once the page has loaded and painted. The web fonts follow after hydration (gatsby-browser.tsx).
 */
import fs from "node:fs";
import path from "node:path";

/** One `<script src="…" async></script>` tag as Gatsby writes it. */
const ASYNC_BUNDLE = /<script src="([^"<>]+)" async(?:="")?><\/script>/g;

/**
 * The inline script that adds the bundles once the page has loaded and shown its first content (its
 * SHA-256 goes into the page's CSP): after `load`, once the browser has reported the first contentful
 * paint, one frame later. A timer starts them after a second at the latest (a background tab draws no
 * frames; a browser without paint timing reports none).
 */
export function afterLoadScript(sources: readonly string[]): string {
  return (
    `(function(s){var d=0;function go(){if(d)return;d=1;s.forEach(function(u){var e=document.createElement("script");` +
    `e.src=u;e.async=true;document.body.appendChild(e)})}function next(){requestAnimationFrame(function(){setTimeout(go,0)})}` +
    `function fcp(l){return l.getEntriesByName("first-contentful-paint").length>0}` +
    `function loaded(){setTimeout(go,1000);if(fcp(performance))return next();` +
    `new PerformanceObserver(function(l,o){if(fcp(l)){o.disconnect();next()}}).observe({type:"paint",buffered:true})}` +
    `if(document.readyState==="complete")loaded();else addEventListener("load",loaded,{once:true})})` +
    `(${JSON.stringify(sources)});`
  );
}

/** The page with its bundle tags replaced by the after-load script; unchanged when it has none. */
export function deferBundles(html: string): string {
  const sources = [...html.matchAll(ASYNC_BUNDLE)].map((match) => match[1]);
  if (sources.length === 0) return html;
  let first = true;
  return html.replace(ASYNC_BUNDLE, () => {
    if (!first) return "";
    first = false;
    return `<script id="after-load">${afterLoadScript(sources)}</script>`;
  });
}

/** Every built HTML page under `publicDir` (the owner area is built apart and left alone); returns how many changed. */
export function deferBundlesInBuild(publicDir: string): number {
  let changed = 0;
  for (const entry of fs.readdirSync(publicDir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    if (path.relative(publicDir, file).split(path.sep)[0] === "verwaltung") continue;
    const html = fs.readFileSync(file, "utf8");
    const deferred = deferBundles(html);
    if (deferred === html) continue;
    fs.writeFileSync(file, deferred);
    changed += 1;
  }
  return changed;
}
