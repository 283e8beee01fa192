/**
 * PGlite's lock file: a data directory held by a live process stays closed to a second one; a lock left by a
 * process that is gone, or that is dead but not yet reaped by its parent (a zombie, as a server killed
 * after a handover can be), frees the directory, so the server comes back after a crash.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import { lockFilePath, lockHolder } from "./pglite";

function withDataDir(work: (dataDir: string) => Promise<void>): () => Promise<void> {
  return async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "urkraft-lock-"));
    try {
      await work(dataDir);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
}

const processState = (pid: number) => /\) (\S) /.exec(readFileSync(`/proc/${pid}/stat`, "utf8"))?.[1];

describe("PGlite's lock file", () => {
  it(
    "names a live process that holds the directory",
    withDataDir(async (dataDir) => {
      const holder = spawn("sleep", ["5"]);
      try {
        writeFileSync(lockFilePath(dataDir), String(holder.pid));
        assert.equal(await lockHolder(dataDir), holder.pid);
      } finally {
        holder.kill("SIGKILL");
      }
    }),
  );

  it(
    "is stale when its process is gone",
    withDataDir(async (dataDir) => {
      const gone = spawn("true");
      await new Promise((resolve) => gone.once("exit", resolve));
      writeFileSync(lockFilePath(dataDir), String(gone.pid));
      assert.equal(await lockHolder(dataDir), undefined);
    }),
  );

  it(
    "is stale when its process has died and waits only to be reaped",
    withDataDir(async (dataDir) => {
      // The shell starts a short child and becomes `sleep`, which never reaps it: the child stays a zombie.
      const parent = spawn("sh", ["-c", "sleep 0.1 & echo $!; exec sleep 5"]);
      try {
        const zombie = await new Promise<number>((resolve) =>
          parent.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString()))),
        );
        const deadline = Date.now() + 5_000;
        while (processState(zombie) !== "Z" && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
        assert.equal(processState(zombie), "Z");
        writeFileSync(lockFilePath(dataDir), String(zombie));
        assert.equal(await lockHolder(dataDir), undefined);
      } finally {
        parent.kill("SIGKILL");
      }
    }),
  );
});
