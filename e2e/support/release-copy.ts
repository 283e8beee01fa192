/**
 * A copy of the project to deploy from, as an editor's checkout: the tracked files and node_modules linked.
 * `npm run deploy` runs in it for real, into its own releases/, and a server started from releases/current
 * (server/test-support/release-server.ts) follows the deploys like the production server does.
 *
 * The copy has one folder per checkout, kept between runs with Gatsby's .cache and public/ (like the tests'
 * preview build folder), so from the second run on its first deploy is a warm build; the first one on a machine
 * is cold (pictures and bundles: about three minutes of two busy cores). Gatsby's cache cannot come from this
 * checkout: it holds absolute paths, and one copied from here makes the build fail ("The result of this
 * StaticQuery could not be fetched"). Everything else in the folder is made anew each run, the files with their
 * checkout's times, so Gatsby rebuilds only what the last run's edits changed.
 */
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { checkoutKey } from "../../server/release/build-preview";
import { startReleaseServer, type ReleaseServer } from "../../server/test-support/release-server";

export { stopReleaseServers, type ReleaseServer } from "../../server/test-support/release-server";

const ROOT = path.resolve(__dirname, "..", "..");

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

/** Kept from one run to the next: Gatsby's cache and build output. */
const KEPT = new Set([".cache", "public"]);

/** Empties the copy's folder but for what is KEPT. */
function clearCopy(dir: string): void {
  for (const entry of readdirSync(dir)) if (!KEPT.has(entry)) rmSync(path.join(dir, entry), { recursive: true, force: true });
}

export function releaseCopy(): ReleaseCopy {
  const dir = path.join(os.tmpdir(), `urkraft-e2e-deploy-${checkoutKey(ROOT)}`);
  mkdirSync(dir, { recursive: true });
  clearCopy(dir);
  const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" }).split("\0").filter(Boolean);
  for (const file of tracked) {
    if (!existsSync(path.join(ROOT, file))) continue;
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    cpSync(path.join(ROOT, file), path.join(dir, file), { preserveTimestamps: true });
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
    // The cache and the last build stay for the next run.
    remove: () => clearCopy(dir),
  };
}

/** The production server of the copy's live release, on `port`; it follows the copy's deploys. */
export function startCopyServer(copy: ReleaseCopy, port: number, env: Record<string, string>): Promise<ReleaseServer> {
  return startReleaseServer({
    releasesDir: copy.releasesDir,
    cwd: copy.dir,
    port,
    env: { DATA_DIR: path.join(copy.dir, "data"), RATE_LIMIT_MAX: "1000", SITE_URL: `http://127.0.0.1:${port}`, ...env },
  });
}
