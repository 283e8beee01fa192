/**
 * The real server, started as `npm start` starts it (the compiled bundle, same Node flags), as a child
 * process for the benchmark: its own free port (one the system picks, or one in BENCH_PORTS), its own temporary DATA_DIR, a rate limit high
 * enough never to answer 429. Its peak resident memory is read from the kernel when it stops.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { findFreePort } from "../server-load/server-process";

/** BENCH_PORTS (e.g. "9400-9499") keeps the server within a range, e.g. one a firewall lets through. */
const PORT_RANGE = process.env.BENCH_PORTS ? portRange(process.env.BENCH_PORTS) : undefined;

function portRange(text: string): { first: number; last: number } {
  const match = /^(\d+)-(\d+)$/.exec(text.trim());
  if (!match || Number(match[1]) > Number(match[2]))
    throw new Error(`BENCH_PORTS: erwartet „erster-letzter“, bekommen „${text}“`);
  return { first: Number(match[1]), last: Number(match[2]) };
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  if (!PORT_RANGE) return findFreePort();
  // Start at a random place, so two benchmarks started together rarely race for the same port.
  const size = PORT_RANGE.last - PORT_RANGE.first + 1;
  const offset = Math.floor(Math.random() * size);
  for (let i = 0; i < size; i++) {
    const port = PORT_RANGE.first + ((offset + i) % size);
    if (await portIsFree(port)) return port;
  }
  throw new Error(`Kein freier Port zwischen ${PORT_RANGE.first} und ${PORT_RANGE.last}`);
}

export interface BenchServer {
  baseUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Resident memory of the server process in bytes (Linux only), see ServerMemory. */
  memory(): ServerMemory | undefined;
  /** CPU time the server process has used so far (user and system, all its threads), in seconds (Linux only). */
  cpuSeconds(): number | undefined;
  /** SIGTERM, then wait until the process has closed the database and exited. */
  stop(): Promise<void>;
}

/** The `node …` command at the end of `npm start`, which runs the server bundle, and the variables set before it. */
export function serverCommand(projectDir: string): { bundle: string; nodeArgs: string[]; env: Record<string, string> } {
  const start: string = JSON.parse(fs.readFileSync(path.join(projectDir, "package.json"), "utf8")).scripts.start;
  const words = start.split("&&").at(-1)!.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Z_][A-Z0-9_]*=/.test(words[0] ?? "")) {
    const [name, ...value] = words.shift()!.split("=");
    env[name!] = value.join("=");
  }
  if (words[0] !== "node") throw new Error(`npm start endet nicht mit einem node-Aufruf: ${start}`);
  return { bundle: words.at(-1)!, nodeArgs: words.slice(1), env };
}

/** "5" resets the kernel's high-water mark, so that what follows is the peak under load alone. */
function resetPeak(pid: number | undefined): void {
  try {
    if (pid !== undefined) fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    // not Linux: readMemory finds nothing either
  }
}

/** process.memoryUsage() in bytes, from rig/bench/memory-probe.mjs (BENCH_MEMORY_PROBE=1). */
export interface MemoryBreakdown {
  peaks: Record<"rss" | "heapTotal" | "heapUsed" | "external" | "arrayBuffers", number>;
  atRssPeak: Record<"rss" | "heapTotal" | "heapUsed" | "external" | "arrayBuffers", number>;
}

export interface ServerMemory {
  /** Peak until the server first answered: opening (on a new DATA_DIR: creating) the database. */
  startPeakBytes: number;
  /** Peak from then on, under the load of the bench. */
  peakBytes: number;
  currentBytes: number;
  breakdown?: MemoryBreakdown;
}

/** VmHWM is the kernel's high-water mark of the process's resident set: the peak, start-up included. */
function readMemory(pid: number | undefined): { peakBytes: number; currentBytes: number } | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kB = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) * 1024;
    return { peakBytes: kB("VmHWM"), currentBytes: kB("VmRSS") };
  } catch {
    return undefined;
  }
}

