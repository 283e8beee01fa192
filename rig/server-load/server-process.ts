/**
 * The real server as a child process (`node --import tsx server/index.ts`), as `npm start` runs it but
 * without the site build: for the crash test and the benchmark, which need a process they can kill.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import path from "node:path";
import { entryArgs } from "../../server/test-support/entry-points";

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** The last lines the server wrote, for error messages. */
  output(): string;
  /** Waits until the process has exited (after a kill or a signal). */
  exited: Promise<void>;
}

/**
 * A port that is free now, as the system picks it for port 0 (so never one another program holds), for a
 * child process to listen on: the probe closes it again right away.
 */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startServer(port: number, env: Record<string, string | undefined>): Promise<ServerProcess> {
  const projectDir = path.resolve(__dirname, "..", "..");
  const child = spawn(process.execPath, entryArgs("index"), {
    cwd: projectDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      BUILD_ON_START: "false",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-4000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`Der Server ist beim Start beendet worden:\n${output}`);
    }
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (healthy) return { url, child, output: () => output, exited };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`Der Server hat nicht innerhalb von 90 s geantwortet:\n${output}`);
}

export async function stopServer(server: ServerProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  await server.exited;
}
