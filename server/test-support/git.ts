/** The real `git` for tests, with a test identity, so commits made to seed a repository need no user config. */
import { execFileSync } from "node:child_process";

export const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, {
    cwd,
    encoding: "utf8",
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: "Seed",
      GIT_AUTHOR_EMAIL: "seed@urkraft-test.de",
      GIT_COMMITTER_NAME: "Seed",
      GIT_COMMITTER_EMAIL: "seed@urkraft-test.de",
    },
  }).trim();
