/**
 * The built site: its size on disk, and the time of a cold `gatsby build` (empty cache, empty output),
 * measured in a copy of the project so the working tree's public/ keeps serving meanwhile.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface SiteSize {
  files: number;
  bytes: number;
  /** Without source maps, which browsers fetch only with developer tools open. */
  bytesWithoutMaps: number;
}

export function siteSize(publicDir: string): SiteSize {
  const size: SiteSize = { files: 0, bytes: 0, bytesWithoutMaps: 0 };
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const bytes = fs.statSync(full).size;
        size.files++;
        size.bytes += bytes;
        if (!entry.name.endsWith(".map")) size.bytesWithoutMaps += bytes;
      }
    }
  };
  walk(publicDir);
  return size;
}

/** Generated or installed, not sources: left out of the copy (node_modules is linked instead). */
const NOT_COPIED = new Set([
  "node_modules",
  ".cache",
  "public",
  "data",
  "reports",
  "test-results",
  "playwright-report",
  "coverage",
  ".git",
]);

/** One Gatsby build at a time on this machine, so a parallel build never shares the CPU with the timed one. */
export const BUILD_LOCK = "/tmp/gatsby-build.lock";

function hasFlock(): boolean {
  return spawnSync("flock", ["--version"], { stdio: "ignore" }).status === 0;
}

/** Runs `gatsby build` in `cwd` (under the build lock when `flock` exists); resolves with the build's own duration. */
export function gatsbyBuild(cwd: string, projectDir: string): Promise<number> {
  const gatsby = path.join(projectDir, "node_modules/.bin/gatsby");
  // The clock starts when the build itself starts, not while waiting for the lock.
  const script = `echo BUILD-START; exec "${gatsby}" build`;
  const [command, args] = hasFlock() ? ["flock", [BUILD_LOCK, "sh", "-c", script]] : ["sh", ["-c", script]];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", CI: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let started = 0;
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      if (!started && chunk.toString().includes("BUILD-START")) started = performance.now();
      output = (output + chunk.toString()).slice(-4000);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code === 0) resolve(performance.now() - started);
      else reject(new Error(`gatsby build endete mit Code ${code}:\n${output}`));
    });
  });
}

/** A cold build in a fresh copy of the sources; returns its duration and the size of what it wrote. */
export async function coldBuild(projectDir: string): Promise<{ ms: number; size: SiteSize }> {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), "urkraft-cold-build-"));
  try {
    for (const entry of fs.readdirSync(projectDir)) {
      if (NOT_COPIED.has(entry)) continue;
      fs.cpSync(path.join(projectDir, entry), path.join(copy, entry), { recursive: true });
    }
    fs.symlinkSync(path.join(projectDir, "node_modules"), path.join(copy, "node_modules"), "dir");
    const ms = await gatsbyBuild(copy, projectDir);
    return { ms, size: siteSize(path.join(copy, "public")) };
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}
