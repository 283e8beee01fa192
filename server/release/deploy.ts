/**
 * Building a release and choosing the live one. A deploy checks the content, builds the checked-out tree
 * (Gatsby into the project's public/, keeping its .cache/ for the next build, then the server), copies the
 * result into a staging folder, writes release.json and renames the folder into place: a release folder
 * without release.json never becomes live. Only then does `current` switch; whatever fails before leaves the
 * live release as it was.
 */
import { execFileSync } from "node:child_process";
import { cp, mkdir, rename, rm, writeFile } from "node:fs/promises";
import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { problemReport } from "../../common/content/content-check";
import { OWNER_DIR } from "../static/owner-files";
import { realBuildSteps, type BuildSteps } from "./build-steps";
import { serverFingerprint } from "./fingerprint";
import { acquireDeployLock } from "./lock";
import {
  KEPT_RELEASES,
  RELEASE_FILE,
  RELEASE_ID,
  ReleaseError,
  listReleases,
  liveRelease,
  pointedRelease,
  releaseId,
  switchCurrent,
  type ReleaseInfo,
} from "./releases";

export interface DeployOptions {
  projectDir: string;
  releasesDir: string;
  steps?: BuildSteps;
  now?: Date;
  log?: (line: string) => void;
}

export function currentCommit(projectDir: string): string {
  try {
    const commit = execFileSync("git", ["rev-parse", "--short=9", "HEAD"], {
      cwd: projectDir,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], {
      cwd: projectDir,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    return dirty.trim() ? `${commit}-dirty` : commit;
  } catch {
    return "000000000";
  }
}

/** ENOSPC and friends in words an operator can act on. */
function diskProblem(error: unknown): ReleaseError | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOSPC" || code === "EDQUOT") {
    return new ReleaseError("Kein Platz mehr auf dem Datenträger: das neue Release ließ sich nicht vollständig schreiben.");
  }
  if (code === "EACCES" || code === "EROFS" || code === "EPERM") {
    return new ReleaseError(`Keine Schreibrechte: ${(error as Error).message}`);
  }
  return undefined;
}

/** Builds a new release and makes it live; returns it. Throws ReleaseError with a German message. */
export async function deploy(options: DeployOptions): Promise<ReleaseInfo> {
  const { projectDir, releasesDir } = options;
  const steps = options.steps ?? realBuildSteps;
  const log = options.log ?? ((line: string) => console.log(line));
  const release = acquireDeployLock(releasesDir);
  const live = liveRelease(releasesDir).release;
  const stillLive = live ? ` Live bleibt Release ${live.id}.` : "";
  const id = releaseId(options.now ?? new Date(), currentCommit(projectDir));
  const staging = path.join(releasesDir, `.staging-${id}`);
  const phases: string[] = [];
  let phaseStart = Date.now();
  const phase = (name: string) => {
    const now = Date.now();
    phases.push(`${name} ${((now - phaseStart) / 1000).toFixed(1)} s`);
    phaseStart = now;
  };
  try {
    const problems = steps.checkContent(projectDir);
    if (problems.length > 0) throw new ReleaseError(`${problemReport(problems)}\n\nNichts veröffentlicht.${stillLive}`);
    phase("Inhaltsprüfung");
    log(`Inhalte geprüft. Baue Release ${id} …`);
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { recursive: true });
    // Side by side: Gatsby spends most of its time on one core; the owner area and the server are esbuild's.
    const ownerBuild = path.join(staging, "owner");
    const built = await Promise.allSettled([
      steps.buildSite(projectDir),
      steps.buildOwner?.(projectDir, ownerBuild),
      steps.buildServer(projectDir, path.join(staging, "server.mjs")),
    ]);
    const failed = built.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
    phase("Seite, Verwaltung und Server");
    // The owner area of an earlier `npm run build` in public/ is replaced by the one just built.
    await cp(path.join(projectDir, "public"), path.join(staging, "public"), {
      recursive: true,
      filter: (source) => !(steps.buildOwner && path.relative(projectDir, source) === path.join("public", OWNER_DIR)),
    });
    if (steps.buildOwner) await rename(path.join(ownerBuild, OWNER_DIR), path.join(staging, "public", OWNER_DIR));
    await rm(ownerBuild, { recursive: true, force: true });
    // All of it: the server's content check also looks for the pictures the recipes name.
    await cp(path.join(projectDir, "content"), path.join(staging, "content"), { recursive: true });
    phase("Kopieren");
    const info: ReleaseInfo = {
      id,
      commit: id.slice(id.indexOf("-") + 1),
      createdAt: (options.now ?? new Date()).toISOString(),
      serverFingerprint: serverFingerprint(path.join(staging, "server.mjs"), path.join(staging, "content")),
    };
    await writeFile(path.join(staging, RELEASE_FILE), `${JSON.stringify(info, null, 2)}\n`);
    await rm(path.join(releasesDir, id), { recursive: true, force: true });
    await rename(staging, path.join(releasesDir, id));
    switchCurrent(releasesDir, id);
    phase("Umschalten");
    log(`Release ${id} ist live (${phases.join(", ")}).`);
    prune(releasesDir, log);
    return info;
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    const known = error instanceof ReleaseError ? error : diskProblem(error);
    if (!known) throw error;
    throw new ReleaseError(
      known.message.includes("Nichts veröffentlicht") ? known.message : `${known.message} Nichts veröffentlicht.${stillLive}`,
    );
  } finally {
    release();
  }
}

