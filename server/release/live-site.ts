/**
 * The server's side of a deploy: it serves the live release (releases/current) and follows the link when a
 * deploy or rollback moves it (noticed through a file watch, a SIGHUP, or at the latest within a second).
 * When the new release runs the same server (same fingerprint, see release/fingerprint.ts), its
 * pages are read and compressed first, then new requests are served from its public/ while requests under
 * way finish on the old files. Otherwise `onServerChange` hands the port over to a new process
 * (release/handover.ts).
 */
import { watch, type FSWatcher } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { SiteFiles } from "../static/site-files";
import { OWNER_DIR } from "../static/owner-files";
import {
  ReleaseError,
  listReleases,
  liveRelease,
  pointedRelease,
  publicDirOf,
  readRelease,
  switchCurrent,
  type ReleaseInfo,
} from "./releases";

/** Earlier releases whose hashed files stay reachable for pages opened before a switch. */
export const REACHABLE_EARLIER_RELEASES = 4;
const POLL_MS = 1_000;

/** The release to start on; throws with a German message when there is none. */
export function startingRelease(releasesDir: string, warn: (message: string) => void): ReleaseInfo {
  const { release, fallback } = liveRelease(releasesDir);
  if (fallback) warn(fallback);
  if (!release) {
    throw new ReleaseError(`In ${releasesDir} gibt es kein vollständiges Release. Erst veröffentlichen: npm run deploy`);
  }
  return release;
}

export function earlierPublicDirs(releasesDir: string, liveId: string): string[] {
  return listReleases(releasesDir)
    .filter((release) => release.id !== liveId)
    .slice(0, REACHABLE_EARLIER_RELEASES)
    .map((release) => publicDirOf(releasesDir, release.id));
}

async function pageFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !path.relative(dir, file).startsWith(`${OWNER_DIR}${path.sep}`));
}

/** Reads and compresses the release's pages before the first visitor asks for them. */
async function prepare(site: SiteFiles, publicDir: string): Promise<void> {
  await Promise.all(
    (await pageFiles(publicDir)).map(async (file) => {
      const cached = await site.cached(file);
      if (cached) await Promise.all([cached.encoded("br"), cached.encoded("gzip")]);
    }),
  );
}

export interface ReleaseFollower {
  /** The release new requests are served from. */
  readonly serving: string;
  /** Looks at the link now; resolves once a file switch is done. */
  check(): Promise<void>;
  stop(): void;
}

export interface FollowOptions {
  site: SiteFiles;
  releasesDir: string;
  /** The release this process started on. */
  started: ReleaseInfo;
  log: FastifyBaseLogger;
  /**
   * Called when the live release needs another server process; resolves false when that failed, and the
   * release is not tried again until the link moves on.
   */
  onServerChange(release: ReleaseInfo): Promise<boolean>;
  /**
   * The live release recorded in the shared database (release/recorded.ts). When it differs from `current`
   * and its folder is complete here, this instance points `current` at it.
   */
  recorded?: () => Promise<string | undefined>;
}

export function followReleases(options: FollowOptions): ReleaseFollower {
  const { site, releasesDir, started, log } = options;
  let serving = started.id;
  let handingOver = false;
  let refused: string | undefined;
  let running: Promise<void> = Promise.resolve();

  site.switchTo(publicDirOf(releasesDir, started.id), earlierPublicDirs(releasesDir, started.id));

  let waitingFor: string | undefined;
  const followRecord = async () => {
    const recorded = await options.recorded?.();
    if (!recorded || recorded === pointedRelease(releasesDir)) return;
    if (!readRelease(releasesDir, recorded)) {
      if (waitingFor !== recorded) log.warn(`Release ${recorded} ist in der Datenbank live, fehlt aber in ${releasesDir}.`);
      waitingFor = recorded;
      return;
    }
    switchCurrent(releasesDir, recorded);
  };

  const look = async () => {
    if (handingOver) return;
    await followRecord();
    const { release, fallback } = liveRelease(releasesDir);
    if (!release || release.id === serving || release.id === refused) return;
    if (fallback) log.warn(fallback);
    if (release.serverFingerprint !== started.serverFingerprint) {
      handingOver = true;
      log.info({ release: release.id }, "new server code: handing over to a new process");
      void options.onServerChange(release).then((handedOver) => {
        if (handedOver) return;
        handingOver = false;
        refused = release.id;
      });
      return;
    }
    const publicDir = publicDirOf(releasesDir, release.id);
    const begun = Date.now();
    await prepare(site, publicDir);
    site.switchTo(publicDir, earlierPublicDirs(releasesDir, release.id));
    log.info({ release: release.id, from: serving, preparedMs: Date.now() - begun }, "release switched");
    serving = release.id;
  };
  const check = () => {
    running = running.then(look).catch((error: unknown) => log.error({ err: error }, "release switch failed"));
    return running;
  };

  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(releasesDir, { persistent: false }, () => void check());
    watcher.on("error", () => undefined);
  } catch {
    watcher = undefined;
  }
  const timer = setInterval(() => void check(), POLL_MS);
  timer.unref();
  const onHangup = () => void check();
  process.on("SIGHUP", onHangup);

  return {
    get serving() {
      return serving;
    },
    check,
    stop() {
      watcher?.close();
      clearInterval(timer);
      process.off("SIGHUP", onHangup);
    },
  };
}
