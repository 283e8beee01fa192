/**
 * Rewrites the content repository's history so that a withdrawn testimonial is in no commit any more: every
 * commit's content/testimonials.json loses the person's entry (the replacement takes its place, so every
 * version of the site keeps the testimonials the specification fixes), and every commit message loses the
 * name. Plain `git filter-branch` (part of Debian's git) runs the filters; the rewritten branches go to the
 * remote with --force-with-lease, and the clone drops the old objects (refs/original, reflog, gc --prune=now).
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { StringDecoder } from "node:string_decoder";
import { ContentWorkTree, GitError } from "./work-tree";

export const TESTIMONIALS_PATH = "content/testimonials.json";

/** The name as a whole word: "Jan" is not found in "Janina". */
export function namePattern(name: string, flags = "u"): RegExp {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, flags);
}

/**
 * Run by node for each commit: `json` reads testimonials.json on stdin and writes it without the entry
 * (the replacement in its place, unless that is already in the file); `message` writes the commit message
 * with the name blanked. A file that is not a list stops the rewrite, so nothing half-done is pushed.
 */
const FILTER_SCRIPT = `
const name = process.env.URKRAFT_WITHDRAW_NAME;
const replacement = process.env.URKRAFT_WITHDRAW_REPLACEMENT ? JSON.parse(process.env.URKRAFT_WITHDRAW_REPLACEMENT) : undefined;
const escaped = name.replace(/[.*+?^$\{}()|[\\]\\\\]/g, "\\\\$&");
const word = new RegExp("(?<![\\\\p{L}\\\\p{N}])" + escaped + "(?![\\\\p{L}\\\\p{N}])", "gu");
const chunks = [];
process.stdin.on("data", (chunk) => chunks.push(chunk));
process.stdin.on("end", () => {
  const input = Buffer.concat(chunks).toString("utf8");
  if (process.argv[2] === "message") return process.stdout.write(input.replace(word, "(entfernt)"));
  const list = JSON.parse(input);
  if (!Array.isArray(list)) throw new Error("testimonials.json ist keine Liste");
  const at = list.findIndex((entry) => entry && typeof entry.name === "string" && entry.name.trim() === name);
  if (at === -1) return process.stdout.write(input);
  const present = replacement && list.some((entry) => entry && entry.name === replacement.name && entry.text === replacement.text);
  const kept = list.filter((entry) => !(entry && typeof entry.name === "string" && entry.name.trim() === name));
  if (replacement && !present) kept.splice(Math.min(at, kept.length), 0, replacement);
  process.stdout.write(JSON.stringify(kept, null, 2) + "\\n");
});
`;

const INDEX_FILTER = `
f=${TESTIMONIALS_PATH}
if git cat-file -e ":$f" 2>/dev/null; then
  git cat-file blob ":$f" | "$URKRAFT_NODE" "$URKRAFT_FILTER" json > "$URKRAFT_BLOB" || exit 1
  blob=$(git hash-object -w "$URKRAFT_BLOB") || exit 1
  mode=$(git ls-files -s -- "$f" | cut -d" " -f1)
  git update-index --cacheinfo "$mode,$blob,$f" || exit 1
fi
`;

export interface RewriteResult {
  /** Commits of the old history that are not in the new one. */
  rewritten: number;
  /** Branches and tags pushed to the remote (empty without one). */
  pushed: string[];
}

export class RewriteRefused extends Error {}

const refsIn = async (tree: ContentWorkTree, prefix: string): Promise<Map<string, string>> => {
  const output = await tree.git(["for-each-ref", "--format=%(objectname) %(refname)", prefix]);
  return new Map(
    output
      .split("\n")
      .filter(Boolean)
      .map((line) => [line.slice(41), line.slice(0, 40)] as [string, string]),
  );
};

/** Every commit's patch and message on the branches and tags: where a name shows in the history. */
export async function historyText(tree: ContentWorkTree): Promise<string> {
  return tree.git(["log", "-p", "--format=%H%n%B", "--branches", "--tags"]);
}

/**
 * Brings every branch and tag of the remote into the clone as local branches and tags, so that the rewrite
 * reaches all of them; returns what the remote had, for the lease of the push.
 */
async function takeRemoteRefs(tree: ContentWorkTree): Promise<Map<string, string>> {
  await tree.git([
    "fetch",
    "--quiet",
    "--prune",
    "--force",
    "origin",
    "+refs/heads/*:refs/remotes/origin/*",
    "+refs/tags/*:refs/tags/*",
  ]);
  const remote = new Map<string, string>();
  for (const [ref, sha] of await refsIn(tree, "refs/remotes/origin/")) {
    const branch = ref.slice("refs/remotes/origin/".length);
    if (branch === "HEAD") continue;
    remote.set(`refs/heads/${branch}`, sha);
    if (branch !== tree.branch) await tree.git(["update-ref", `refs/heads/${branch}`, sha]);
  }
  for (const [ref, sha] of await refsIn(tree, "refs/tags/")) remote.set(ref, sha);
  await tree.git(["checkout", "--quiet", "-B", tree.branch, `origin/${tree.branch}`]);
  await tree.git(["reset", "--quiet", "--hard", `origin/${tree.branch}`]);
  return remote;
}

/** Drops everything that still points at the old commits and deletes the objects only they reached. */
async function dropOldObjects(tree: ContentWorkTree): Promise<void> {
  for (const ref of (await refsIn(tree, "refs/original/")).keys()) await tree.git(["update-ref", "-d", ref]);
  const gitDir = path.resolve(tree.dir, (await tree.git(["rev-parse", "--git-dir"])).trim());
  for (const file of ["ORIG_HEAD", "FETCH_HEAD"]) rmSync(path.join(gitDir, file), { force: true });
  await tree.git(["reflog", "expire", "--expire=now", "--expire-unreachable=now", "--all"]);
  await tree.git(["gc", "--quiet", "--prune=now"]);
}

