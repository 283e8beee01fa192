/**
 * @jest-environment node
 */
/**
 * No two modules of the project import each other, directly or round a chain, and the floors hold
 * (`npm run check:imports`: dependency-cruiser with .dependency-cruiser.cjs).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(__dirname, "..");

interface Cruise {
  modules: { source: string; dependencies: { resolved: string }[] }[];
  summary: { violations: { rule: { name: string }; from: string; cycle?: { name: string }[] }[] };
}

/** `npm run check:imports` (with `paths` instead of the project's folders when given), as JSON. */
function cruise(paths: string[] = []): Cruise {
  const command = paths.length
    ? ["exec", "--", "depcruise", "--config", ".dependency-cruiser.cjs", ...paths]
    : ["run", "-s", "check:imports", "--"];
  const { stdout } = spawnSync("npm", [...command, "--output-type", "json"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout) as Cruise;
}

/** Each cycle once, as the sorted files that import each other round. */
const importCycles = (result: Cruise) =>
  result.summary.violations
    .filter((violation) => violation.rule.name === "importkreis")
    .map((violation) => [...new Set([violation.from, ...(violation.cycle ?? []).map((step) => step.name)])].sort());

test("no import cycles in common/, src/, server/, scripts/, tools/, e2e/, and the floors hold", () => {
  const result = cruise();
  expect(importCycles(result)).toEqual([]);
  expect(result.summary.violations).toEqual([]);
  // The screen table loads each screen lazily (import()); such edges count like static ones.
  const screens = result.modules.find((module) => module.source === "src/owner/screens.tsx");
  expect(screens?.dependencies.map((dependency) => dependency.resolved)).toContain("src/owner/pages/LoginPage.tsx");
});

test("the check finds a cycle, also one through a type-only or a lazy import", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "import-cycles-"));
  try {
    writeFileSync(path.join(dir, "a.ts"), 'import type { C } from "./b";\nexport type A = C;\n');
    writeFileSync(path.join(dir, "b.ts"), 'export type C = string;\nexport const load = () => import("./c");\n');
    writeFileSync(path.join(dir, "c.ts"), 'import type { A } from "./a";\nexport const a: A = "";\n');
    writeFileSync(path.join(dir, "d.ts"), 'import type { A } from "./a";\nexport const d: A = "";\n');
    const cycles = importCycles(cruise([dir])).map((cycle) => cycle.map((file) => path.basename(file)));
    expect(cycles).toEqual([["a.ts", "b.ts", "c.ts"]]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
