/**
 * Which pages to measure: every route the browser tests know (e2e/routes.ts), every other page the
 * build wrote (confirmation and error pages reached from e-mails), and a path that does not exist.
 * The owner area (public/verwaltung/, behind its login) is no public page; the audit reports it apart.
 */
import fs from "node:fs";
import path from "node:path";
import { PAGES_UNDER_TEST } from "../../e2e/routes";
import { OWNER_DIR } from "../../server/static/owner-files";
import { NOT_FOUND_COPIES } from "../../common/routes";

/** Gatsby's own copies of the not-found page, reached only through the 404 answer. */
const NOT_PAGES = new Set<string>([...NOT_FOUND_COPIES, `/${OWNER_DIR}`]);

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
  const routes = PAGES_UNDER_TEST.map((r) => r.path);
  const extra = builtPages(publicDir)
    .filter((p) => !routes.includes(p))
    .sort();
  return [...routes, ...extra];
}
