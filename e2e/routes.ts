/**
 * Every public route of the site (common/routes.ts) with its <h1>, so browser tests and scripts visit the
 * same list. Headings come from the content files an editor changes; the contact page's title is the
 * specification's.
 */
import fs from "node:fs";
import path from "node:path";
import { readFrontMatter } from "../common/content/front-matter";
import { ALL_ROUTES, ROUTES as SITE_ROUTES, type SiteRoute } from "../common/routes";
import { fillPlaceholders } from "../common/content/placeholders";

export interface Route {
  path: string;
  heading: string | RegExp;
}

const CONTENT_DIR = path.join(__dirname, "..", "content");
const site = JSON.parse(fs.readFileSync(path.join(CONTENT_DIR, "site.json"), "utf8"));

function headingOf(route: SiteRoute): string {
  if (route.path === SITE_ROUTES.contact.path) return SITE_ROUTES.contact.title;
  if (!route.content) throw new Error(`${route.path}: no content file in common/routes.ts`);
  const text = fs.readFileSync(path.join(CONTENT_DIR, route.content), "utf8");
  if (route.content.endsWith(".md")) return String(readFrontMatter(text).data.title);
  return fillPlaceholders(JSON.parse(text).hero.title, site);
}

/** The pages a link leads to without a token: every route but the owner area and the pages that need one. */
export const PAGES_UNDER_TEST: Route[] = ALL_ROUTES.filter((route) => route.kind !== "owner" && !route.needsToken).map(
  (route) => ({ path: route.path, heading: headingOf(route) }),
);
