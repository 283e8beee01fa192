/**
 * The releases folder: each deploy builds into releases/<time>-<commit>/ (public/, the compiled server
 * server.mjs, the content the server reads, and release.json, written last, so a folder without it is
 * incomplete). `current` is a symbolic link to the live one; it is replaced by a rename, so at every moment
 * it names one complete release, even after a crash in the middle of a switch.
 */
import { existsSync, readFileSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";

export const CURRENT_LINK = "current";
export const RELEASE_FILE = "release.json";
/** Releases kept on disk; older ones are deleted after a deploy (never the live one). */
export const KEPT_RELEASES = 5;
/** Release folder names: 20261125T193000Z-9b188e9, sortable by time. */
export const RELEASE_ID = /^\d{8}T\d{6}Z-[0-9a-f]{4,40}(?:-dirty)?$/;

export interface ReleaseInfo {
  id: string;
  commit: string;
  createdAt: string;
  /** Hash of what the server process runs and reads at start: the same value means a file switch is enough. */
  serverFingerprint: string;
}

export class ReleaseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ReleaseError";
  }
}

export function releaseDir(releasesDir: string, id: string): string {
  return path.join(releasesDir, id);
}

export function publicDirOf(releasesDir: string, id: string): string {
  return path.join(releasesDir, id, "public");
}

export function releaseId(now: Date, commit: string): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  return `${stamp}-${commit}`;
}

/** The release's description, or undefined when the folder is missing or incomplete. */
export function readRelease(releasesDir: string, id: string): ReleaseInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(path.join(releasesDir, id, RELEASE_FILE), "utf8")) as ReleaseInfo;
    if (info.id !== id || !existsSync(publicDirOf(releasesDir, id))) return undefined;
    return info;
  } catch {
    return undefined;
  }
}

/** Complete releases, newest first. */
export function listReleases(releasesDir: string): ReleaseInfo[] {
  let names: string[];
  try {
    names = readdirSync(releasesDir);
  } catch {
    return [];
  }
  return names
    .filter((name) => RELEASE_ID.test(name))
    .sort()
    .reverse()
    .map((name) => readRelease(releasesDir, name))
    .filter((info): info is ReleaseInfo => info !== undefined);
}

/** The id `current` points to, whether or not that folder still exists; undefined without a link. */
export function pointedRelease(releasesDir: string): string | undefined {
  try {
    return path.basename(readlinkSync(path.join(releasesDir, CURRENT_LINK)));
  } catch {
    return undefined;
  }
}

/**
 * The live release: the one `current` points to when it is complete; otherwise (folder deleted by hand,
 * link missing) the newest complete one, with `fallback` saying why.
 */
export function liveRelease(releasesDir: string): { release: ReleaseInfo | undefined; fallback?: string } {
  const pointed = pointedRelease(releasesDir);
  const release = pointed === undefined ? undefined : readRelease(releasesDir, pointed);
  if (release) return { release };
  const newest = listReleases(releasesDir)[0];
  if (pointed === undefined) return { release: newest };
  return {
    release: newest,
    fallback: newest
      ? `Release ${pointed} fehlt oder ist unvollständig (Ordner ${path.join(releasesDir, pointed)}); ich nehme das neueste vollständige: ${newest.id}.`
      : `Release ${pointed} fehlt oder ist unvollständig, und es gibt kein anderes vollständiges Release in ${releasesDir}.`,
  };
}

/** Points `current` at the release in one rename, which replaces the old link atomically. */
export function switchCurrent(releasesDir: string, id: string): void {
  if (!readRelease(releasesDir, id)) {
    throw new ReleaseError(`Release ${id} fehlt oder ist unvollständig (${path.join(releasesDir, id)}); nichts umgeschaltet.`);
  }
  const temporary = path.join(releasesDir, `.${CURRENT_LINK}-${process.pid}`);
  rmSync(temporary, { force: true });
  symlinkSync(id, temporary);
  renameSync(temporary, path.join(releasesDir, CURRENT_LINK));
}
