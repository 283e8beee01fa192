/**
 * SIGTERM stops the real server cleanly even when a client holds a connection open mid-request: the
 * requests in flight get a grace period, then the remaining connections are closed, the database is
 * closed and the process exits with 0, well before the hard limit that exits with 1.
 */
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import { findFreePort, startServer } from "../rig/server-load/server-process";
import { SHUTDOWN_GRACE_MS, SHUTDOWN_LIMIT_MS } from "./shutdown";
import { seedPgliteDataDir } from "./test-support/databases";

/** A client that sends half a request's headers and then nothing (as a stalled or hostile one does). */
function stalledRequest(url: string): Promise<net.Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(`GET /agb HTTP/1.1\r\nHost: ${hostname}\r\nAccept: text/html\r\n`);
      resolve(socket);
    });
    socket.once("error", reject);
  });
}

describe("shutdown", () => {
  it(
    "closes a connection that hangs after the grace period and exits with 0, the database closed",
    { timeout: 120_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), "urkraft-shutdown-"));
      await seedPgliteDataDir(dataDir);
      try {
        const server = await startServer(await findFreePort(), { DATA_DIR: dataDir, LOG_LEVEL: "info" });
        const stalled = await stalledRequest(server.url);
        const closedByServer = new Promise<void>((resolve) => stalled.once("close", () => resolve()));
        stalled.on("error", () => undefined);

        const started = Date.now();
        const exitCode = new Promise<number | null>((resolve) => server.child.once("exit", (code) => resolve(code)));
        server.child.kill("SIGTERM");
        const code = await exitCode;
        const took = Date.now() - started;
        await closedByServer;

        assert.equal(code, 0, server.output());
        assert.ok(took >= SHUTDOWN_GRACE_MS - 100, `stopped after ${took} ms, before the grace period`);
        assert.ok(took < SHUTDOWN_LIMIT_MS, `stopped after ${took} ms`);
        assert.doesNotMatch(server.output(), /shutdown took longer/);
        // The database was closed: PGlite's lock file is gone and a new server opens the directory at once.
        const again = await startServer(await findFreePort(), { DATA_DIR: dataDir });
        const health = await fetch(`${again.url}/api/health`);
        assert.equal(health.status, 200);
        again.child.kill("SIGTERM");
        await again.exited;
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});
