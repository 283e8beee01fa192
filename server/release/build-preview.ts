/**
 * `npm run deploy -- --preview NAME` and the owner area: builds the working tree (or it with edited content
 * files laid over content/) into a preview that is not live. The build runs in a folder of its own (the
 * project's files hard-linked, node_modules shared, Gatsby's cache kept there for the next preview), so the
 * project's public/ and .cache/, which `npm start` and the live release use, stay untouched.
 *
 * Every preview is built the same way: with the address of BUILD_TOKEN as pathPrefix and BUILD_NAME as the
 * banner's name. Gatsby's and webpack's caches therefore stay valid from one preview to the next, whoever
 * made it, so a preview after the first only builds what the change touches. Copying the build to the
 * preview's folder puts the preview's token and name in their place (installBuild). Neither a token nor a
 * name ever stands in the shared build folder, so nothing left there from an earlier build (old bundles,
 * pages) can show one preview's address in another.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { copyFile, mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { problemReport } from "../../common/content/content-check";
import { PATH_PREFIX_ENV, PREVIEW_NAME, PREVIEW_NAME_ENV, previewPath } from "../../common/preview";
import { BUILD_GO_ENV } from "../../common/build-flags";
import { TRUSTED_SCRIPTS_FILE, buildScriptsIn, scriptHash, type TrustedScripts } from "../../common/trusted-scripts";
import { OWNER_DIR } from "../static/owner-files";
import { inlineSprites } from "./preview-sprites";
import { realBuildSteps, releaseBuildEnv } from "./build-steps";
import { currentCommit } from "./deploy";
import { acquireDeployLock } from "./lock";
import {
  PREVIEW_FILE,
  installPreview,
  newPreviewToken,
  previewAddress,
  previewByName,
  previewsDirFrom,
  prunePreviews,
  type PreviewInfo,
} from "./previews";
import { ReleaseError } from "./releases";

/**
 * The token every preview is built with, replaced by the preview's own in its copy. It has the form of a
 * token but can never be one: a token is 16 random bytes in base64url, whose 22nd character is A, Q, g or w.
 */
export const BUILD_TOKEN = "UrkraftVorschauBau_0_0";
/** The name every preview is built with (the banner's „Änderung: …“), replaced by the preview's own. */
export const BUILD_NAME = "UrkraftVorschauName_0_0";

/** What Gatsby gets for every preview: the same each time, so its caches hold. */
export const PREVIEW_BUILD_ENV = { [PATH_PREFIX_ENV]: previewPath(BUILD_TOKEN), [PREVIEW_NAME_ENV]: BUILD_NAME } as const;

export interface PreviewSteps {
  /** German problems, each naming file and field; empty when the content is fine. */
  checkContent(workDir: string): string[];
  /**
   * Builds the site into `<workDir>/public` with the given environment (pathPrefix and banner); "ahead" when a
   * build started ahead did it. A build in the background (the warm-up, which nobody waits for) runs below the
   * server's priority.
   */
  buildSite(workDir: string, env: NodeJS.ProcessEnv, how?: { background?: boolean }): Promise<void | "ahead">;
  /** Starts the next build ahead, to wait for its content (after a build for the owner area). */
  standBy?(workDir: string, env: NodeJS.ProcessEnv): void;
}

/** Where a build started ahead looks for its go, its process id (gatsby/build-standby.ts). */
const GO_FILE = ".urkraft-go";
/** A build started ahead and not used within this long ends (it holds a few hundred MB). */
const STANDBY_IDLE_MS = 30 * 60 * 1000;

interface GatsbyRun {
  child: ChildProcess;
  /** Settles when Gatsby has ended: fulfilled when it built, rejected in German otherwise. */
  exited: Promise<void>;
  goFile: string;
}

interface Standby extends GatsbyRun {
  env: string;
  /** Gatsby's saved state when it started: another build in the folder since then makes it unusable. */
  cacheStamp: number;
  timer: NodeJS.Timeout;
}

const standbys = new Map<string, Standby>();

