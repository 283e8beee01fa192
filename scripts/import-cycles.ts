/**
 * Lists the import cycles among the project's own modules (`npx tsx scripts/import-cycles.ts`; a unit test keeps the
 * list empty). Every relative import counts, `import type` included: a cycle of types still ties two files
 * together. Prints the files of each cycle and exits with 1 when there is one.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const EXTENSIONS = [".ts", ".tsx", ".mts", ".js", ".mjs"];
const SKIP = new Set(["node_modules", "public", ".cache", "releases", "data"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return EXTENSIONS.includes(path.extname(file)) && !file.endsWith(".d.ts") ? [file] : [];
  });
}

function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => path.join(base, "index" + ext))];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile());
}

/** The import graph of the files under `dirs` (paths relative to `root`). */
export function importGraph(root: string, dirs: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of dirs.flatMap((dir) => sourceFiles(path.join(root, dir)))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = importedFiles.map((imported) => resolve(file, imported.fileName)).filter((target) => target !== undefined);
    graph.set(path.relative(root, file), [...new Set(targets.map((target) => path.relative(root, target)))]);
  }
  return graph;
}

/** Each cycle once, as the sorted files that import each other round (strongly connected components). */
export function importCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

export const CHECKED_DIRS = ["common", "src", "server", "scripts", "tools", "e2e"];

if (process.argv[1]?.endsWith(path.join("scripts", "import-cycles.ts"))) {
  const cycles = importCycles(importGraph(process.cwd(), CHECKED_DIRS));
  for (const cycle of cycles) console.log(`Importkreis zwischen ${cycle.join(", ")}`);
  console.log(`${cycles.length} Importkreis(e) in ${CHECKED_DIRS.join(", ")}`);
  process.exit(cycles.length === 0 ? 0 : 1);
}