/** Makes the release before the live one (or `target`) live again. */
export function rollback(releasesDir: string, target?: string): ReleaseInfo {
  const unlock = acquireDeployLock(releasesDir);
  try {
    const releases = listReleases(releasesDir);
    const live = liveRelease(releasesDir).release;
    let chosen: ReleaseInfo | undefined;
    if (target) {
      chosen = releases.find((release) => release.id === target);
      if (!chosen)
        throw new ReleaseError(
          `Release ${target} gibt es nicht (oder es ist unvollständig). Vorhanden: ${releases.map((r) => r.id).join(", ") || "keins"}.`,
        );
    } else {
      const index = live ? releases.findIndex((release) => release.id === live.id) : -1;
      chosen = index === -1 ? undefined : releases[index + 1];
      if (!chosen) {
        throw new ReleaseError(
          live
            ? `Kein früheres Release vorhanden: ${live.id} ist das älteste, das noch da ist. Live bleibt ${live.id}.`
            : "Kein Release vorhanden, zu dem ich zurückkehren könnte.",
        );
      }
    }
    switchCurrent(releasesDir, chosen.id);
    return chosen;
  } finally {
    unlock();
  }
}

/** Deletes all but the newest KEPT_RELEASES releases (never the live one), and incomplete leftovers. */
export function prune(releasesDir: string, log: (line: string) => void = () => {}): string[] {
  const live = pointedRelease(releasesDir);
  const keep = new Set(
    listReleases(releasesDir)
      .slice(0, KEPT_RELEASES)
      .map((release) => release.id),
  );
  if (live) keep.add(live);
  const removed: string[] = [];
  for (const name of readdirSync(releasesDir)) {
    const stale = name.startsWith(".staging-") || (RELEASE_ID.test(name) && !keep.has(name));
    if (!stale) continue;
    rmSync(path.join(releasesDir, name), { recursive: true, force: true });
    removed.push(name);
  }
  if (removed.length > 0) log(`Alte Releases gelöscht: ${removed.join(", ")}`);
  return removed;
}

export function releaseTable(releasesDir: string): string {
  const releases = listReleases(releasesDir);
  const { release: live, fallback } = liveRelease(releasesDir);
  if (releases.length === 0) return `Noch keine Releases in ${releasesDir}.`;
  const lines = releases.map(
    (release) =>
      `${release.id === live?.id ? "live →" : "      "} ${release.id}  Commit ${release.commit}  ${release.createdAt.replace("T", " ").slice(0, 19)} UTC`,
  );
  if (fallback) lines.push(fallback);
  const incomplete = readdirSync(releasesDir).filter(
    (name) =>
      RELEASE_ID.test(name) && !releases.some((release) => release.id === name) && existsSync(path.join(releasesDir, name)),
  );
  for (const name of incomplete) lines.push(`unvollständig: ${name} (wird beim nächsten Deploy gelöscht)`);
  return lines.join("\n");
}