const cacheStampOf = (workDir: string) =>
  statSync(path.join(workDir, ".cache", "redux", "redux.rest.state"), { throwIfNoEntry: false })?.mtimeMs ?? 0;

/** The niceness of a preview's Gatsby (0 is the server's own, 19 the lowest priority). */
export const PREVIEW_BUILD_NICENESS = 10;

/**
 * The warm-up build takes every core it gets for a minute or more while nobody waits for it: live visitors and
 * the owner area come first. The processes Gatsby starts later (its workers) inherit the niceness. A preview
 * somebody clicked for runs at the server's own priority: at niceness 10 it took 48 s instead of 6 s while two
 * other processes kept both cores busy.
 */
export function runBelowServer(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    os.setPriority(child.pid, Math.max(os.getPriority(), PREVIEW_BUILD_NICENESS));
  } catch {
    // Already ended, or not allowed here: the build runs at the server's priority.
  }
}

/**
 * Gatsby for a preview, started the same way every time (the same command and environment, so its caches
 * hold): it waits in onPreBootstrap until the go file names its process (gatsby/build-standby.ts).
 */
function startGatsby(workDir: string, env: NodeJS.ProcessEnv, background = false): GatsbyRun {
  const goFile = path.join(workDir, GO_FILE);
  rmSync(goFile, { force: true });
  const child = spawn(process.execPath, [path.join("node_modules", "gatsby", "cli.js"), "build", "--prefix-paths"], {
    cwd: workDir,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      ...releaseBuildEnv(workDir),
      GATSBY_TELEMETRY_DISABLED: "1",
      // As `npm run build:site` starts it (package.json).
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --disable-warning=DEP0040`.trim(),
      [BUILD_GO_ENV]: goFile,
      ...env,
    },
  });
  if (background) runBelowServer(child);
  const exited = new Promise<void>((resolve, reject) => {
    child.on("error", (error) => reject(new ReleaseError(`Der Build der Vorschau ließ sich nicht starten: ${error.message}`)));
    child.on("exit", (code, signal) =>
      code === 0
        ? resolve()
        : reject(new ReleaseError(`Der Build der Vorschau ist fehlgeschlagen (${signal ?? `Code ${code}`}).`)),
    );
  });
  exited.catch(() => undefined);
  return { child, exited, goFile };
}

async function stopStandby(key: string): Promise<void> {
  const standby = standbys.get(key);
  if (!standby) return;
  standbys.delete(key);
  clearTimeout(standby.timer);
  standby.child.kill("SIGTERM");
  await standby.exited.catch(() => undefined);
}

/** Ends every build started ahead (when the server stops). */
export async function stopPreviewStandbys(): Promise<void> {
  await Promise.all([...standbys.keys()].map(stopStandby));
}

export const realPreviewSteps: PreviewSteps = {
  checkContent: realBuildSteps.checkContent,
  async buildSite(workDir, env, how = {}) {
    const key = path.resolve(workDir);
    const standby = standbys.get(key);
    let run: GatsbyRun | undefined;
    if (
      standby &&
      standby.child.exitCode === null &&
      standby.child.signalCode === null &&
      standby.env === JSON.stringify(env) &&
      standby.cacheStamp === cacheStampOf(workDir)
    ) {
      standbys.delete(key);
      clearTimeout(standby.timer);
      run = standby;
    } else await stopStandby(key);
    const ahead = run !== undefined;
    run ??= startGatsby(workDir, env, how.background);
    writeFileSync(run.goFile, String(run.child.pid));
    await run.exited;
    return ahead ? "ahead" : undefined;
  },
  standBy(workDir, env) {
    const key = path.resolve(workDir);
    if (standbys.has(key)) return;
    const cacheStamp = cacheStampOf(workDir);
    const run = startGatsby(workDir, env);
    const timer = setTimeout(() => void stopStandby(key), STANDBY_IDLE_MS);
    timer.unref();
    standbys.set(key, { ...run, env: JSON.stringify(env), cacheStamp, timer });
    void run.exited
      .catch(() => undefined)
      .finally(() => {
        if (standbys.get(key)?.child === run.child) {
          clearTimeout(timer);
          standbys.delete(key);
        }
      });
  },
};

export interface PreviewOptions {
  /** The change's name: the same name again replaces that preview at the same address. */
  name: string;
  /** The checkout to build; by default the current folder. */
  projectDir?: string;
  /** Edited content files, laid over the project's content/ (same paths inside). */
  contentDir?: string;
  /** By default PREVIEWS_DIR, else releases/previews/ (see previews.ts). */
  previewsDir?: string;
  /** The site's address the preview's address starts with; by default PREVIEW_ORIGIN, SITE_URL or http://localhost:PORT. */
  origin?: string;
  /** Where the preview is built; by default a folder under the system's temporary folder, kept between builds. */
  workDir?: string;
  steps?: PreviewSteps;
  /** The caller has just checked the content as laid over (the owner area does, before it asks). */
  contentChecked?: boolean;
  /** Start the next build ahead afterwards, so that it waits only for its content (the owner area's server). */
  keepWarm?: boolean;
  now?: Date;
  log?: (line: string) => void;
}

export interface BuiltPreview extends PreviewInfo {
  /** The full address of the preview's start page. */
  address: string;
  seconds: number;
  /** Where the time went, e.g. "Warten 0.0 s, Dateien 0.3 s, Gatsby 7.9 s, Kopie 0.4 s". */
  phases: string;
}

export function defaultOrigin(env: Record<string, string | undefined> = process.env): string {
  return env.PREVIEW_ORIGIN?.trim() || env.SITE_URL?.trim() || `http://localhost:${env.PORT?.trim() || "9000"}`;
}

/** The project's own files: tracked and new ones, without what git ignores (node_modules, public/, …). */
function projectFiles(projectDir: string): string[] {
  try {
    const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
      cwd: projectDir,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 64 * 1024 * 1024,
    });
    return listed.split("\0").filter((file) => file && existsSync(path.join(projectDir, file)));
  } catch {
    throw new ReleaseError(`${projectDir} ist kein Git-Arbeitsverzeichnis: ich weiß nicht, welche Dateien zur Seite gehören.`);
  }
}