/** The kernel's clock ticks per second, in which /proc/<pid>/stat counts CPU time (100 on Linux). */
const CLOCK_TICKS = 100;

/** utime + stime of /proc/<pid>/stat: fields 14 and 15, counted after the command name in parentheses. */
export function cpuSecondsFromStat(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

function readCpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    return cpuSecondsFromStat(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return undefined;
  }
}

async function waitForHealth(baseUrl: string, child: ChildProcess, log: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server beendet mit Code ${child.exitCode}:\n${log()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Server unter ${baseUrl} nach ${timeoutMs / 1000} s nicht bereit:\n${log()}`);
}

export async function startServer(options: {
  projectDir: string;
  databaseUrl?: string;
  /** More environment for the server, e.g. VISIT_STATS=false. */
  env?: Record<string, string>;
}): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "urkraft-bench-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...serverCommand(options.projectDir).env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    RATE_LIMIT_MAX: String(Number.MAX_SAFE_INTEGER),
    // The site is built before the benchmark starts; a build inside the server would be timed as start-up.
    BUILD_ON_START: "false",
    // Request lines would be written for every request; warnings and errors still are.
    LOG_LEVEL: "warn",
    GATSBY_TELEMETRY_DISABLED: "1",
    ...options.env,
  };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;

  // BENCH_SERVER_BUNDLE builds the bundle to a path of its own (e.g. in a second working copy that shares
  // node_modules), so two working copies never run each other's bundle.
  const ownBundle = process.env.BENCH_SERVER_BUNDLE;
  if (ownBundle) {
    const script: string = JSON.parse(fs.readFileSync(path.join(options.projectDir, "package.json"), "utf8")).scripts[
      "build:server"
    ];
    const args = script
      .split(/\s+/)
      .slice(1)
      .map((arg) => (arg.startsWith("--outfile=") ? `--outfile=${ownBundle}` : arg));
    execFileSync(path.join(options.projectDir, "node_modules", ".bin", "esbuild"), args, {
      cwd: options.projectDir,
      stdio: "inherit",
    });
  } else execFileSync("npm", ["run", "-s", "build:server"], { cwd: options.projectDir, stdio: "inherit" });
  // BENCH_SERVER_ARGS compares other ways to run it, e.g. "--import tsx server/index.ts".
  let nodeArgs = process.env.BENCH_SERVER_ARGS?.split(/\s+/) ?? serverCommand(options.projectDir).nodeArgs;
  if (ownBundle && !process.env.BENCH_SERVER_ARGS) nodeArgs = [...nodeArgs.slice(0, -1), ownBundle];
  const probeFile = path.join(dataDir, "memory-probe.json");
  if (process.env.BENCH_MEMORY_PROBE === "1") {
    nodeArgs = ["--import", path.join(__dirname, "memory-probe.mjs"), ...nodeArgs];
    env.BENCH_MEMORY_FILE = probeFile;
  }
  const child = spawn(process.execPath, nodeArgs, { cwd: options.projectDir, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  let lastMemory: ReturnType<typeof readMemory>;
  const memory = () => {
    const now = child.exitCode === null && child.signalCode === null ? readMemory(child.pid) : lastMemory;
    let breakdown: MemoryBreakdown | undefined;
    try {
      breakdown = JSON.parse(fs.readFileSync(probeFile, "utf8")) as MemoryBreakdown;
    } catch {
      // no probe, or the server is still running
    }
    return now && { startPeakBytes, ...now, ...(breakdown ? { breakdown } : {}) };
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      lastMemory = readMemory(child.pid);
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
      await exited;
      clearTimeout(timer);
    }
  };

  let startPeakBytes = NaN;
  try {
    await waitForHealth(baseUrl, child, () => output, 120_000);
    startPeakBytes = readMemory(child.pid)?.peakBytes ?? NaN;
    resetPeak(child.pid);
  } catch (error) {
    await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const cpuSeconds = () => (child.exitCode === null && child.signalCode === null ? readCpuSeconds(child.pid) : undefined);
  return { baseUrl, dataDir, databaseUrl: options.databaseUrl, memory, cpuSeconds, stop };
}
