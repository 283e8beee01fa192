/**
 * Processed pictures kept by their content, for every build folder on the machine. gatsby-plugin-sharp turns
 * each source picture into its sizes and formats (AVIF, WebP, JPEG) in every build folder anew: Gatsby keeps
 * its jobs per folder, keyed by the absolute output path. So a build in a new folder (the first preview on a
 * server, a release built in a fresh copy) spent about 28 s on the site's 42 picture jobs, one core busy.
 *
 * Here each file the plugin's worker writes is kept under a key made of the source picture's content, the
 * transformation's arguments, the plugin's options and the versions of sharp and the plugin, in one folder
 * per user (PICTURE_CACHE_DIR, or else ~/.cache/urkraft/pictures). A build that needs the same file copies
 * it instead of encoding it again; a file is only ever kept whole (written aside, then renamed). Files no
 * build used for 30 days are removed when a build starts.
 */
import { createHash } from "node:crypto";
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, utimes } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/** A picture job as Gatsby hands it to gatsby-plugin-sharp's worker (IMAGE_PROCESSING). */
export interface PictureJob {
  inputPaths: { path: string; contentDigest?: string }[];
  outputDir: string;
  args: {
    isLazy?: boolean;
    /** The files to write: each path relative to outputDir, with its transformation's arguments. */
    operations: { outputPath: string; args: unknown }[];
    pluginOptions?: unknown;
  };
}

export type PictureWorker = (job: PictureJob) => Promise<unknown>;

/** Days a kept file stays unused before a build removes it. */
const KEPT_DAYS = 30;

export function pictureCacheDir(): string {
  return process.env.PICTURE_CACHE_DIR || path.join(os.homedir(), ".cache", "urkraft", "pictures");
}

/** `encode` (the plugin's IMAGE_PROCESSING) with the files it writes kept in `dir` under `version`. */
export function cachedPictureWorker(encode: PictureWorker, dir: string, version: string): PictureWorker {
  return async (job) => {
    const input = job.inputPaths[0];
    if (job.args.isLazy || !input || job.inputPaths.length !== 1) return encode(job);
    // Gatsby hands over the source's content digest with the job; read the file only without one.
    const source =
      input.contentDigest ??
      createHash("sha256")
        .update(await readFile(input.path))
        .digest("hex");
    const keptFile = (operation: PictureJob["args"]["operations"][number]) =>
      path.join(
        dir,
        createHash("sha256")
          .update(JSON.stringify([version, source, operation.args, job.args.pluginOptions ?? null]))
          .digest("hex"),
      );
    const copied = await Promise.all(
      job.args.operations.map(async (operation) => {
        const kept = keptFile(operation);
        const output = path.join(job.outputDir, operation.outputPath);
        try {
          await mkdir(path.dirname(output), { recursive: true });
          await copyFile(kept, output);
          const now = new Date();
          await utimes(kept, now, now);
          return true;
        } catch {
          return false;
        }
      }),
    );
    // The rest in the job's order, for the plugin to encode.
    const missing = job.args.operations.filter((_, index) => !copied[index]);
    if (missing.length === 0) return undefined;
    const result = await encode({ ...job, args: { ...job.args, operations: missing } });
    // Keeping is a saving, never a condition: a folder that cannot be written (a read-only home, a full disk)
    // leaves the build as it would be without the cache.
    await mkdir(dir, { recursive: true })
      .then(() =>
        Promise.all(
          missing.map(async (operation) => {
            const kept = keptFile(operation);
            const aside = `${kept}.${process.pid}.tmp`;
            await copyFile(path.join(job.outputDir, operation.outputPath), aside);
            await rename(aside, kept);
          }),
        ),
      )
      .catch(() => undefined);
    return result;
  };
}

/** Removes the kept files no build has used for KEPT_DAYS days (and copies left over by a stopped build). */
export async function pruneKeptPictures(dir: string, now = Date.now()): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const { mtimeMs } = await stat(file).catch(() => ({ mtimeMs: now }));
      const limit = name.endsWith(".tmp") ? 24 * 3600_000 : KEPT_DAYS * 24 * 3600_000;
      if (now - mtimeMs > limit) await rm(file, { force: true }).catch(() => undefined);
    }),
  );
}

/**
 * Puts the cache in front of gatsby-plugin-sharp's job worker and removes what no build used for KEPT_DAYS.
 * Gatsby looks the worker's function up by the job's name for every job, so replacing it on the module works
 * whenever it runs before the first picture job (onPreInit). Returns a note for the build's log when the
 * plugin's parts are not as expected; the build then encodes every picture itself, as without the cache.
 */
export async function keepProcessedPictures(): Promise<string | undefined> {
  const worker = require("gatsby-plugin-sharp/gatsby-worker") as { IMAGE_PROCESSING?: PictureWorker };
  if (typeof worker.IMAGE_PROCESSING !== "function") return "gatsby-plugin-sharp ohne IMAGE_PROCESSING: Bilder-Cache aus";
  const version = ["gatsby-plugin-sharp", "sharp"]
    .map((name) => `${name}@${(require(`${name}/package.json`) as { version: string }).version}`)
    .join(" ");
  const dir = pictureCacheDir();
  worker.IMAGE_PROCESSING = cachedPictureWorker(worker.IMAGE_PROCESSING, dir, version);
  await pruneKeptPictures(dir);
  return undefined;
}
