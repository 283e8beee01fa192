/**
 * The steps of a release build, each a real build of the checked-out tree: the content check, Gatsby into
 * the project's public/ (keeping its .cache/ for the next build), the owner area and the compiled server.
 * Tests pass stand-ins for the slow ones.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { RELEASE_BUILD_ENV } from "../../common/build-flags";
import { CONTENT_CHECKED_ENV, allContentProblems } from "../../common/content/content-check";
import { ReleaseError } from "./releases";

export interface BuildSteps {
  /** German problems, each naming file and field; empty when the content is fine. */
  checkContent(projectDir: string): string[];
  /** Builds the site into `<projectDir>/public`. */
  buildSite(projectDir: string): Promise<void>;
  /** Builds the owner area into `<publicDir>/verwaltung` (while the site builds; it reads no build output). */
  buildOwner?(projectDir: string, publicDir: string): Promise<void>;
  /** Writes the compiled server to `outfile` (and its source map beside it). */
  buildServer(projectDir: string, outfile: string): Promise<void>;
}

export function runStep(command: string, args: string[], cwd: string, what: string, env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, ...env } });
    child.on("error", (error) => reject(new ReleaseError(`${what} ließ sich nicht starten: ${error.message}`)));
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new ReleaseError(`${what} ist fehlgeschlagen (${signal ?? `Code ${code}`}).`)),
    );
  });
}

/**
 * What makes a release's Gatsby build quicker than `npm run build` (a content change: about 6 s instead of 9 s
 * on two cores), none of it changing a page:
 */
export function releaseBuildEnv(projectDir: string): NodeJS.ProcessEnv {
  return {
    // The deploy has checked the content just before: Gatsby need not do it again.
    [CONTENT_CHECKED_ENV]: "1",
    // No TypeScript types (no src/gatsby-types.d.ts written into the release's tree).
    [RELEASE_BUILD_ENV]: "1",
    // Queries and pages run in the build process itself: no worker pool restarted between them (~0.9 s).
    GATSBY_CPU_COUNT: "1",
    // Plain log lines instead of the terminal UI, which each Gatsby process would load first.
    GATSBY_LOGGER: "yurnalist",
    // gatsby-config.ts and gatsby-node.ts compile in one process, without a thread pool to start.
    PARCEL_WORKERS: "0",
    // Node keeps the compiled code of Gatsby's modules between builds; it checks each file's content.
    NODE_COMPILE_CACHE: path.join(projectDir, ".cache", "node-compile-cache"),
  };
}

export const realBuildSteps: BuildSteps = {
  checkContent: (projectDir) => allContentProblems(path.join(projectDir, "content")),
  buildSite: (projectDir) =>
    runStep(
      "npm",
      ["run", "-s", "build:site"],
      projectDir,
      "Der Build der Seite (npm run build:site)",
      releaseBuildEnv(projectDir),
    ),
  async buildOwner(projectDir, publicDir) {
    const { buildOwnerArea } = await import("./owner-build");
    try {
      await buildOwnerArea(projectDir, publicDir);
    } catch (error) {
      throw new ReleaseError(`Der Build der Verwaltung ist fehlgeschlagen: ${(error as Error).message}`);
    }
  },
  buildServer: (projectDir, outfile) =>
    runStep("npm", ["run", "-s", "build:server", "--", `--outfile=${outfile}`], projectDir, "Der Build des Servers"),
};
