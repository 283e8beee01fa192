/**
 * `npm start` builds the site first when public/ is missing or older than its sources, so a fresh
 * checkout or an edited content file never serves a stale site. It runs `npm run build`: Gatsby, then
 * the owner area (server/release/owner-build.ts).
 */
import { spawn } from "node:child_process";
import { readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { ownerShellFile } from "./static/owner-files";

/** Everything the pages are built from; common/ holds the forms' messages, the routes and the fixed figures. */
const SOURCE_DIRS = ["src", "common", "content", "static"];
const SKIPPED = new Set(["node_modules", ".cache", "public"]);
/** Written after a successful build: Gatsby leaves unchanged files untouched, so their times say little. */
export const BUILD_STAMP = ".build-stamp";

async function newestMtime(target: string): Promise<number> {
  const info = await stat(target).catch(() => undefined);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(target, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    newest = Math.max(newest, await newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

export async function siteNeedsBuild(projectDir: string, publicDir: string): Promise<boolean> {
  const builtAt = await newestMtime(publicDir);
  if (builtAt === 0) return true;
  // A bare `gatsby build` leaves out the owner area.
  if (!(await stat(ownerShellFile(publicDir)).catch(() => undefined))) return true;
  const gatsbyFiles = (await readdir(projectDir)).filter((name) => /^gatsby-.*\.tsx?$/.test(name));
  const sources = [...SOURCE_DIRS, ...gatsbyFiles].map((name) => path.join(projectDir, name));
  const newestSource = Math.max(...(await Promise.all(sources.map(newestMtime))));
  return newestSource > builtAt;
}

export async function buildSite(projectDir: string, publicDir: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn("npm", ["run", "-s", "build"], {
      cwd: projectDir,
      stdio: "inherit",
      env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" },
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`npm run build endete mit Code ${code}`))));
  });
  await writeFile(path.join(publicDir, BUILD_STAMP), new Date().toISOString());
}