function filesUnder(dir: string, relative = ""): string[] {
  return readdirSync(path.join(dir, relative), { withFileTypes: true }).flatMap((entry) => {
    const file = relative ? `${relative}/${entry.name}` : entry.name;
    return entry.isDirectory() ? filesUnder(dir, file) : entry.isFile() ? [file] : [];
  });
}

function sameBytes(a: string, b: string): boolean {
  const first = statSync(a, { throwIfNoEntry: false });
  const second = statSync(b, { throwIfNoEntry: false });
  if (!first?.isFile() || !second?.isFile() || first.size !== second.size) return false;
  return readFileSync(a).equals(readFileSync(b));
}

/**
 * The build folder's node_modules is a link to the project's. A link left by a build of another checkout (a
 * copy since deleted, or a project moved) is pointed at this project's, instead of failing on it.
 */
function linkNodeModules(projectDir: string, workDir: string): void {
  const link = path.join(workDir, "node_modules");
  const target = path.join(projectDir, "node_modules");
  const entry = lstatSync(link, { throwIfNoEntry: false });
  if (entry && !entry.isSymbolicLink()) return;
  if (entry && readlinkSync(link) === target) return;
  rmSync(link, { force: true });
  symlinkSync(target, link);
}

/**
 * Written after each build that ended well, into Gatsby's cache (so it goes with it): the digest of the code
 * the build folder's caches hold. A warm-up finding the same code has nothing to add to them.
 */
const BUILT_CODE_FILE = path.join(".cache", "urkraft-built-code");

/**
 * The project's code as placed in the build folder: every file but the content, by path and bytes (a link by
 * its target). A node_modules link a copy of the project has committed is the shared one (linkNodeModules).
 */
function codeDigest(workDir: string, files: string[]): string {
  const hash = createHash("sha256");
  for (const file of [...files].sort()) {
    if (file.startsWith("content/") || file === "node_modules") continue;
    const full = path.join(workDir, file);
    const entry = lstatSync(full, { throwIfNoEntry: false });
    if (!entry) continue;
    hash.update(file).update("\0");
    hash.update(entry.isSymbolicLink() ? readlinkSync(full) : entry.isFile() ? readFileSync(full) : "").update("\0");
  }
  return hash.digest("hex");
}

