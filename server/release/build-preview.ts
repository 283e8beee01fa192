/**
 * `npm run deploy -- --preview NAME` and the owner area: builds the working tree (or it with edited content
 * files laid over content/) into a preview that is not live. The build runs in a folder of its own (the
 * project's files hard-linked, node_modules shared, Gatsby's cache kept there for the next preview), so the
 * project's public/ and .cache/, which `npm start` and the live release use, stay untouched. Gatsby builds
 * with the preview's address as pathPrefix, so links, page data and scripts stay inside the preview.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, rmSync, statSync, symlinkSync } from "node:fs";
import { cp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { problemReport } from "../../common/content/content-check";
import { PATH_PREFIX_ENV, PREVIEW_NAME, PREVIEW_NAME_ENV, previewPath } from "../../common/preview";
import { OWNER_DIR } from "../static/owner-files";
import { realBuildSteps, releaseBuildEnv, runStep } from "./build-steps";
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

export interface PreviewSteps {
  /** German problems, each naming file and field; empty when the content is fine. */
  checkContent(workDir: string): string[];
  /** Builds the site into `<workDir>/public` with the given environment (pathPrefix and banner). */
  buildSite(workDir: string, env: NodeJS.ProcessEnv): Promise<void>;
}

export const realPreviewSteps: PreviewSteps = {
  checkContent: realBuildSteps.checkContent,
  buildSite: (workDir, env) =>
    runStep("npm", ["run", "-s", "build:site", "--", "--prefix-paths"], workDir, "Der Build der Vorschau", {
      ...releaseBuildEnv(workDir),
      GATSBY_TELEMETRY_DISABLED: "1",
      ...env,
    }),
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
  now?: Date;
  log?: (line: string) => void;
}

export interface BuiltPreview extends PreviewInfo {
  /** The full address of the preview's start page. */
  address: string;
  seconds: number;
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

/** Kept between builds: Gatsby's cache and build output, and the shared node_modules link. */
const KEPT_IN_WORK_DIR = new Set(["node_modules", ".cache", "public", ".deploy.lock"]);

function prepareWorkDir(projectDir: string, workDir: string, contentDir: string | undefined): void {
  mkdirSync(workDir, { recursive: true });
  for (const name of readdirSync(workDir)) {
    if (!KEPT_IN_WORK_DIR.has(name)) rmSync(path.join(workDir, name), { recursive: true, force: true });
  }
  if (!existsSync(path.join(workDir, "node_modules"))) {
    symlinkSync(path.join(projectDir, "node_modules"), path.join(workDir, "node_modules"));
  }
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
  for (const file of projectFiles(projectDir)) place(path.join(projectDir, file), path.join(workDir, file), true);
  // Copied, never linked: writing them must not reach the project's own files.
  if (contentDir) {
    for (const file of filesUnder(contentDir)) place(path.join(contentDir, file), path.join(workDir, "content", file), false);
  }
}

export function defaultWorkDir(projectDir: string): string {
  const key = createHash("sha256").update(path.resolve(projectDir)).digest("hex").slice(0, 12);
  return process.env.PREVIEW_BUILD_DIR || path.join(os.tmpdir(), `urkraft-preview-build-${key}`);
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

  const unlock = acquireDeployLock(workDir);
  const existing = previewByName(previewsDir, name);
  const token = existing?.token ?? newPreviewToken();
  const staging = path.join(previewsDir, `.staging-${token}-${process.pid}`);
  try {
    prepareWorkDir(projectDir, workDir, options.contentDir);
    const problems = steps.checkContent(workDir);
    if (problems.length > 0) throw new ReleaseError(`${problemReport(problems)}\n\nKeine Vorschau gebaut.`);
    log(`Inhalte geprüft. Baue die Vorschau „${name}“ …`);
    // public/ stays: Gatsby keeps the pictures it made there (a minute of image processing on two cores) and
    // writes every page again whose output changed, all of them when the address changed.
    await steps.buildSite(workDir, { [PATH_PREFIX_ENV]: previewPath(token), [PREVIEW_NAME_ENV]: name });
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    await cp(path.join(workDir, "public"), path.join(staging, "public"), {
      recursive: true,
      filter: (source) => path.relative(workDir, source) !== path.join("public", OWNER_DIR),
    });
    const info: PreviewInfo = { name, token, commit: currentCommit(projectDir), createdAt: now.toISOString() };
    await writeFile(path.join(staging, PREVIEW_FILE), `${JSON.stringify(info, null, 2)}\n`);
    installPreview(previewsDir, staging, token);
    const pruned = prunePreviews(previewsDir, now);
    if (pruned.length > 0) log(`Alte Vorschauen gelöscht: ${pruned.map((preview) => preview.name).join(", ")}`);
    return { ...info, address: previewAddress(options.origin ?? defaultOrigin(), token), seconds: (Date.now() - started) / 1000 };
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  } finally {
    unlock();
  }
}
