/**
 * The git work tree „Inhalte“ reads and commits in, through the real `git` binary. With a remote
 * (CONTENT_GIT_REMOTE) it is a clone under DATA_DIR, brought to the remote branch before every read of
 * history and every commit, and each commit is pushed; without one it is the project's own checkout.
 * One operation at a time: a queue keeps two requests from working the tree at once. git's own messages
 * go to the server log only (they may name the remote with its credentials), never to the browser.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { CommitInfo } from "../../common/owner/responses";

export class GitError extends Error {
  constructor(
    readonly args: string[],
    readonly output: string,
  ) {
    super(`git ${args[0]} ist fehlgeschlagen`);
    this.name = "GitError";
  }
}

export interface Author {
  name: string;
  email: string;
}

/**
 * Addresses in git's output as scheme, host and path only, before it is logged: no user:password@, no query
 * or fragment (where a token may travel, `?access_token=…`).
 */
export const withoutCredentials = (text: string) =>
  text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)(?:[^@/\s]+@)?([^/\s?#'"]*)([^\s?#'"]*)(?:[?#][^\s'"]*)?/gi, "$1$2$3");

/**
 * Fields and commits both end in NUL (`git log -z`), the one character no commit message, name or address
 * can hold: a message with other control characters can never forge an entry of the history.
 */
const LOG_FIELDS = ["%H", "%an", "%ae", "%aI", "%s"];
const LOG_FORMAT = LOG_FIELDS.join("%x00");

function parseLog(output: string): CommitInfo[] {
  const parts = output.split("\0");
  const commits: CommitInfo[] = [];
  for (let at = 0; at + LOG_FIELDS.length <= parts.length; at += LOG_FIELDS.length) {
    const [commit, author, email, date, message] = parts.slice(at, at + LOG_FIELDS.length) as string[];
    if (!/^[0-9a-f]{40}$/.test(commit!.trim())) break;
    commits.push({ commit: commit!.trim(), author: author!, email: email!, date: date!, message: message! });
  }
  return commits;
}

/**
 * The author of a commit made in „Inhalte“: a role, never the person („Urkraft Redaktion“ for editors,
 * „Urkraft Verwaltung“ for owners, with the site's contact address). A git history is kept for as long as the
 * site exists and travels to every clone; who it was stays in the audit log, with the log's period.
 */
export function authorFor(role: "owner" | "editor", site: { brand?: unknown; email?: unknown }): Author {
  const brand = typeof site.brand === "string" && site.brand.trim() ? site.brand.trim() : "Website";
  const email = typeof site.email === "string" && site.email.includes("@") ? site.email : "redaktion@localhost";
  return { name: `${brand} ${role === "owner" ? "Verwaltung" : "Redaktion"}`, email };
}

export class ContentWorkTree {
  private queue: Promise<unknown> = Promise.resolve();
  private ready = false;

  constructor(
    readonly dir: string,
    readonly remote: string | undefined,
    readonly branch: string,
  ) {}

  /** Runs `task` after every earlier one has finished (or failed). */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  git(args: string[], options: { input?: string; env?: Record<string, string> } = {}): Promise<string> {
    return new Promise((resolve, reject) => {
      const child = execFile(
        "git",
        args,
        {
          cwd: this.dir,
          maxBuffer: 64 * 1024 * 1024,
          env: { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_ASKPASS: "", LC_ALL: "C", ...options.env },
        },
        (error, stdout, stderr) => {
          if (error) reject(new GitError(args, withoutCredentials(`${stderr}${stdout}`.trim())));
          else resolve(stdout);
        },
      );
      if (options.input !== undefined) child.stdin?.end(options.input);
    });
  }

  /** The remote's branch as `origin/<branch>`, or the checkout's HEAD without a remote. */
  private get tip(): string {
    return this.remote ? `origin/${this.branch}` : "HEAD";
  }

  /** Clones on first use; with a remote, every call fetches and resets the tree to the remote branch. */
  async sync(): Promise<void> {
    if (!this.remote) {
      if (!existsSync(path.join(this.dir, ".git")) && !this.ready) await this.git(["rev-parse", "--git-dir"]);
      this.ready = true;
      return;
    }
    if (!existsSync(path.join(this.dir, ".git"))) {
      await mkdir(path.dirname(this.dir), { recursive: true });
      await new ContentWorkTree(path.dirname(this.dir), undefined, this.branch).git([
        "clone",
        "--quiet",
        "--",
        this.remote,
        path.basename(this.dir),
      ]);
    }
    const tracking = `refs/remotes/origin/${this.branch}`;
    try {
      await this.git(["fetch", "--quiet", "origin", `+refs/heads/${this.branch}:${tracking}`]);
    } catch (error) {
      // A branch the remote does not have yet starts from its default branch; the first push creates it.
      if (!(error instanceof GitError)) throw error;
      await this.git(["fetch", "--quiet", "origin", `+HEAD:${tracking}`]);
    }
    await this.git(["checkout", "--quiet", "-B", this.branch, `origin/${this.branch}`]);
    await this.git(["reset", "--quiet", "--hard", `origin/${this.branch}`]);
    await this.git(["clean", "--quiet", "-fd", "--", "content"]);
    this.ready = true;
  }

  /** The last commit that changed `file` (a path inside the tree), or undefined when none did. */
  async lastCommitOf(file: string): Promise<CommitInfo | undefined> {
    return parseLog(await this.git(["log", "-z", "-1", `--format=${LOG_FORMAT}`, this.tip, "--", file]))[0];
  }

  /** The commits after `since` up to the branch's tip that changed any of `paths`, the oldest first. */
  async commitsSince(since: string, paths: string[]): Promise<CommitInfo[]> {
    const output = await this.git(["log", "-z", "--reverse", `--format=${LOG_FORMAT}`, `${since}..${this.tip}`, "--", ...paths]);
    return parseLog(output);
  }

  /** The branch's tip as it is after the last sync. */
  async tipCommit(): Promise<string> {
    return (await this.git(["rev-parse", this.tip])).trim();
  }

  async history(file: string, limit = 30): Promise<CommitInfo[]> {
    return parseLog(await this.git(["log", "-z", `-${limit}`, `--format=${LOG_FORMAT}`, this.tip, "--", file]));
  }

  /** The file as it was in `commit`; undefined when it did not exist there. */
  async fileAt(commit: string, file: string): Promise<string | undefined> {
    try {
      return await this.git(["show", `${commit}:${file}`]);
    } catch (error) {
      if (error instanceof GitError) return undefined;
      throw error;
    }
  }

  async isCommit(commit: string): Promise<boolean> {
    if (!/^[0-9a-f]{40}$/.test(commit)) return false;
    try {
      await this.git(["cat-file", "-e", `${commit}^{commit}`]);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Commits the files already written into the tree, in the author's name, and pushes them; a push the
   * remote refuses (someone pushed meanwhile) is undone locally and thrown, nothing is forced.
   */
  async commit(files: string[], author: Author, message: string): Promise<string> {
    await this.git(["add", "--", ...files]);
    const identity = {
      GIT_AUTHOR_NAME: author.name,
      GIT_AUTHOR_EMAIL: author.email,
      GIT_COMMITTER_NAME: author.name,
      GIT_COMMITTER_EMAIL: author.email,
    };
    await this.git(["commit", "--quiet", "--no-verify", "-F", "-", "--", ...files], { input: message, env: identity });
    const commit = (await this.git(["rev-parse", "HEAD"])).trim();
    if (this.remote) {
      try {
        await this.git(["push", "--quiet", "origin", `HEAD:refs/heads/${this.branch}`]);
      } catch (error) {
        await this.git(["reset", "--quiet", "--hard", `origin/${this.branch}`]);
        throw error;
      }
      await this.git(["update-ref", `refs/remotes/origin/${this.branch}`, commit]);
    }
    return commit;
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The one clone of the content repository (or the project itself): „Inhalte“, its planned changes and the
     * experiments' endings all work it through this object, so its queue keeps them from working it at once.
     */
    contentTree: ContentWorkTree;
  }
}