/**
 * Rewrites branches and tags (all of the remote's, with a remote) without the person, pushes them with a
 * lease on what was fetched (a commit pushed meanwhile makes the push fail, and nothing is lost), and
 * cleans the clone. Refuses, leaving the remote as it was, when the name still shows after the rewrite. A
 * history that names the person nowhere (on no branch or tag of the remote) is left as it is.
 */
export async function rewriteHistory(
  tree: ContentWorkTree,
  name: string,
  replacement: object | undefined,
): Promise<RewriteResult> {
  const status = await tree.git(["status", "--porcelain", "--untracked-files=no"]);
  if (status.trim())
    throw new RewriteRefused(
      `Im Arbeitsverzeichnis ${tree.dir} gibt es nicht eingecheckte Änderungen; erst committen oder verwerfen.`,
    );
  const remoteRefs = tree.remote ? await takeRemoteRefs(tree) : new Map<string, string>();
  if (!namePattern(name).test(await historyText(tree))) {
    // Nothing to rewrite (a second run after the deploy): only what an earlier run may have left in the clone.
    await dropOldObjects(tree);
    return { rewritten: 0, pushed: [] };
  }
  const before = new Set((await tree.git(["rev-list", "--branches", "--tags"])).split("\n").filter(Boolean));
  const scratch = await mkdtemp(path.join(os.tmpdir(), "urkraft-widerruf-"));
  try {
    const filter = path.join(scratch, "filter.cjs");
    await writeFile(filter, FILTER_SCRIPT);
    await tree.git(
      [
        "filter-branch",
        "--force",
        "--index-filter",
        INDEX_FILTER,
        "--msg-filter",
        `"$URKRAFT_NODE" "$URKRAFT_FILTER" message`,
        "--tag-name-filter",
        "cat",
        "--",
        "--branches",
        "--tags",
      ],
      {
        env: {
          FILTER_BRANCH_SQUELCH_WARNING: "1",
          URKRAFT_NODE: process.execPath,
          URKRAFT_FILTER: filter,
          URKRAFT_BLOB: path.join(scratch, "blob"),
          URKRAFT_WITHDRAW_NAME: name,
          URKRAFT_WITHDRAW_REPLACEMENT: replacement ? JSON.stringify(replacement) : "",
        },
      },
    );
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  if (namePattern(name).test(await historyText(tree))) {
    // Back to the history as it was: the name is elsewhere too (another file, another entry's text).
    for (const [ref, sha] of await refsIn(tree, "refs/original/"))
      await tree.git(["update-ref", ref.slice("refs/original/".length), sha]);
    for (const ref of (await refsIn(tree, "refs/original/")).keys()) await tree.git(["update-ref", "-d", ref]);
    await tree.git(["reset", "--quiet", "--hard"]);
    throw new RewriteRefused(
      `„${name}“ steht nach dem Entfernen des Berichts noch an anderer Stelle in der Versionsgeschichte (git log -p -S "${name}" zeigt, wo). Nichts geändert, nichts hochgeladen.`,
    );
  }
  await tree.git(["reset", "--quiet", "--hard"]);
  const pushed: string[] = [];
  if (tree.remote) {
    const now = await refsIn(tree, "refs/");
    const changed = [...remoteRefs].filter(([ref, sha]) => now.get(ref) !== undefined && now.get(ref) !== sha);
    if (changed.length > 0) {
      try {
        await tree.git([
          "push",
          "--quiet",
          "--atomic",
          ...changed.map(([ref, sha]) => `--force-with-lease=${ref}:${sha}`),
          "origin",
          ...changed.map(([ref]) => `${ref}:${ref}`),
        ]);
      } catch (error) {
        if (!(error instanceof GitError)) throw error;
        throw new RewriteRefused(
          "Der Server der Versionsgeschichte hat die neue Fassung nicht angenommen (hat jemand inzwischen etwas veröffentlicht?). Dort ist nichts geändert; ruf den Befehl einfach noch einmal auf.",
        );
      }
      pushed.push(...changed.map(([ref]) => ref.replace(/^refs\/(heads|tags)\//, "")));
    }
    await tree.git(["fetch", "--quiet", "--prune", "--force", "origin", "+refs/heads/*:refs/remotes/origin/*"]);
  }
  const after = new Set((await tree.git(["rev-list", "--branches", "--tags"])).split("\n").filter(Boolean));
  await dropOldObjects(tree);
  return { rewritten: [...before].filter((commit) => !after.has(commit)).length, pushed };
}

/** Whether any object in the clone (reachable or not) still holds the name: what `gc --prune=now` must leave none of. */
export function objectsHold(dir: string, name: string): Promise<boolean> {
  const pattern = namePattern(name);
  return new Promise((resolve, reject) => {
    const child = spawn("git", ["cat-file", "--batch-all-objects", "--batch"], { cwd: dir, stdio: ["ignore", "pipe", "ignore"] });
    const decoder = new StringDecoder("utf8");
    let tail = "";
    let found = false;
    child.stdout.on("data", (chunk: Buffer) => {
      const text = tail + decoder.write(chunk);
      if (pattern.test(text)) found = true;
      tail = text.slice(-4 * name.length);
    });
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(found) : reject(new GitError(["cat-file"], `Code ${code}`))));
  });
}
