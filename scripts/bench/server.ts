/**
 * The real server (`tsx server/index.ts`) as a child process for the benchmark: its own free port in
 * 9500–9599, its own temporary DATA_DIR, a rate limit high enough never to answer 429.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const PORT_RANGE = { first: 9500, last: 9599 } as const;

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
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
  /** SIGTERM, then wait until the process has closed the database and exited. */
  stop(): Promise<void>;
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

export async function startServer(options: { projectDir: string; databaseUrl?: string }): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "urkraft-bench-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    RATE_LIMIT_MAX: String(Number.MAX_SAFE_INTEGER),
    // The site is built before the benchmark starts; a build inside the server would be timed as start-up.
    BUILD_ON_START: "false",
    // Request lines would be written for every request; warnings and errors still are.
    LOG_LEVEL: "warn",
    GATSBY_TELEMETRY_DISABLED: "1",
  };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;

  const tsx = path.join(options.projectDir, "node_modules/.bin/tsx");
  const child = spawn(tsx, ["server/index.ts"], { cwd: options.projectDir, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
      await exited;
      clearTimeout(timer);
    }
  };

  try {
    await waitForHealth(baseUrl, child, () => output, 120_000);
  } catch (error) {
    await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return { baseUrl, dataDir, databaseUrl: options.databaseUrl, stop };
}
