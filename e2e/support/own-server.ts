/**
 * A server of a test's own: a real `server/index.ts` process (bundled once per run) on a free port with its own data folder
 * (PGlite, or PostgreSQL when `databaseUrl` is given), mails as .eml files in DATA_DIR/outbox.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { mkdtemp, readdir, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect } from "@playwright/test";
import { simpleParser, type ParsedMail } from "mailparser";
import { findFreePort } from "../../rig/server-load/server-process";
import { seedPgliteDataDir } from "../../server/test-support/databases";
import { entryArgs } from "../../server/test-support/entry-points";

const START_TIMEOUT_MS = 120_000;
const ROOT = path.resolve(__dirname, "..", "..");

/** The data folders this worker made; tests read them after a server stopped, so they go when the worker ends. */
const dataDirs = new Set<string>();
process.once("exit", () => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

export interface OwnServer {
  origin: string;
  dataDir: string;
  outbox: string;
  process: ChildProcess;
  output: () => string;
}

/**
 * The environment of the server and of command-line runs on its data: DATA_DIR, and no SMTP_URL (mails
 * become .eml files); no DATABASE_URL unless `extra` names one, so both use PGlite in dataDir.
 */
export function ownEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...extra };
  if (!extra.DATABASE_URL) delete env.DATABASE_URL;
  delete env.SMTP_URL;
  return env;
}

/** A new server on a free port and a fresh data folder, or (to restart) on the port and folder of an earlier one. */
export async function startOwnServer(options: {
  /** Settings of this server; a function gets the port (e.g. for SITE_URL). */
  env?: Record<string, string> | ((port: number) => Record<string, string>);
  /** The host name pages are opened with ("localhost" for passkeys, which refuse IP addresses). */
  host?: string;
  restart?: OwnServer;
}): Promise<OwnServer> {
  const { restart } = options;
  const port = restart ? Number(new URL(restart.origin).port) : await findFreePort();
  const extra = typeof options.env === "function" ? options.env(port) : (options.env ?? {});
  let dataDir = restart?.dataDir;
  if (!dataDir) {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "urkraft-e2e-own-"));
    dataDirs.add(dataDir);
    // A migrated PGlite database copied, instead of seconds of initdb and migrations in the server.
    if (!extra.DATABASE_URL) await seedPgliteDataDir(dataDir);
  }
  const env = ownEnv(dataDir, {
    PORT: String(port),
    HOST: "127.0.0.1",
    BUILD_ON_START: "false",
    RATE_LIMIT_MAX: "1000",
    LOG_LEVEL: "warn",
    ...extra,
  });
  // Plain node (the run's bundle, or tsx as loader): one process, so SIGTERM reaches the server itself.
  const child = spawn(process.execPath, entryArgs("index"), {
    env,
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-20_000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const server: OwnServer = {
    origin: `http://${options.host ?? "127.0.0.1"}:${port}`,
    dataDir,
    outbox: path.join(dataDir, "outbox"),
    process: child,
    output: () => output,
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server ended with code ${child.exitCode}:\n${output}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return server;
    if (Date.now() > deadline) {
      await stopOwnServer(server);
      throw new Error(`the server did not answer /api/health within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** SIGTERM, then wait until the process has closed the database and exited. */
export async function stopOwnServer(server: OwnServer): Promise<number | null> {
  const child = server.process;
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.kill("SIGTERM");
  return exited;
}

export async function mailsTo(outbox: string, address: string): Promise<ParsedMail[]> {
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith(".eml")).sort();
  const mails = await Promise.all(files.map(async (file) => simpleParser(await readFile(path.join(outbox, file)))));
  return mails.filter((mail) => !Array.isArray(mail.to) && mail.to?.value.some((to) => to.address === address));
}

/** The first mail to `address` whose subject matches and whose text passes `where`. */
export async function waitForMail(
  outbox: string,
  address: string,
  subject: RegExp,
  where: (mail: ParsedMail) => boolean = () => true,
): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(outbox, address)).find((mail) => subject.test(mail.subject ?? "") && where(mail));
        return found !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

/** A link from a mail, opened on the server under test (mails point to the public address). */
export function onServer(server: OwnServer, link: string): string {
  const url = new URL(link);
  return `${server.origin}${url.pathname}${url.search}`;
}

/** Runs a query on a server's data folder once the server has stopped (PGlite has one opener); its rows. */
export async function queryStopped(server: Pick<OwnServer, "dataDir">, sql: string): Promise<Record<string, unknown>[]> {
  const script = `
    import { openDb } from "./server/db";
    import { loadConfig } from "./server/config";
    (async () => {
      const db = await openDb(loadConfig(process.env));
      const { rows } = await db.query(process.env.QUERY!);
      console.log(JSON.stringify(rows));
      await db.close();
    })();`;
  const { stdout } = await promisify(execFile)("npx", ["tsx", "-e", script], {
    cwd: ROOT,
    env: ownEnv(server.dataDir, { QUERY: sql }),
    timeout: 120_000,
  });
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as Record<string, unknown>[];
}
