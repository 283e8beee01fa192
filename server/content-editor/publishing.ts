/**
 * What happens around a commit of „Inhalte“ that is not git: a preview release of edited files, and, on
 * a server that deploys itself (no CONTENT_GIT_REMOTE), the deploy after publishing. Each is one function
 * here, so the routes do not care how it is done.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { buildPreview, stopPreviewStandbys, warmPreviewBuild } from "../release/build-preview";
import { listPreviews, removePreview, type PreviewInfo } from "../release/previews";
import { ReleaseError } from "../release/releases";
import { failureReason, releaseFinished, releaseStarted } from "./release-state";
import type { Queryable } from "../db/types";
import type { Edits } from "./check";

export type PreviewOutcome = { ok: true; address: string; seconds: number; phases: string } | { ok: false; message: string };

export interface PreviewRequest {
  /** A stable name per person and file: the same change again replaces its preview. */
  name: string;
  /** The project the server runs from: its code builds the preview. */
  projectDir: string;
  /** The content as published (the work tree's content/), which the edits are laid over. */
  contentDir: string;
  /** Edited files: path under content/ → new text, or a waiting picture's bytes. */
  edits: Edits;
  /** The site's address, which the preview's address starts with. */
  origin: string;
  /** Where the previews are served from (PREVIEWS_DIR). */
  previewsDir: string;
  /** Start the next build ahead afterwards (PREVIEW_WARMUP), so that the next preview waits only for its change. */
  keepWarm: boolean;
}

const CONTENT_PREVIEW = /^inhalte-([0-9a-f]{12})-[0-9a-f]{12}$/;
const digest = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 12);

/**
 * The name of a person's preview of a file: digests of both, so neither the name nor the address says who
 * made it (a preview's banner shows its name), two editors never share one, and the same change again
 * replaces its preview at the same address.
 */
export function contentPreviewName(person: string, file: string): string {
  return `inhalte-${digest(person.trim().toLowerCase())}-${digest(file)}`;
}

/** Removes the „Inhalte“ previews of everyone who may no longer log in (an editor taken off EDITOR_EMAILS). */
export function pruneFormerEditorsPreviews(previewsDir: string, people: readonly string[]): PreviewInfo[] {
  const current = new Set(people.map((person) => digest(person.trim().toLowerCase())));
  const removed: PreviewInfo[] = [];
  for (const preview of listPreviews(previewsDir)) {
    const match = CONTENT_PREVIEW.exec(preview.name);
    if (match && !current.has(match[1]!) && removePreview(previewsDir, preview.name)) removed.push(preview);
  }
  return removed;
}

/**
 * The content a preview is built from, in a folder of its own: the published content/ with the edited
 * files written over it. The caller removes the folder.
 */
export async function previewContent(contentDir: string, edits: Edits): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "urkraft-vorschau-"));
  await cp(contentDir, dir, { recursive: true, verbatimSymlinks: true });
  for (const [file, text] of edits) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  return dir;
}

/**
 * Builds a preview release of the content with the edits (server/release/build-preview.ts), served under
 * /vorschau/<token>/; the same name again replaces it at the same address.
 */
export async function buildContentPreview(request: PreviewRequest): Promise<PreviewOutcome> {
  const contentDir = await previewContent(request.contentDir, request.edits);
  try {
    const built = await buildPreview({
      name: request.name,
      projectDir: request.projectDir,
      contentDir,
      previewsDir: request.previewsDir,
      origin: request.origin,
      // The route has checked the content with the edits just before.
      contentChecked: true,
      keepWarm: request.keepWarm,
      log: () => undefined,
    });
    return { ok: true, address: built.address, seconds: built.seconds, phases: built.phases };
  } catch (error) {
    if (error instanceof ReleaseError) return { ok: false, message: error.message };
    throw error;
  } finally {
    await rm(contentDir, { recursive: true, force: true });
  }
}

/**
 * Builds the project once as previews are built, in the background (build-preview.ts warmPreviewBuild), and
 * then starts the next build ahead, so that the next „Vorschau“ waits only for its change; a preview asked
 * for meanwhile waits for it. Logs its end; a failure only costs the next preview its speed.
 */
export function warmUpPreviews(projectDir: string, log: FastifyBaseLogger): Promise<void> {
  return warmPreviewBuild({ projectDir, keepWarm: true }).then(
    ({ seconds, built }) =>
      log.info({ seconds }, built ? "preview build folder warmed up" : "preview build folder already warm for this code"),
    (error: unknown) => log.warn({ error: (error as Error).message }, "preview warm-up failed"),
  );
}

/** Ends the builds started ahead (when the server stops). */
export const stopPreviewBuilds = stopPreviewStandbys;

/**
 * Runs the deploy (`npm run deploy`, CONTENT_DEPLOY_COMMAND) in the project (the server deploys itself): a
 * new release with the commit just made, live when it is built. Runs on after the answer; its state is kept
 * for the editor (release-state.ts) and its end is logged.
 */
export function deployPublished(
  projectDir: string,
  log: FastifyBaseLogger,
  release: { db: Queryable; commit: string; command: string },
): Promise<void> {
  const started = Date.now();
  return releaseStarted(release.db, release.commit).then(
    () =>
      new Promise<void>((resolve) => {
        const child = spawn("sh", ["-c", release.command], {
          cwd: projectDir,
          stdio: ["ignore", "pipe", "pipe"],
          env: process.env,
        });
        let output = "";
        child.stdout.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
        child.stderr.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
        child.on("close", (code) => {
          const seconds = Math.round((Date.now() - started) / 100) / 10;
          if (code === 0) log.info({ seconds }, "content deploy finished");
          else log.error({ seconds, code, output }, "content deploy failed");
          releaseFinished(release.db, release.commit, code === 0 ? undefined : failureReason(output))
            .catch((error: Error) => log.error({ reason: error.message }, "content release state not recorded"))
            .finally(resolve);
        });
      }),
    (error: Error) => log.error({ reason: error.message }, "content release state not recorded"),
  );
}
