/**
 * Which pages to measure: every route the browser tests know (e2e/routes.ts), every other page the
 * build wrote (confirmation and error pages reached from e-mails), and a path that does not exist.
 */
import fs from "node:fs";
import path from "node:path";
import { ROUTES } from "../../e2e/routes";
import { NOT_FOUND_PATH } from "./budgets";

/** Gatsby's own copies of the not-found page, reached only through the 404 answer. */
const NOT_PAGES = new Set(["/404", "/404.html", "/dev-404-page"]);

/** Paths of the HTML pages in a Gatsby build (`public/agb/index.html` → `/agb`). */
export function builtPages(publicDir: string): string[] {
  if (!fs.existsSync(path.join(publicDir, "index.html"))) return [];
  const pages = ["/"];
  for (const entry of fs.readdirSync(publicDir, { withFileTypes: true })) {
    const page = `/${entry.name}`;
    if (entry.isDirectory() && !NOT_PAGES.has(page) && fs.existsSync(path.join(publicDir, entry.name, "index.html")))
      pages.push(page);
  }
  return pages;
}

/** The routes first, in their order; then further built pages, sorted. */
export function pagesToMeasure(publicDir = path.resolve(__dirname, "../../public")): string[] {
  const routes = ROUTES.map((r) => r.path);
  const extra = builtPages(publicDir)
    .filter((p) => !routes.includes(p))
    .sort();
  return [...routes, ...extra];
}

export { NOT_FOUND_PATH };
