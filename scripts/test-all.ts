/**
 * `npm test`: every check and test of the project, stopping at the first step that fails, and at the end how
 * long each step took. The quick checks (lint, typecheck, workflows, content, Jest) run side by side, each
 * printing its output when it ends; the rest run one after the other. The GraphQL types (src/gatsby-types.d.ts,
 * not in git) are written before them, since both tsc and a unit test read them, and Jest runs before the
 * build, which rewrites that file. The site is built once, before the server tests: the
 * server's browser check of the CSP loads its pages, and the browser tests serve the same build (npm start
 * finds it current and does not build again). While it builds, this process makes the bundles and database
 * templates that the server tests and the browser tests then share (scripts/test-run/prepare.ts).
 */
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { BUILD_STAMP } from "../server/site-build";
import { prepareTestRun } from "./test-run/prepare";
import { mkdirSync, readFileSync, statfsSync, writeFileSync } from "node:fs";

const ROOT = path.resolve(__dirname, "..");

/**
 * The tests' scratch (everything under os.tmpdir(): data folders, the PGlite clusters copied for nearly every
 * server test, outboxes, preview and release build folders) goes into memory where the machine offers a tmpfs at
 * /dev/shm with room to spare. On disk the file system's bookkeeping made copying a cluster cost 0.2 to 0.6 CPU-s
 * while the other tests kept the cores busy, in memory 0.04; the server tests took 236 s instead of 252 to 287 s,
 * with the same results. Every step gets the same folder, so the browser tests' previews find the Gatsby cache
 * the server tests' previews left. TMPDIR set by the caller is kept.
 */
const MEMORY_FS = "/dev/shm";
const MEMORY_FS_ROOM = 4 * 1024 ** 3;
function scratchInMemory(): void {
  if (process.env.TMPDIR) return;
  try {
    const mounts = readFileSync("/proc/mounts", "utf8").split("\n");
    if (!mounts.some((line) => line.split(" ")[1] === MEMORY_FS && line.split(" ")[2] === "tmpfs")) return;
    const { bavail, bsize } = statfsSync(MEMORY_FS);
    if (bavail * bsize < MEMORY_FS_ROOM) return;
    // One per user, as /dev/shm is shared like /tmp.
    const dir = path.join(MEMORY_FS, `urkraft-tests-${process.getuid?.() ?? 0}`);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    process.env.TMPDIR = dir;
  } catch {
    // No /proc or no /dev/shm: the system's temporary folder, as before.
  }
}

interface Step {
  name: string;
  /** A shell command, or work done in this process. */
  command: string | (() => Promise<void>);
  /** Runs beside the neighbouring steps of the same group. */
  group?: string;
  /** Run only when this says so; otherwise the reason it is left out. */
  when?: () => true | string;
  after?: () => void;
}

const hasChromium = (): true | string =>
  run("bash scripts/setup-test.sh --browser", "ignore") === 0 || "ohne Chromium: übersprungen, wie die Browsertests";

const STEPS: Step[] = [
  { name: "Vorbereitung (scripts/setup-test.sh)", command: "bash scripts/setup-test.sh" },
  // `npm run typecheck` is the types and tsc: the types first, alone, then tsc beside the other checks.
  { name: "GraphQL-Typen (gatsby-types.d.ts)", command: "npm run -s types" },
  { name: "Lint (ESLint, Prettier, Importe, knip)", group: "checks", command: "npm run -s lint" },
  { name: "Typprüfung (tsc)", group: "checks", command: "npm run -s typecheck:tsc" },
  { name: "Workflows", group: "checks", command: "npm run -s check:workflows" },
  { name: "Inhaltsprüfung", group: "checks", command: "npm run -s check:content" },
  { name: "Jest", group: "checks", command: "npm run -s test:unit" },
  {
    name: "Build der Seite",
    group: "build",
    command: "npm run -s build",
    when: hasChromium,
    // What `npm start` writes after its own build: the browser tests' server then takes this one as current.
    after: () => writeFileSync(path.join(ROOT, "public", BUILD_STAMP), new Date().toISOString()),
  },
  // The bundles and PGlite templates that the server tests and the browser tests share, made once while the site
  // builds (scripts/test-run/prepare.ts); removed at the end.
  { name: "Bundles und Datenbankvorlagen", group: "build", command: prepareOnce },
  { name: "Servertests", command: "npm run -s test:server" },
  { name: "Browsertests", command: "npm run -s test:browser" },
];

let cleanUpPrepared = (): void => undefined;
async function prepareOnce(): Promise<void> {
  cleanUpPrepared = await prepareTestRun();
}

function run(command: string, stdio: "inherit" | "ignore" = "inherit"): number {
  const { status, signal } = spawnSync("bash", ["-c", command], { cwd: ROOT, stdio });
  return status ?? (signal ? 1 : 0);
}

/** Runs a command with its output kept, and prints the output in one piece when it ends. */
function runQuietly(command: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn("bash", ["-c", command], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    const output: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("close", (code, signal) => {
      process.stdout.write(Buffer.concat(output));
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

interface Outcome {
  step: Step;
  code: number;
  seconds: number;
}

/** Work in this process: code 0, or 1 with the error printed. */
async function runTask(task: () => Promise<void>): Promise<number> {
  try {
    await task();
    return 0;
  } catch (error) {
    console.error(error);
    return 1;
  }
}

async function runGroup(group: Step[]): Promise<Outcome[]> {
  const begin = Date.now();
  const [only] = group;
  if (group.length === 1 && typeof only!.command === "string") {
    const code = run(only!.command);
    return [{ step: only!, code, seconds: (Date.now() - begin) / 1000 }];
  }
  return Promise.all(
    group.map(async (step) => {
      const code = typeof step.command === "string" ? await runQuietly(step.command) : await runTask(step.command);
      return { step, code, seconds: (Date.now() - begin) / 1000 };
    }),
  );
}

/** The steps in groups: neighbours of the same group run together, every other step in a group of its own. */
function groups(steps: Step[]): Step[][] {
  const result: Step[][] = [];
  for (const step of steps) {
    const last = result.at(-1);
    if (step.group && last?.[0]?.group === step.group) last.push(step);
    else result.push([step]);
  }
  return result;
}

async function main(): Promise<void> {
  scratchInMemory();
  const lines: string[] = [];
  const started = Date.now();
  let failed: Step | undefined;
  for (const group of groups(STEPS)) {
    const due = group.filter((step) => {
      const reason = step.when?.() ?? true;
      if (reason !== true) lines.push(`  ${step.name.padEnd(40)} ${reason}`);
      return reason === true;
    });
    if (due.length === 0) continue;
    for (const { step, code, seconds } of await runGroup(due)) {
      if (code === 0) step.after?.();
      const shown = seconds.toFixed(0).padStart(5);
      const beside = due.length > 1 ? "  (nebeneinander)" : "";
      lines.push(`  ${step.name.padEnd(40)} ${shown} s${beside}${code === 0 ? "" : `  fehlgeschlagen (Code ${code})`}`);
      if (code !== 0 && !failed) {
        failed = step;
        process.exitCode = code;
      }
    }
    if (failed) break;
  }
  cleanUpPrepared();
  const total = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`\nnpm test: Dauer der Schritte\n${lines.join("\n")}\n  ${"Summe".padEnd(40)} ${total.padStart(5)} s`);
  if (failed) console.log(`npm test: „${failed.name}“ ist fehlgeschlagen; die Schritte danach liefen nicht.`);
}

void main();
