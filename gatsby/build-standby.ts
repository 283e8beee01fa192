/**
 * A preview's Gatsby build started ahead of its click (BUILD_GO_ENV, server/release/build-preview.ts) waits
 * here, in onPreBootstrap, until its go file names it (its process id): by then Gatsby is loaded, gatsby-config and gatsby-node
 * are compiled and the plugins loaded, and the components' files are parsed for their queries (Gatsby keeps
 * what it parsed by the file's text, so its own extraction later finds it done). Content is read only after
 * the go. The build ends itself when the process that started it is gone, or after an hour of waiting.
 */
import { readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const POLL_MS = 15;
const LONGEST_WAIT_MS = 60 * 60 * 1000;

interface QueryCompiler {
  parseQueries(options: {
    base: string;
    additional: string[];
    addError: (error: unknown) => void;
    parentSpan?: unknown;
  }): Promise<unknown[]>;
}

/**
 * Gatsby's state in onPreBootstrap, as far as it is read here. Each plugin is named by its folder
 * (`resolve`): the `pluginFilepath` Gatsby's own extraction reads is set only later, in sourceNodes.
 */
export interface GatsbyStateAtStart {
  program: { directory: string };
  flattenedPlugins: readonly { resolve: string }[];
}

/**
 * Parses the files Gatsby's query extraction parses (src/, each plugin's src/, the gatsby-* packages),
 * in this process, so that the extraction finds them in its cache. Returns the number of queries found.
 */
export async function parseQueriesAhead(state: GatsbyStateAtStart): Promise<number> {
  const directory = state.program.directory;
  const compiler = createRequire(path.join(directory, "package.json"))("gatsby/dist/query/query-compiler") as QueryCompiler;
  const errors: unknown[] = [];
  const queries = await compiler.parseQueries({
    base: directory,
    additional: state.flattenedPlugins.map((plugin) => plugin.resolve),
    addError: (error) => void errors.push(error),
  });
  if (errors.length > 0) throw new Error(`${errors.length} Dateien ließen sich nicht lesen`);
  return queries.length;
}

/** Waits for the go; `warn` hears when parsing ahead failed (Gatsby then parses after the go: only time is lost). */
export async function waitToGo(goFile: string, state: GatsbyStateAtStart, warn: (message: string) => void): Promise<void> {
  const parent = process.ppid;
  try {
    await parseQueriesAhead(state);
  } catch (error) {
    warn(`Die Abfragen der Komponenten ließen sich nicht vorab lesen: ${(error as Error).message}`);
  }
  // The go names the process it is for: another build waiting in the same folder does not take it.
  const until = Date.now() + LONGEST_WAIT_MS;
  while (readGo(goFile) !== String(process.pid)) {
    if (process.ppid !== parent || Date.now() > until) process.exit(1);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  rmSync(goFile, { force: true });
}

function readGo(goFile: string): string | undefined {
  try {
    return readFileSync(goFile, "utf8").trim();
  } catch {
    return undefined;
  }
}
