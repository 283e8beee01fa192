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
  }): Promise<unknown>;
  resolveThemes(themes: { themeDir: string }[]): string[];
}

export async function waitToGo(goFile: string, directory: string, pluginDirs: string[]): Promise<void> {
  const parent = process.ppid;
  try {
    const compiler = createRequire(path.join(directory, "package.json"))("gatsby/dist/query/query-compiler") as QueryCompiler;
    await compiler.parseQueries({
      base: directory,
      additional: compiler.resolveThemes(pluginDirs.map((themeDir) => ({ themeDir }))),
      addError: () => undefined,
    });
  } catch {
    // Gatsby parses them itself after the go: only time is lost.
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
