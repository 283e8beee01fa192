/**
 * How a test starts the server or the command line as a process of its own. scripts/test-server.ts bundles
 * both once per run with esbuild, as `npm start` bundles the server (TEST_BUNDLE_DIR): a bundled process is
 * ready in a fraction of the time that tsx needs to compile the sources of each new process. A test file run
 * on its own starts the sources through tsx. Both paths are absolute, so the process may run in any folder
 * (the server finds content/ and its migrations from its working folder, as in production).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const PROJECT_DIR = path.resolve(__dirname, "..", "..");
const TSX_LOADER = pathToFileURL(path.join(PROJECT_DIR, "node_modules", "tsx", "dist", "loader.mjs")).href;

export type EntryPoint = "index" | "cli";

export const ENTRY_SOURCES: Record<EntryPoint, string> = { index: "server/index.ts", cli: "server/cli.ts" };

/** The node arguments that start `server/index.ts` or `server/cli.ts`, before the command's own arguments. */
export function entryArgs(entry: EntryPoint, env: NodeJS.ProcessEnv = process.env): string[] {
  const bundle = env.TEST_BUNDLE_DIR && path.join(env.TEST_BUNDLE_DIR, `${entry}.mjs`);
  // --liftoff-only as in `npm start` (package.json).
  if (bundle && existsSync(bundle)) return ["--liftoff-only", "--enable-source-maps", bundle];
  return ["--liftoff-only", "--import", TSX_LOADER, path.join(PROJECT_DIR, ENTRY_SOURCES[entry])];
}
