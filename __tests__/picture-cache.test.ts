/**
 * @jest-environment node
 *
 * Processed pictures kept by content across build folders (gatsby/picture-cache.ts), with gatsby-plugin-sharp's
 * real job worker encoding a picture of the site: a build in a second folder gets the same files without
 * encoding them again; a changed picture or changed arguments are encoded anew; unused files are removed.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  cachedPictureWorker,
  keepProcessedPictures,
  pruneKeptPictures,
  type PictureJob,
  type PictureWorker,
} from "../gatsby/picture-cache";

const PICTURE = path.resolve(__dirname, "..", "content", "images", "geschichte-tisch.jpg");
const OTHER_PICTURE = path.resolve(__dirname, "..", "content", "images", "hero-bewegung.jpg");
const realWorker = (require("gatsby-plugin-sharp/gatsby-worker") as { IMAGE_PROCESSING: PictureWorker }).IMAGE_PROCESSING;

let scratch: string;
let cacheDir: string;
/** The operations the plugin's worker was asked to encode, in order. */
let encoded: string[];

const counting: PictureWorker = (job) => {
  encoded.push(...job.args.operations.map((operation) => operation.outputPath));
  return realWorker(job);
};

function job(source: string, outputDir: string, widths: number[]): PictureJob {
  return {
    inputPaths: [{ path: source }],
    outputDir,
    args: {
      operations: widths.map((width) => ({
        outputPath: `bild/${width}.webp`,
        args: { width, toFormat: "webp", quality: 50 },
      })),
      pluginOptions: { stripMetadata: true },
    },
  };
}

beforeEach(() => {
  scratch = mkdtempSync(path.join(os.tmpdir(), "urkraft-picture-cache-"));
  cacheDir = path.join(scratch, "cache");
  encoded = [];
});

afterEach(() => rmSync(scratch, { recursive: true, force: true }));

it("a second build folder gets the same files without encoding them again", async () => {
  const worker = cachedPictureWorker(counting, cacheDir, "v1");
  const first = path.join(scratch, "erster", "public", "static");
  const second = path.join(scratch, "zweiter", "public", "static");
  await worker(job(PICTURE, first, [40, 80]));
  expect(encoded).toEqual(["bild/40.webp", "bild/80.webp"]);
  await worker(job(PICTURE, second, [40, 80]));
  expect(encoded).toHaveLength(2);
  for (const width of [40, 80]) {
    const made = readFileSync(path.join(first, "bild", `${width}.webp`));
    expect(made.subarray(8, 12).toString("latin1")).toBe("WEBP");
    expect(readFileSync(path.join(second, "bild", `${width}.webp`)).equals(made)).toBe(true);
  }
}, 60_000);

it("encodes only what is not kept: a new width, a changed picture, another version of the plugin", async () => {
  const worker = cachedPictureWorker(counting, cacheDir, "v1");
  await worker(job(PICTURE, path.join(scratch, "a"), [40]));
  await worker(job(PICTURE, path.join(scratch, "b"), [40, 60]));
  expect(encoded).toEqual(["bild/40.webp", "bild/60.webp"]);

  // The same file name with another picture in it: encoded again.
  const changed = path.join(scratch, "geschichte-tisch.jpg");
  copyFileSync(OTHER_PICTURE, changed);
  await worker(job(changed, path.join(scratch, "c"), [40]));
  expect(encoded).toEqual(["bild/40.webp", "bild/60.webp", "bild/40.webp"]);

  await cachedPictureWorker(counting, cacheDir, "v2")(job(PICTURE, path.join(scratch, "d"), [40]));
  expect(encoded).toHaveLength(4);
}, 60_000);

it("keeps no half-written file and leaves lazy jobs to the plugin", async () => {
  const worker = cachedPictureWorker(counting, cacheDir, "v1");
  await worker(job(PICTURE, path.join(scratch, "a"), [40]));
  expect(readdirSync(cacheDir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  const lazy = job(PICTURE, path.join(scratch, "lazy"), [40]);
  lazy.args.isLazy = true;
  await worker(lazy);
  expect(encoded).toEqual(["bild/40.webp", "bild/40.webp"]);
  expect(existsSync(path.join(scratch, "lazy", "bild", "40.webp"))).toBe(false);
}, 60_000);

it("removes kept files no build used for 30 days, and leftovers of a stopped build after a day", async () => {
  const worker = cachedPictureWorker(counting, cacheDir, "v1");
  await worker(job(PICTURE, path.join(scratch, "a"), [40, 60]));
  const [used, unused] = readdirSync(cacheDir);
  const now = Date.now();
  const daysAgo = (days: number) => new Date(now - days * 24 * 3600_000);
  utimesSync(path.join(cacheDir, used!), daysAgo(29), daysAgo(29));
  utimesSync(path.join(cacheDir, unused!), daysAgo(31), daysAgo(31));
  writeFileSync(path.join(cacheDir, "abc.123.tmp"), "halb");
  utimesSync(path.join(cacheDir, "abc.123.tmp"), daysAgo(2), daysAgo(2));
  await pruneKeptPictures(cacheDir, now);
  expect(readdirSync(cacheDir)).toEqual([used]);
}, 60_000);

it("the build puts the cache in front of the plugin's worker (gatsby-node's onPreInit)", async () => {
  const worker = require("gatsby-plugin-sharp/gatsby-worker") as { IMAGE_PROCESSING: PictureWorker };
  process.env.PICTURE_CACHE_DIR = cacheDir;
  try {
    expect(await keepProcessedPictures()).toBeUndefined();
  } finally {
    delete process.env.PICTURE_CACHE_DIR;
  }
  expect(worker.IMAGE_PROCESSING).not.toBe(realWorker);
});

it("a cache folder that cannot be written leaves the build as it is without the cache", async () => {
  writeFileSync(cacheDir, "keine Mappe");
  const worker = cachedPictureWorker(counting, cacheDir, "v1");
  await worker(job(PICTURE, path.join(scratch, "a"), [40]));
  await worker(job(PICTURE, path.join(scratch, "b"), [40]));
  expect(encoded).toEqual(["bild/40.webp", "bild/40.webp"]);
  expect(
    readFileSync(path.join(scratch, "b", "bild", "40.webp"))
      .subarray(8, 12)
      .toString("latin1"),
  ).toBe("WEBP");
}, 60_000);

it("takes the content digest Gatsby hands over with the job as the source's key", async () => {
  const worker = cachedPictureWorker(counting, cacheDir, "v1");
  const withDigest = (outputDir: string, contentDigest: string) => {
    const made = job(PICTURE, path.join(scratch, outputDir), [40]);
    made.inputPaths[0]!.contentDigest = contentDigest;
    return made;
  };
  await worker(withDigest("a", "digest-1"));
  await worker(withDigest("b", "digest-1"));
  expect(encoded).toEqual(["bild/40.webp"]);
  await worker(withDigest("c", "digest-2"));
  expect(encoded).toEqual(["bild/40.webp", "bild/40.webp"]);
}, 60_000);
