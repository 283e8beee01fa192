/**
 * What the server tests and the browser tests prepare once per run, for every test process to share:
 * server/index.ts and server/cli.ts bundled as `npm run build:server` bundles the server (a bundled process
 * is ready in a fraction of the time tsx needs to compile the sources), and two PGlite clusters to copy,
 * one never migrated and one migrated (making a cluster costs seconds of initdb in WebAssembly). Their
 * places go into the environment that the test processes inherit (server/test-support/entry-points.ts,
 * server/test-support/databases.ts).
 */
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { createPgliteTemplate } from "../../server/test-support/databases";
import { ENTRY_SOURCES } from "../../server/test-support/entry-points";

const ROOT = path.resolve(__dirname, "..", "..");
/** Beside the bundle `npm start` runs, so that both find the packages and the project's files alike. */
const BUNDLE_DIR = path.join(ROOT, "node_modules", ".cache", "urkraft", "test-bundles");

async function bundleEntryPoints(): Promise<void> {
  rmSync(BUNDLE_DIR, { recursive: true, force: true });
  await build({
    entryPoints: Object.entries(ENTRY_SOURCES).map(([out, source]) => ({ in: path.join(ROOT, source), out })),
    outdir: BUNDLE_DIR,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    packages: "external",
    format: "esm",
    target: "node24",
    sourcemap: true,
    logLevel: "warning",
  });
}

/** What a run prepares, as the environment names it. */
const PREPARED = ["TEST_BUNDLE_DIR", "TEST_PGLITE_TEMPLATE", "TEST_PGLITE_MIGRATED_TEMPLATE"] as const;

/**
 * Prepares the run, sets TEST_BUNDLE_DIR and the templates' TEST_PGLITE_* variables, and returns the clean-up.
 * Where the caller has prepared already (`npm test` does it once for the server and the browser tests), its
 * bundles and templates serve, and the clean-up stays the caller's.
 */
export async function prepareTestRun(): Promise<() => void> {
  if (PREPARED.every((name) => process.env[name] && existsSync(process.env[name]!))) return () => undefined;
  await bundleEntryPoints();
  const empty = await createPgliteTemplate();
  const migrated = await createPgliteTemplate({ migrated: true, from: empty.dir });
  process.env.TEST_BUNDLE_DIR = BUNDLE_DIR;
  process.env.TEST_PGLITE_TEMPLATE = empty.dir;
  process.env.TEST_PGLITE_MIGRATED_TEMPLATE = migrated.dir;
  return () => {
    empty.remove();
    migrated.remove();
  };
}
