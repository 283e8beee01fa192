/**
 * The previews folder (by default releases/previews/, PREVIEWS_DIR chooses another): one folder per
 * preview, named by its token, holding public/ (a Gatsby build with the preview's address as pathPrefix)
 * and preview.json, written last. A preview built again under the same name keeps its token, so its
 * address stays; the new folder replaces the old one by two renames.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { PREVIEW_MAX_AGE_DAYS, PREVIEW_TOKEN, previewPath } from "../../common/preview";

export const PREVIEW_FILE = "preview.json";

export interface PreviewInfo {
  /** The change's name as given to `npm run deploy -- --preview NAME`. */
  name: string;
  token: string;
  /** The commit the preview was built from (with -dirty for uncommitted changes). */
  commit: string;
  createdAt: string;
}

/** PREVIEWS_DIR, else previews/ inside RELEASES_DIR (or releases/), relative to `cwd`. */
export function previewsDirFrom(env: Record<string, string | undefined>, cwd: string): string {
  if (env.PREVIEWS_DIR) return path.resolve(cwd, env.PREVIEWS_DIR);
  return path.resolve(cwd, env.RELEASES_DIR || "releases", "previews");
}

export function newPreviewToken(): string {
  return randomBytes(16).toString("base64url");
}

export function previewPublicDir(previewsDir: string, token: string): string {
  return path.join(previewsDir, token, "public");
}

/** The full address of a preview's start page. */
export function previewAddress(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, "")}${previewPath(token)}/`;
}

/** The preview's description, or undefined when there is none (or it is incomplete). */
export function readPreview(previewsDir: string, token: string): PreviewInfo | undefined {
  if (!PREVIEW_TOKEN.test(token)) return undefined;
  try {
    const info = JSON.parse(readFileSync(path.join(previewsDir, token, PREVIEW_FILE), "utf8")) as PreviewInfo;
    return info.token === token ? info : undefined;
  } catch {
    return undefined;
  }
}

/** Complete previews, newest first. */
export function listPreviews(previewsDir: string): PreviewInfo[] {
  let names: string[];
  try {
    names = readdirSync(previewsDir);
  } catch {
    return [];
  }
  return names
    .map((name) => readPreview(previewsDir, name))
    .filter((info): info is PreviewInfo => info !== undefined)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export function previewByName(previewsDir: string, name: string): PreviewInfo | undefined {
  return listPreviews(previewsDir).find((preview) => preview.name === name);
}

/** Puts the finished folder `staging` (with preview.json) at the token's place, replacing an older build. */
export function installPreview(previewsDir: string, staging: string, token: string): void {
  const place = path.join(previewsDir, token);
  const old = path.join(previewsDir, `.old-${token}-${process.pid}`);
  rmSync(old, { recursive: true, force: true });
  if (existsSync(place)) renameSync(place, old);
  renameSync(staging, place);
  rmSync(old, { recursive: true, force: true });
}

/** Deletes the preview named `name`; returns it, or undefined when there is none. */
export function removePreview(previewsDir: string, name: string): PreviewInfo | undefined {
  const preview = previewByName(previewsDir, name);
  if (preview) rmSync(path.join(previewsDir, preview.token), { recursive: true, force: true });
  return preview;
}

/** Built more than PREVIEW_MAX_AGE_DAYS ago: no longer served, and removed by the next prune. */
export function isExpired(preview: PreviewInfo, now = new Date()): boolean {
  const built = Date.parse(preview.createdAt);
  return !Number.isFinite(built) || built < now.getTime() - PREVIEW_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;
}

/** Deletes previews built more than PREVIEW_MAX_AGE_DAYS ago and leftovers of broken builds. */
export function prunePreviews(previewsDir: string, now = new Date()): PreviewInfo[] {
  const removed = listPreviews(previewsDir).filter((preview) => isExpired(preview, now));
  for (const preview of removed) rmSync(path.join(previewsDir, preview.token), { recursive: true, force: true });
  let names: string[] = [];
  try {
    names = readdirSync(previewsDir);
  } catch {
    return removed;
  }
  for (const name of names) {
    if (name.startsWith(".old-")) rmSync(path.join(previewsDir, name), { recursive: true, force: true });
  }
  return removed;
}

export function previewTable(previewsDir: string, origin: string): string {
  const previews = listPreviews(previewsDir);
  if (previews.length === 0) return `Keine Vorschauen in ${previewsDir}.`;
  return previews
    .map(
      (preview) =>
        `${preview.name}  Commit ${preview.commit}  ${preview.createdAt.replace("T", " ").slice(0, 19)} UTC  ${previewAddress(origin, preview.token)}`,
    )
    .join("\n");
}
