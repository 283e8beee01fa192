/**
 * The production server of a releases folder's live release (`<releases>/current/server.mjs`) as a child
 * process, as an operator starts it: for `npm run bench:deploy` and the browser test of a deploy. After a
 * deploy with new server code another process serves (release/handover.ts), one this code did not spawn:
 * `stopReleaseServers` finds every process serving the folder by its command line.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";

const START_LIMIT_MS = 120_000;
const STOP_LIMIT_MS = 15_000;

export interface ReleaseServer {
  origin: string;
  process: ChildProcess;
  /** The last lines the server wrote, for error messages. */
  output(): string;
}

export async function startReleaseServer(options: {
  releasesDir: string;
  /** The project folder the server runs in (content/ for the owner's texts, data/ unless DATA_DIR says else). */
  cwd: string;
  port: number;
  env: Record<string, string>;
}): Promise<ReleaseServer> {
  const { releasesDir, cwd, port } = options;
  const child = spawn(process.execPath, ["--enable-source-maps", path.join(releasesDir, "current", "server.mjs")], {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      RELEASES_DIR: releasesDir,
      MAIL_WORKER: "false",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString("utf8")).slice(-20_000));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_LIMIT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Der Server endete mit Code ${child.exitCode}:\n${output}`);
    const healthy = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Der Server antwortete nach ${START_LIMIT_MS / 1000} s nicht:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { origin, process: child, output: () => output };
}

/** Ends every server process started from `releasesDir` (SIGTERM) and waits until they are gone. */
export async function stopReleaseServers(releasesDir: string): Promise<void> {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let commandLine = "";
    try {
      commandLine = readFileSync(`/proc/${entry}/cmdline`, "utf8");
    } catch {
      continue;
    }
    if (commandLine.split("\0").some((arg) => arg.startsWith(`${releasesDir}/`) && arg.endsWith("server.mjs"))) {
      pids.push(Number(entry));
    }
  }
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGTERM");
    } catch {
      // Ended meanwhile.
    }
  }
  const deadline = Date.now() + STOP_LIMIT_MS;
  while (pids.some((pid) => existsSync(`/proc/${pid}`)) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
