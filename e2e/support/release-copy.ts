/**
 * A copy of the project to deploy from, as an editor's checkout: the tracked files and node_modules linked.
 * Its first build is a cold one: Gatsby's .cache holds absolute paths, and one copied from this checkout
 * makes the build fail ("The result of this StaticQuery could not be fetched"); from the second deploy on
 * the copy's own cache keeps the build warm. `npm run deploy` runs in it for real, into its own releases/, and a server started from
 * releases/current follows the deploys like the production server does.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..", "..");
const START_LIMIT_MS = 120_000;

export interface ReleaseCopy {
  dir: string;
  releasesDir: string;
  /** Replaces `from` by `to` in a file of the copy; throws when `from` is not there. */
  edit(file: string, from: string, to: string): void;
  /** `npm run deploy` in the copy; resolves with its output, rejects with it when it fails. */
  deploy(): Promise<string>;
  /** The id `current` points to. */
  live(): string;
  remove(): void;
}

export function releaseCopy(): ReleaseCopy {
  const dir = mkdtempSync(path.join(os.tmpdir(), "urkraft-e2e-deploy-"));
  const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" }).split("\0").filter(Boolean);
  for (const file of tracked) {
    if (!existsSync(path.join(ROOT, file))) continue;
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    cpSync(path.join(ROOT, file), path.join(dir, file));
  }
  symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  const releasesDir = path.join(dir, "releases");
  return {
    dir,
    releasesDir,
    edit(file, from, to) {
      const full = path.join(dir, file);
      const text = readFileSync(full, "utf8");
      if (!text.includes(from)) throw new Error(`${file} enthält „${from}“ nicht`);
      writeFileSync(full, text.replace(from, to));
    },
    deploy() {
      return new Promise((resolve, reject) => {
        const child = spawn(process.execPath, ["--import", "tsx", "scripts/deploy.ts"], {
          cwd: dir,
          env: { ...process.env, RELEASES_DIR: releasesDir, DATABASE_URL: "", GATSBY_TELEMETRY_DISABLED: "1" },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let output = "";
        child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
        child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
        child.on("exit", (code) =>
          code === 0 ? resolve(output) : reject(new Error(`npm run deploy: Code ${code}\n${output.slice(-4000)}`)),
        );
      });
    },
    live: () => (JSON.parse(readFileSync(path.join(releasesDir, "current", "release.json"), "utf8")) as { id: string }).id,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface ReleaseServer {
  origin: string;
  process: ChildProcess;
  output: () => string;
}

/** The production server of the copy's live release, on `port`. */
export async function startReleaseServer(copy: ReleaseCopy, port: number, env: Record<string, string>): Promise<ReleaseServer> {
  const child = spawn(process.execPath, ["--enable-source-maps", path.join(copy.releasesDir, "current", "server.mjs")], {
    cwd: copy.dir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      RELEASES_DIR: copy.releasesDir,
      DATA_DIR: path.join(copy.dir, "data"),
      RATE_LIMIT_MAX: "1000",
      MAIL_WORKER: "false",
      LOG_LEVEL: "warn",
      SITE_URL: `http://127.0.0.1:${port}`,
      ...env,
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
    if (
      await fetch(`${origin}/api/health`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`Der Server antwortete nicht:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { origin, process: child, output: () => output };
}

/**
 * Ends every server process started from the copy's releases: after a handover the one serving is a
 * process the test did not spawn itself, so they are found by their command line.
 */
export async function stopReleaseServers(copy: ReleaseCopy): Promise<void> {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let commandLine = "";
    try {
      commandLine = readFileSync(`/proc/${entry}/cmdline`, "utf8");
    } catch {
      continue;
    }
    if (commandLine.split("\0").some((arg) => arg.startsWith(`${copy.releasesDir}/`) && arg.endsWith("server.mjs"))) {
      pids.push(Number(entry));
    }
  }
  for (const pid of pids) process.kill(pid, "SIGTERM");
  const deadline = Date.now() + 15_000;
  while (pids.some((pid) => existsSync(`/proc/${pid}`)) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
