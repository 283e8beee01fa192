/**
 * `npm test`: every check and test of the project, one step after the other, stopping at the first that
 * fails, and at the end how long each step took. The site is built once, before the server tests: the
 * server's browser check of the CSP loads its pages, and the browser tests serve the same build (npm start
 * finds it current and does not build again).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { BUILD_STAMP } from "../server/site-build";
import { writeFileSync } from "node:fs";

const ROOT = path.resolve(__dirname, "..");

interface Step {
  name: string;
  command: string;
  /** Run only when this says so; otherwise the reason it is left out. */
  when?: () => true | string;
  after?: () => void;
}

const hasChromium = (): true | string =>
  run("bash scripts/setup-test.sh --browser", "ignore") === 0 || "ohne Chromium: übersprungen, wie die Browsertests";

const STEPS: Step[] = [
  { name: "Vorbereitung (scripts/setup-test.sh)", command: "bash scripts/setup-test.sh" },
  { name: "Lint (ESLint, Prettier)", command: "npm run -s lint" },
  { name: "Typprüfung (tsc)", command: "npm run -s typecheck" },
  { name: "Workflows", command: "npm run -s check:workflows" },
  { name: "Inhaltsprüfung", command: "npm run -s check:content" },
  { name: "Jest", command: "npm run -s test:unit" },
  {
    name: "Build der Seite",
    command: "npm run -s build",
    when: hasChromium,
    // What `npm start` writes after its own build: the browser tests' server then takes this one as current.
    after: () => writeFileSync(path.join(ROOT, "public", BUILD_STAMP), new Date().toISOString()),
  },
  { name: "Servertests", command: "npm run -s test:server" },
  { name: "Browsertests", command: "npm run -s test:browser" },
];

function run(command: string, stdio: "inherit" | "ignore" = "inherit"): number {
  const { status, signal } = spawnSync("bash", ["-c", command], { cwd: ROOT, stdio });
  return status ?? (signal ? 1 : 0);
}

const lines: string[] = [];
const started = Date.now();
let failed: Step | undefined;
for (const step of STEPS) {
  const reason = step.when?.() ?? true;
  if (reason !== true) {
    lines.push(`  ${step.name.padEnd(40)} ${reason}`);
    continue;
  }
  const begin = Date.now();
  const code = run(step.command);
  if (code === 0) step.after?.();
  const seconds = ((Date.now() - begin) / 1000).toFixed(0);
  lines.push(`  ${step.name.padEnd(40)} ${seconds.padStart(5)} s${code === 0 ? "" : `  fehlgeschlagen (Code ${code})`}`);
  if (code !== 0) {
    failed = step;
    process.exitCode = code;
    break;
  }
}
const total = ((Date.now() - started) / 1000).toFixed(0);
console.log(`\nnpm test: Dauer der Schritte\n${lines.join("\n")}\n  ${"Summe".padEnd(40)} ${total.padStart(5)} s`);
if (failed) console.log(`npm test: „${failed.name}“ ist fehlgeschlagen; die Schritte danach liefen nicht.`);