/** The code of the folder's last build that ended well, if its output is still there. */
function builtCode(workDir: string): string | undefined {
  if (!existsSync(path.join(workDir, "public", "index.html"))) return undefined;
  try {
    return readFileSync(path.join(workDir, BUILT_CODE_FILE), "utf8").trim();
  } catch {
    return undefined;
  }
}

/** Gatsby in the build folder, with the built code recorded once it has ended well. */
async function buildInFolder(
  steps: PreviewSteps,
  workDir: string,
  code: string,
  how?: { background?: boolean },
): Promise<Awaited<ReturnType<PreviewSteps["buildSite"]>>> {
  const marker = path.join(workDir, BUILT_CODE_FILE);
  rmSync(marker, { force: true });
  const outcome = await steps.buildSite(workDir, { ...PREVIEW_BUILD_ENV }, how);
  mkdirSync(path.dirname(marker), { recursive: true });
  writeFileSync(marker, `${code}\n`);
  return outcome;
}

/** Kept between builds: Gatsby's cache and build output, and the shared node_modules link. */
const KEPT_IN_WORK_DIR = new Set(["node_modules", ".cache", "public", ".deploy.lock", GO_FILE]);

/**
 * The project's files in the build folder, hard-linked, with the edited content files copied over them where
 * they differ. Files already linked to the project's stay as they are (a build started ahead may be reading
 * them); files that are no longer the project's go.
 */
function prepareWorkDir(projectDir: string, workDir: string, contentDir: string | undefined): string[] {
  mkdirSync(workDir, { recursive: true });
  const files = projectFiles(projectDir);
  const wanted = new Set(files);
  for (const name of readdirSync(workDir)) {
    if (KEPT_IN_WORK_DIR.has(name)) continue;
    const entry = statSync(path.join(workDir, name), { throwIfNoEntry: false });
    const stale = entry?.isDirectory() ? filesUnder(workDir, name) : [name];
    for (const file of stale) if (!wanted.has(file)) rmSync(path.join(workDir, file), { force: true });
  }
  linkNodeModules(projectDir, workDir);
  const place = (from: string, to: string, link: boolean) => {
    mkdirSync(path.dirname(to), { recursive: true });
    rmSync(to, { force: true });
    if (!link) return copyFileSync(from, to);
    try {
      linkSync(from, to);
    } catch {
      copyFileSync(from, to);
    }
  };
  for (const file of files) {
    const from = path.join(projectDir, file);
    const to = path.join(workDir, file);
    const source = statSync(from);
    const target = statSync(to, { throwIfNoEntry: false });
    if (target && target.ino === source.ino && target.dev === source.dev) continue;
    place(from, to, true);
  }
  // Copied, never linked: writing them must not reach the project's own files. A file equal to the project's
  // stays the project's (same file, same times), so Gatsby sees only the files that really changed.
  if (contentDir) {
    for (const file of filesUnder(contentDir)) {
      const target = path.join(workDir, "content", file);
      if (!sameBytes(path.join(contentDir, file), target)) place(path.join(contentDir, file), target, false);
    }
  }
  return files;
}

/** A short name for a checkout, from its path: folders kept per checkout (Gatsby's caches hold absolute paths) carry it. */
export function checkoutKey(projectDir: string): string {
  return createHash("sha256").update(path.resolve(projectDir)).digest("hex").slice(0, 12);
}

export function defaultWorkDir(projectDir: string): string {
  return process.env.PREVIEW_BUILD_DIR || path.join(os.tmpdir(), `urkraft-preview-build-${checkoutKey(projectDir)}`);
}

/** Files that may name the preview's address or its name: Gatsby writes them as text. */
const TEXT_FILE = /\.(html|js|mjs|json|css|xml|txt|map|svg|webmanifest)$/i;

