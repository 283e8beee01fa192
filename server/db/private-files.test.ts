/**
 * DATA_DIR is for the server's user only: started under umask 000, the real server writes the database's
 * files and the outbox's mails as 0600 in 0700 folders; a start on a folder an older version left open
 * closes it and says so in the log.
 */
import assert from "node:assert/strict";
import { chmod, mkdtemp, readdir, lstat, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import { findFreePort, startServer, stopServer, type ServerProcess } from "../../rig/server-load/server-process";

/** Every file and folder under dir whose mode lets group or others in, with its mode. */
async function openEntries(dir: string): Promise<string[]> {
  const open: string[] = [];
  const walk = async (target: string) => {
    const info = await lstat(target);
    if (info.mode & 0o077) open.push(`${path.relative(dir, target) || "."} ${(info.mode & 0o777).toString(8)}`);
    if (info.isDirectory()) for (const name of await readdir(target)) await walk(path.join(target, name));
  };
  await walk(dir);
  return open;
}

async function countFiles(dir: string): Promise<number> {
  let count = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) if (entry.isFile()) count++;
  return count;
}

async function waitForMail(outbox: string): Promise<string[]> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const names = await readdir(outbox).catch(() => []);
    const mails = names.filter((name) => name.endsWith(".eml"));
    if (mails.length > 0) return mails;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Keine Mail in ${outbox}`);
}

describe("private data files", () => {
  it("writes DATA_DIR 0700/0600 under umask 000 and closes an open folder at the next start", { timeout: 180_000 }, async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "urkraft-modes-"));
    const dataDir = path.join(root, "data");
    const umask = process.umask(0);
    const servers: ServerProcess[] = [];
    try {
      const env = { DATA_DIR: dataDir, LOG_LEVEL: "info", OWNER_EMAILS: "inhaber@beispiel.de", MAIL_WORKER: "true" };
      const first = await startServer(await findFreePort(), env);
      servers.push(first);
      const response = await fetch(`${first.url}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: first.url, referer: `${first.url}/kontakt-unterstuetzung` },
        body: JSON.stringify({ name: "Anna", email: "anna@beispiel.de", message: "Eine Frage zu euren Kursen.", website: "" }),
      });
      assert.equal(response.status, 202, await response.text());
      const mails = await waitForMail(path.join(dataDir, "outbox"));
      await stopServer(first);
      assert.ok(mails.length > 0);
      assert.ok((await countFiles(path.join(dataDir, "pglite"))) > 500);
      assert.deepEqual(await openEntries(dataDir), []);
      assert.doesNotMatch(first.output(), /data folder was open/);

      // As an older version left it: everything open to every local user.
      await chmod(dataDir, 0o755);
      await chmod(path.join(dataDir, "pglite"), 0o777);
      await chmod(path.join(dataDir, "pglite", "PG_VERSION"), 0o666);
      await chmod(path.join(dataDir, "outbox", mails[0]!), 0o644);
      assert.equal((await openEntries(dataDir)).length, 4);
      const second = await startServer(await findFreePort(), env);
      servers.push(second);
      await stopServer(second);
      assert.deepEqual(await openEntries(dataDir), []);
      assert.match(second.output(), /"closed":4[^\n]*data folder was open to other users/);
    } finally {
      await Promise.all(servers.map((server) => stopServer(server)));
      process.umask(umask);
      await rm(root, { recursive: true, force: true });
    }
  });
});
