/**
 * The project's own files (tracked and new ones, without what git ignores) copied into another folder, with
 * node_modules linked: for tests and benches that build, deploy or commit in a repository of their own.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, symlinkSync } from "node:fs";
import path from "node:path";

export function copyProjectFiles(repoDir: string, projectDir: string): void {
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: repoDir,
    encoding: "utf8",
  })
    .split("\0")
    .filter(Boolean);
  for (const file of files) {
    // Listed but deleted in the working tree.
    if (!existsSync(path.join(repoDir, file))) continue;
    mkdirSync(path.dirname(path.join(projectDir, file)), { recursive: true });
    cpSync(path.join(repoDir, file), path.join(projectDir, file));
  }
  symlinkSync(path.join(repoDir, "node_modules"), path.join(projectDir, "node_modules"));
}