/**
 * Copies the build `from` (a preview build's public/) to `to`, with BUILD_TOKEN and BUILD_NAME replaced by
 * the preview's token and name in every text file, the pages' icons inline (preview-sprites.ts) and the CSP's
 * list of the build's inline scripts as they are served. The owner area's folder is left out.
 */
export async function installBuild(from: string, to: string, token: string, name: string): Promise<void> {
  const tokenBytes = Buffer.from(BUILD_TOKEN);
  const nameBytes = Buffer.from(BUILD_NAME);
  const replaced = (text: string) => text.replaceAll(BUILD_TOKEN, token).replaceAll(BUILD_NAME, name);
  // The build's own inline scripts name the preview's address too: the CSP trusts them as they are served.
  const trusted = new Set(await readTrustedScripts(from));
  const served = new Set(trusted);
  const copy = async (relative: string): Promise<void> => {
    const source = path.join(from, relative);
    const target = path.join(to, relative);
    if (relative === TRUSTED_SCRIPTS_FILE) return;
    if (!TEXT_FILE.test(relative)) return copyFile(source, target);
    const bytes = await readFile(source);
    if (!bytes.includes(tokenBytes) && !bytes.includes(nameBytes)) return copyFile(source, target);
    let text = bytes.toString("utf8");
    if (relative.endsWith(".html")) {
      for (const script of buildScriptsIn(text)) if (trusted.has(scriptHash(script))) served.add(scriptHash(replaced(script)));
      text = await inlineSprites(text, from);
    }
    await writeFile(target, replaced(text));
  };
  const walk = async (relative: string): Promise<void> => {
    await mkdir(path.join(to, relative), { recursive: true });
    const entries = await readdir(path.join(from, relative), { withFileTypes: true });
    const files: string[] = [];
    const dirs: string[] = [];
    for (const entry of entries) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (child === OWNER_DIR) continue;
      if (entry.isDirectory()) dirs.push(child);
      else if (entry.isFile()) files.push(child);
    }
    for (let start = 0; start < files.length; start += 32) await Promise.all(files.slice(start, start + 32).map(copy));
    for (const dir of dirs) await walk(dir);
  };
  await walk("");
  await writeFile(path.join(to, TRUSTED_SCRIPTS_FILE), JSON.stringify({ hashes: [...served].sort() } satisfies TrustedScripts));
}

async function readTrustedScripts(publicDir: string): Promise<string[]> {
  try {
    const listed = (JSON.parse(await readFile(path.join(publicDir, TRUSTED_SCRIPTS_FILE), "utf8")) as TrustedScripts).hashes;
    return Array.isArray(listed) ? listed : [];
  } catch {
    return [];
  }
}

/** One build at a time per build folder within this process: a second click waits instead of failing. */
const buildQueues = new Map<string, Promise<unknown>>();

function oneAtATime<T>(workDir: string, job: () => Promise<T>): Promise<T> {
  const key = path.resolve(workDir);
  const run = (buildQueues.get(key) ?? Promise.resolve()).then(job, job);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  buildQueues.set(key, settled);
  void settled.then(() => {
    if (buildQueues.get(key) === settled) buildQueues.delete(key);
  });
  return run;
}

