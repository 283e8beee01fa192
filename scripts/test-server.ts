/**
 * `npm run test:server`: every *.test.ts under server/, scripts/ and rig/ (new files are found by themselves) with
 * node's test runner, several files at once, each in a process of its own. That is safe because every test
 * takes free ports, its own data folders and PostgreSQL databases with unique names; PGlite databases are
 * copies of clusters made at the start, and the tests' own server and CLI processes run bundles made at the
 * start (scripts/test-run/prepare.ts). Each test file runs as a bundle made at the start
 * (scripts/test-run/bundle-tests.ts). The files that took
 * longest last time start first, so the run does not end waiting for one slow file; the times are kept in
 * node_modules/.cache/urkraft/ and the slowest files are printed at the end.
 *
 * Arguments narrow the run to the given files. TEST_CONCURRENCY sets how many files run at once.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { bundleTestFiles } from "./test-run/bundle-tests";
import { prepareTestRun } from "./test-run/prepare";

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
/**
 * Where no run has left times yet (a fresh clone), the files that build the site themselves start first: the
 * preview test builds twice in a cold build folder (about 100 s on two cores) and would otherwise start midway
 * and end the run alone.
 */
const FIRST_TIME_SECONDS: Record<string, number> = {
  [path.join("server", "release", "preview.test.ts")]: 100,
  [path.join("server", "routes", "owner", "content-api.test.ts")]: 40,
};
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

const files =
  process.argv.length > 2 ? process.argv.slice(2) : [...testFiles("server"), ...testFiles("scripts"), ...testFiles("rig")];
const known = readTimes(TIMES_FILE);
const expected = (file: string) => known[file] ?? FIRST_TIME_SECONDS[file] ?? UNKNOWN_SECONDS;
const ordered = files.sort((a, b) => expected(b) - expected(a) || a.localeCompare(b));

async function main(): Promise<number> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "urkraft-server-tests-"));
  const timesOfThisRun = path.join(scratch, "times.json");
  // Bundles and database templates for every test of the run (scripts/test-run/prepare.ts).
  const cleanUp = await prepareTestRun();
  const bundles = await bundleTestFiles(ordered);
  const { status, signal } = spawnSync(
    process.execPath,
    [
      // As `npm start` runs the server: WebAssembly (PGlite) compiled once by the baseline compiler. Short-lived
      // test processes then spend less CPU than when V8 also optimises the whole module in the background.
      "--liftoff-only",
      "--enable-source-maps",
      "--test",
      `--test-concurrency=${SERVER_TEST_CONCURRENCY}`,
      "--test-reporter=spec",
      "--test-reporter-destination=stdout",
      `--test-reporter=${path.join(__dirname, "test-run", "file-times.mts")}`,
      `--test-reporter-destination=${timesOfThisRun}`,
      ...ordered.map(bundles.bundleOf),
    ],
    {
      cwd: ROOT,
      stdio: "inherit",
      env: process.env,
    },
  );
  cleanUp();
  bundles.remove();

  const measured = Object.fromEntries(
    Object.entries(readTimes(timesOfThisRun)).map(([bundle, seconds]) => [bundles.sourceOf(bundle), seconds]),
  );
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
