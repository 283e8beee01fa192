/**
 * Release and preview folders that still show a withdrawn person, found by the name in their pages, page
 * data and content copy, and removed. Deleting is the simple and safe way: a preview is built again with one
 * click in „Inhalte“, and a release other than the live one is only kept for a rollback, which would put the
 * person back online. Rebuilding them would mean a full site build for each. The live release is never
 * deleted (the site would go dark): it is replaced by the next deploy, after which this runs again.
 */
import { readFileSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { namePattern } from "../content-editor/history-rewrite";
import { RELEASE_ID, pointedRelease } from "./releases";

/** What a built site writes as text: pages, page data, scripts, the content copy of a release. */
const TEXT_FILE = /\.(html|json|js|mjs|md|txt|xml|webmanifest)$/i;

/** Whether any text file under `dir` names the person (symbolic links are not followed). */
export function folderShows(dir: string, name: string): boolean {
  const pattern = namePattern(name);
  const walk = (at: string): boolean => {
    let entries;
    try {
      entries = readdirSync(at, { withFileTypes: true });
    } catch {
      return false;
    }
    return entries.some((entry) => {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) return walk(full);
      return entry.isFile() && TEXT_FILE.test(entry.name) && pattern.test(readFileSync(full, "utf8"));
    });
  };
  return walk(dir);
}

export interface FolderCleanup {
  deletedReleases: string[];
  deletedPreviews: string[];
  /** The live release, when it still shows the person. */
  liveShows: string | undefined;
}

const subfolders = (dir: string | undefined): string[] => {
  if (!dir) return [];
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
};

/** Deletes every preview and every release but the live one that shows the person. */
export function removeFoldersShowing(name: string, releasesDir: string | undefined, previewsDir: string): FolderCleanup {
  const live = releasesDir ? pointedRelease(releasesDir) : undefined;
  const result: FolderCleanup = { deletedReleases: [], deletedPreviews: [], liveShows: undefined };
  // Every folder, complete or not: a half-built preview or release holds the pages as well.
  for (const folder of subfolders(previewsDir)) {
    const dir = path.join(previewsDir, folder);
    if (!folderShows(dir, name)) continue;
    rmSync(dir, { recursive: true, force: true });
    result.deletedPreviews.push(folder);
  }
  for (const folder of subfolders(releasesDir)) {
    const dir = path.join(releasesDir!, folder);
    if (path.resolve(dir) === path.resolve(previewsDir)) continue;
    if (!RELEASE_ID.test(folder.replace(/^\.staging-/, ""))) continue;
    if (!folderShows(dir, name)) continue;
    if (folder === live) {
      result.liveShows = folder;
      continue;
    }
    rmSync(dir, { recursive: true, force: true });
    result.deletedReleases.push(folder);
  }
  return result;
}
