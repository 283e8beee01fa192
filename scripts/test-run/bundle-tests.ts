/**
 * The server test files bundled, each into one CommonJS file holding the project's code it imports, with the
 * packages left outside, as `npm run build:server` bundles the server. A test process then loads one file
 * instead of compiling some two hundred TypeScript modules through tsx, whose hooks also cost time for every
 * package loaded: a test file that opens both databases and the app took 3.5 s of CPU bundled against 4.8 s
 * through tsx, source maps included.
 *
 * The bundles lie in a folder of their own under the system's temporary folder (node's test runner does not
 * run files under node_modules), beside a link to the project's node_modules, so that `require("fastify")`
 * finds the project's packages. Each module keeps its own place: __dirname, __filename and
 * import.meta.dirname are written into it as those of its source file, and `require.main === module` (a
 * script's "when started directly") is false, as it is for any imported module.
 */
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { build, type Plugin } from "esbuild";

const ROOT = path.resolve(__dirname, "..", "..");

/** What a module of the project says of its own place, written as its source file's place. */
function keepPlace(file: string, source: string): string {
  const dir = JSON.stringify(path.dirname(file));
  const self = JSON.stringify(file);
  const body = source
    .replaceAll("import.meta.dirname", dir)
    .replaceAll("import.meta.filename", self)
    .replaceAll("require.main === module", "false");
  const own = /\b__(dirname|filename)\b/.test(body) ? `var __dirname = ${dir};\nvar __filename = ${self};\n` : "";
  return own + body;
}

const keepPlaces: Plugin = {
  name: "keep-places",
  setup(builder) {
    builder.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.split(path.sep).includes("node_modules")) return undefined;
      const source = await readFile(args.path, "utf8");
      return { contents: keepPlace(args.path, source), loader: args.path.endsWith(".tsx") ? "tsx" : "ts" };
    });
  },
};

export interface TestBundles {
  /** The bundle to run for a test file, given relative to the project or absolute. */
  bundleOf(file: string): string;
  /** The test file (relative to the project) a bundle was made from. */
  sourceOf(bundle: string): string;
  remove(): void;
}

export async function bundleTestFiles(files: string[]): Promise<TestBundles> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "urkraft-test-files-"));
  symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  await build({
    entryPoints: files.map((file) => path.resolve(ROOT, file)),
    outdir: dir,
    outbase: ROOT,
    outExtension: { ".js": ".cjs" },
    bundle: true,
    platform: "node",
    packages: "external",
    format: "cjs",
    target: "node24",
    // Stack traces name the source files and lines; the sources themselves stay out of the maps.
    sourcemap: "inline",
    sourcesContent: false,
    logLevel: "warning",
    plugins: [keepPlaces],
  });
  return {
    bundleOf: (file) => path.join(dir, path.relative(ROOT, path.resolve(ROOT, file)).replace(/\.ts$/, ".cjs")),
    sourceOf: (bundle) => path.relative(dir, path.resolve(bundle)).replace(/\.cjs$/, ".ts"),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
