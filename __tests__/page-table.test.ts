/**
 * The routes' table (common/routes.ts) is the one list of pages: every page component and every page's copy
 * has its row, and which pages show a content file follows from the rows.
 */
import fs from "node:fs";
import path from "node:path";
import { ALL_ROUTES, ROUTES } from "../common/routes";
import { OBJECT_FILES } from "../common/content/content-schema";
import { pagesShowing } from "../common/content/editable-files";

const ROOT = path.join(__dirname, "..");
const componentOf = (routePath: string) => `src/pages/${routePath === "/" ? "index" : routePath.slice(1)}.tsx`;

it("has a row for every page component and every page's copy, and a component for every row with a copy", () => {
  const components = fs
    .readdirSync(path.join(ROOT, "src/pages"))
    .filter((name) => /^[a-z-]+\.tsx$/.test(name) && name !== "404.tsx");
  const rows = ALL_ROUTES.filter((route) => route.type);
  expect(components.map((name) => `src/pages/${name}`).sort()).toEqual(rows.map((route) => componentOf(route.path)).sort());
  const copies = fs.readdirSync(path.join(ROOT, "content/pages")).map((name) => `pages/${name}`);
  expect(copies.sort()).toEqual(rows.map((route) => route.content).sort());
  expect(OBJECT_FILES.map((entry) => entry.file)).toEqual(["notices.json", ...rows.map((route) => route.content)]);
});

it("opens the page about a list first, then the others that show it", () => {
  expect(pagesShowing("recipes.json")).toEqual([ROUTES.recipes.path, ROUTES.nutrition.path]);
  expect(pagesShowing("site.json")).toEqual([ROUTES.home.path, ROUTES.contact.path]);
  expect(pagesShowing("pages/home.json")).toEqual([ROUTES.home.path]);
  expect(pagesShowing("legal/agb.md")).toEqual([ROUTES.terms.path]);
  expect(pagesShowing("emails/lead-welcome.md")).toEqual([]);
});
