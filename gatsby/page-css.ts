/**
 * Each page carries inline only the CSS rules its own HTML uses. Gatsby inlines the whole stylesheet
 * (every class of every page and of every state the scripts can show) into every page, and the browser
 * parses and matches all of it before the first paint. After the build (gatsby-node.ts onPostBuild) the
 * inline copy is cut down to what the page's markup names; the whole stylesheet, which Gatsby also
 * writes as a file, comes with the scripts on the first input, before they start (after-load.ts), and at once
 * for a browser without JavaScript (`<noscript>`), so a state the scripts or the server add later (an
 * open menu, a field's error) always finds its rules.
 */
import { PurgeCSS } from "purgecss";
import { dropFormControlRules } from "./form-control-css";
import { dropUnusedCustomProperties } from "./unused-custom-properties";

/** Gatsby's inline copy of the global stylesheet; `data-href` names the file. */
const GLOBAL_STYLE = /<style data-href="([^"<>]+)" data-identity="gatsby-global-css">([\s\S]*?)<\/style>/;

/**
 * Every word of the markup that a selector could name: Tailwind classes keep their `:`, `/`, `[`, `]`
 * and `.` (`sm:text-xl`, `w-1/2`), so the markup is split only at what cannot be part of a class.
 */
export function markupWords(html: string): string[] {
  return html.match(/[^<>"'`\s=]+/g) ?? [];
}

export interface PageCss {
  html: string;
  /** The stylesheet file, e.g. "/styles.3ea5724df5bf8619eefc.css"; undefined when the page has no inline copy. */
  stylesheet?: string;
  bytesBefore: number;
  bytesAfter: number;
}

/** The page with its inline stylesheet cut down to the rules its markup uses. */
export async function prunePageCss(html: string): Promise<PageCss> {
  const match = GLOBAL_STYLE.exec(html);
  if (!match) return { html, bytesBefore: 0, bytesAfter: 0 };
  const [tag, stylesheet, css] = match as unknown as [string, string, string];
  const fallback = `<noscript><link rel="stylesheet" href="${stylesheet}"></noscript>`;
  // Cut already (a page Gatsby left from an earlier build): as it is.
  if (html.includes(fallback)) return { html, stylesheet, bytesBefore: css.length, bytesAfter: css.length };
  const markup = html.replace(tag, "");
  const [result] = await new PurgeCSS().purge({
    content: [{ raw: markup, extension: "html" }],
    css: [{ raw: css }],
    defaultExtractor: markupWords,
    // Keyframes that no kept rule runs go too. Font faces stay: font stacks name them, where the cut does
    // not look. Custom properties go afterwards, once it is known which of them a kept rule reads.
    keyframes: true,
    safelist: { standard: ["html", "body", ":root", ":host"] },
  });
  const pruned = dropUnusedCustomProperties(dropFormControlRules(result?.css ?? css, markup), markup);
  const style = tag.replace(css, () => pruned);
  return {
    html: html.replace(tag, () => style + fallback),
    stylesheet,
    bytesBefore: css.length,
    bytesAfter: pruned.length,
  };
}
