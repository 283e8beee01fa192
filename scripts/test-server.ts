/**
 * `npm run test:server`: every *.test.ts under server/ and scripts/ (new files are found by themselves) with
 * node's test runner, several files at once, each in a process of its own. That is safe because every test
 * takes free ports, its own data folders and PostgreSQL databases with unique names; PGlite databases are
 * copies of one empty cluster made at the start (making each anew would cost seconds). The files that took
 * longest last time start first, so the run does not end waiting for one slow file; the times are kept in
 * node_modules/.cache/urkraft/ and the slowest files are printed at the end.
 *
 * Arguments narrow the run to the given files. TEST_CONCURRENCY sets how many files run at once.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { createPgliteTemplate } from "../server/test-support/databases";
import { ENTRY_SOURCES } from "../server/test-support/entry-points";

/** What scripts/test-run/file-times.mts writes for each file. */
interface FileTime {
  file: string;
  seconds: number;
}

const ROOT = path.resolve(__dirname, "..");
const TIMES_FILE = path.join(ROOT, "node_modules", ".cache", "urkraft", "server-test-times.json");
/** Most of a server test's time is spent waiting (for timers, child processes, the database), not computing. */
export const SERVER_TEST_CONCURRENCY = Number(process.env.TEST_CONCURRENCY || 4);
/** A file without a time of its own yet is put among the slower ones. */
const UNKNOWN_SECONDS = 20;
/** Beside the bundle `npm start` runs, so that both find the packages and the project's files alike. */
const BUNDLE_DIR = path.join(ROOT, "node_modules", ".cache", "urkraft", "test-bundles");

/** server/index.ts and server/cli.ts bundled as `npm run build:server` does, for the tests' own processes. */
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

function testFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts") && !file.split(path.sep).includes("node_modules"))
    .map((file) => path.join(dir, file));
}

function readTimes(file: string): Record<string, number> {
  try {
    const times = JSON.parse(readFileSync(file, "utf8")) as FileTime[];
    return Object.fromEntries(times.map(({ file: name, seconds }) => [name, seconds]));
  } catch {
    return {};
  }
}

const files = process.argv.length > 2 ? process.argv.slice(2) : [...testFiles("server"), ...testFiles("scripts")];
const known = readTimes(TIMES_FILE);
const ordered = files.sort((a, b) => (known[b] ?? UNKNOWN_SECONDS) - (known[a] ?? UNKNOWN_SECONDS) || a.localeCompare(b));

async function main(): Promise<number> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "urkraft-server-tests-"));
  const timesOfThisRun = path.join(scratch, "times.json");
  // One empty PGlite cluster for every test of the run to copy (server/test-support/databases.ts).
  await bundleEntryPoints();
  const template = await createPgliteTemplate();
  const migrated = await createPgliteTemplate({ migrated: true, from: template.dir });
  const { status, signal } = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "--test",
      `--test-concurrency=${SERVER_TEST_CONCURRENCY}`,
      "--test-reporter=spec",
      "--test-reporter-destination=stdout",
      `--test-reporter=${path.join(__dirname, "test-run", "file-times.mts")}`,
      `--test-reporter-destination=${timesOfThisRun}`,
      ...ordered,
    ],
    {
      cwd: ROOT,
      stdio: "inherit",
      env: {
        ...process.env,
        TEST_PGLITE_TEMPLATE: template.dir,
        TEST_PGLITE_MIGRATED_TEMPLATE: migrated.dir,
        TEST_BUNDLE_DIR: BUNDLE_DIR,
      },
    },
  );
  template.remove();
  migrated.remove();

  const measured = readTimes(timesOfThisRun);
  rmSync(scratch, { recursive: true, force: true });
  if (Object.keys(measured).length > 0) {
    mkdirSync(path.dirname(TIMES_FILE), { recursive: true });
    const merged = Object.entries({ ...known, ...measured }).map(([file, seconds]) => ({ file, seconds }));
    writeFileSync(TIMES_FILE, `${JSON.stringify(merged, null, 1)}\n`);
    const slowest = Object.entries(measured)
      .sort(([, a], [, b]) => b - a)
      .slice(0, 5)
      .map(([file, seconds]) => `${file} ${seconds.toFixed(0)} s`);
    console.log(`Langsamste Testdateien (${SERVER_TEST_CONCURRENCY} gleichzeitig): ${slowest.join(", ")}`);
  }
  return status ?? (signal ? 1 : 0);
}

void main().then((code) => process.exit(code));