/** Builds a preview and puts it in place; returns it with its address. Throws ReleaseError in German. */
export async function buildPreview(options: PreviewOptions): Promise<BuiltPreview> {
  const started = Date.now();
  const name = options.name?.trim() ?? "";
  if (!PREVIEW_NAME.test(name)) {
    throw new ReleaseError(
      `„${options.name}“ taugt nicht als Name der Vorschau: bitte 1 bis 80 Zeichen, Buchstaben, Ziffern, Leerzeichen und . _ / # -, am Anfang ein Buchstabe oder eine Ziffer.`,
    );
  }
  const projectDir = path.resolve(options.projectDir ?? process.cwd());
  const previewsDir = options.previewsDir ?? previewsDirFrom(process.env, projectDir);
  const workDir = options.workDir ?? defaultWorkDir(projectDir);
  const steps = options.steps ?? realPreviewSteps;
  const log = options.log ?? ((line: string) => console.log(line));
  const now = options.now ?? new Date();
  if (options.contentDir && !statSync(options.contentDir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new ReleaseError(`Der Ordner mit den bearbeiteten Inhalten fehlt: ${options.contentDir}`);
  }

  return oneAtATime(workDir, async () => {
    const unlock = acquireDeployLock(workDir);
    const existing = previewByName(previewsDir, name);
    const token = existing?.token ?? newPreviewToken();
    const staging = path.join(previewsDir, `.staging-${token}-${process.pid}`);
    const phases: string[] = [];
    let phaseStart = Date.now();
    const phase = (what: string) => {
      phases.push(`${what} ${((Date.now() - phaseStart) / 1000).toFixed(1)} s`);
      phaseStart = Date.now();
    };
    try {
      phase("Warten");
      const code = codeDigest(workDir, prepareWorkDir(projectDir, workDir, options.contentDir));
      phase("Dateien");
      if (!options.contentChecked) {
        const problems = steps.checkContent(workDir);
        if (problems.length > 0) throw new ReleaseError(`${problemReport(problems)}\n\nKeine Vorschau gebaut.`);
        phase("Prüfung");
      }
      log(`Inhalte geprüft. Baue die Vorschau „${name}“ …`);
      // public/ stays: Gatsby keeps the pictures it made there (a minute of image processing on two cores) and
      // writes only the pages whose output changed.
      const how = await buildInFolder(steps, workDir, code);
      phase(how === "ahead" ? "Gatsby (vorgestartet)" : "Gatsby");
      rmSync(staging, { recursive: true, force: true });
      await installBuild(path.join(workDir, "public"), path.join(staging, "public"), token, name);
      const info: PreviewInfo = { name, token, commit: currentCommit(projectDir), createdAt: now.toISOString() };
      await writeFile(path.join(staging, PREVIEW_FILE), `${JSON.stringify(info, null, 2)}\n`);
      installPreview(previewsDir, staging, token);
      const pruned = prunePreviews(previewsDir, now);
      if (pruned.length > 0) log(`Alte Vorschauen gelöscht: ${pruned.map((preview) => preview.name).join(", ")}`);
      phase("Kopie");
      log(`Vorschau „${name}“ gebaut (${phases.join(", ")}).`);
      return {
        ...info,
        address: previewAddress(options.origin ?? defaultOrigin(), token),
        seconds: (Date.now() - started) / 1000,
        phases: phases.join(", "),
      };
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      throw error;
    } finally {
      if (options.keepWarm) steps.standBy?.(workDir, { ...PREVIEW_BUILD_ENV });
      unlock();
    }
  });
}

export interface WarmUpOptions {
  projectDir?: string;
  workDir?: string;
  steps?: PreviewSteps;
  /** Start the next build ahead afterwards (see PreviewOptions). */
  keepWarm?: boolean;
}

export interface WarmUp {
  seconds: number;
  /** False when the folder's last build was of the same code: its caches were warm already. */
  built: boolean;
}

/**
 * Builds the project as every preview is built, without making a preview: fills the build folder's caches
 * (Gatsby's, webpack's, the pictures, Node's compiled code) so that the next preview only builds its change.
 * A folder whose last build was of the same code (only the content may differ) is warm already and is left
 * as it is. Runs in turn with the previews of the same folder.
 */
export function warmPreviewBuild(options: WarmUpOptions = {}): Promise<WarmUp> {
  const projectDir = path.resolve(options.projectDir ?? process.cwd());
  const workDir = options.workDir ?? defaultWorkDir(projectDir);
  const steps = options.steps ?? realPreviewSteps;
  return oneAtATime(workDir, async () => {
    const started = Date.now();
    const unlock = acquireDeployLock(workDir);
    try {
      const code = codeDigest(workDir, prepareWorkDir(projectDir, workDir, undefined));
      const warm = builtCode(workDir) === code;
      if (!warm) await buildInFolder(steps, workDir, code, { background: true });
      return { seconds: (Date.now() - started) / 1000, built: !warm };
    } finally {
      if (options.keepWarm) steps.standBy?.(workDir, { ...PREVIEW_BUILD_ENV });
      unlock();
    }
  });
}
