/**
 * @jest-environment node
 */
/** No two modules of the project import each other, directly or round a chain (scripts/import-cycles.ts). */
import path from "node:path";
import { CHECKED_DIRS, importCycles, importGraph } from "../scripts/import-cycles";

const root = path.resolve(__dirname, "..");

test("no import cycles in common/, src/, server/, scripts/, tools/, e2e/", () => {
  expect(importCycles(importGraph(root, CHECKED_DIRS))).toEqual([]);
});

test("the check finds a cycle, also one through a type-only or a lazy import", () => {
  const graph = new Map([
    ["a.ts", ["b.ts"]],
    ["b.ts", ["c.ts"]],
    ["c.ts", ["a.ts"]],
    ["d.ts", ["a.ts"]],
  ]);
  expect(importCycles(graph)).toEqual([["a.ts", "b.ts", "c.ts"]]);
  const owner = importGraph(root, ["src/owner"]);
  // OwnerApp loads each screen lazily (import()); such edges count like static ones.
  expect(owner.get(path.join("src", "owner", "OwnerApp.tsx"))).toContain(path.join("src", "owner", "pages", "LoginPage.tsx"));
});
