/**
 * The frame of the few pages the server writes itself, without the Gatsby build: German, plain HTML, the
 * system fonts, inline styles only (allowed by the CSP) in the brand's colours (common/brand.ts).
 */
import { PALETTE } from "../../common/brand";
import { escapeHtml } from "../../common/escape-html";

export interface PlainPage {
  /** The <title>, already complete (e.g. "Anmeldung bestätigen | Urkraft"). */
  title: string;
  /** CSS for this page, after the shared rules for body and main. */
  style?: string;
  /** The page's HTML inside <body>, already escaped. */
  body: string;
  lang?: string;
  description?: string;
  /** Leaves the page out of search results. */
  noindex?: boolean;
}

/** Body text and the page column, the same on every plain page. */
export const PLAIN_PAGE_STYLE = `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:${PALETTE["cream-100"]};color:${PALETTE["bark-900"]};line-height:1.6}
main{max-width:36rem;margin:2.5rem auto;padding:0 1.25rem}`;

export function plainPage(page: PlainPage): string {
  const meta = [
    page.description === undefined ? "" : `<meta name="description" content="${escapeHtml(page.description)}">\n`,
    page.noindex ? `<meta name="robots" content="noindex">\n` : "",
  ].join("");
  return `<!DOCTYPE html>
<html lang="${escapeHtml(page.lang ?? "de")}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${meta}<title>${escapeHtml(page.title)}</title>
<style>
${page.style ?? ""}
</style>
</head>
<body>
${page.body}
</body>
</html>
`;
}
