/**
 * A deploy with new server code, end to end with real processes and sockets: the running server starts the
 * new release's compiled server, passes it the listening socket and drains; page views and sign-ups sent
 * all the while get an answer, each stored once. A server killed with SIGKILL and started again comes back
 * on the live release. On PostgreSQL, where both processes serve side by side for a moment, and on PGlite,
 * where the new process opens the database only once the old one has closed it, and connections arriving
 * meanwhile wait for it.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import pg from "pg";
import { startTraffic } from "../test-support/traffic";
import { findFreePort, startServer, stopServer } from "../../rig/server-load/server-process";
import { openPglite } from "../db/pglite";
import { createPostgresDatabaseUrl, postgresSkipReason, seedPgliteDataDir } from "../test-support/databases";
import { createReleasesFixture } from "../test-support/release-fixture";
import { switchCurrent } from "./releases";

const A = { id: "20261125T100000Z-aaaaaaa", marker: "Stand A", bundle: "app-aaaaaaaaaaaaaaaaaaaa.js", fingerprint: "server-a" };
const B = { id: "20261125T110000Z-bbbbbbb", marker: "Stand B", bundle: "app-bbbbbbbbbbbbbbbbbbbb.js", fingerprint: "server-b" };

/** The process whose command line names `file`. */
function processRunning(file: string): number | undefined {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const commandLine = (() => {
      try {
        return readFileSync(`/proc/${entry}/cmdline`, "utf8");
      } catch {
        return "";
      }
    })();
    if (commandLine.split("\0").includes(file)) return Number(entry);
  }
  return undefined;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function handoverUnderLoad(env: Record<string, string>, countLeads: (dataDir: string) => Promise<number>) {
  const releases = createReleasesFixture();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "urkraft-handover-"));
  if (!env.DATABASE_URL) await seedPgliteDataDir(dataDir);
  let newPid: number | undefined;
  try {
    await releases.add({ ...A, withServer: true });
    await releases.add({ ...B, withServer: true, live: false });
    const server = await startServer(await findFreePort(), {
      RELEASES_DIR: releases.releasesDir,
      DATA_DIR: dataDir,
      RATE_LIMIT_MAX: "1000000",
      LOG_LEVEL: "warn",
      MAIL_WORKER: "false",
      ...env,
    });
    const traffic = startTraffic(server.url);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    traffic.mark();
    switchCurrent(releases.releasesDir, B.id);
    await traffic.waitFor("/", "Stand B", 60_000);
    await server.exited;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const stats = await traffic.stop();
    newPid = processRunning(path.join(releases.releasesDir, B.id, "server.mjs"));

    assert.equal(stats.failed, 0, `failed requests: ${stats.failures.join("; ")}\n${server.output()}`);
    assert.ok(stats.leadsAccepted > 0);
    assert.equal(server.child.exitCode, 0, server.output());
    assert.ok(newPid && alive(newPid), server.output());

    // The new process dies without a word; a restart comes back on the live release.
    process.kill(newPid, "SIGKILL");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const restarted = await startServer(await findFreePort(), {
      RELEASES_DIR: releases.releasesDir,
      DATA_DIR: dataDir,
      ...env,
    });
    try {
      assert.match(await (await fetch(`${restarted.url}/`)).text(), /Stand B/);
    } finally {
      await stopServer(restarted);
    }
    assert.equal(await countLeads(dataDir), stats.leadsAccepted, "every accepted sign-up stored once");
  } finally {
    if (newPid && alive(newPid)) process.kill(newPid, "SIGKILL");
    releases.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe("new server code takes over the port", () => {
  it("on PostgreSQL, without a failed request", { skip: postgresSkipReason(), timeout: 180_000 }, async () => {
    const database = await createPostgresDatabaseUrl();
    const client = new pg.Client({ connectionString: database.url });
    try {
      await handoverUnderLoad({ DATABASE_URL: database.url }, async () => {
        await client.connect();
        const { rows } = await client.query<{ count: string }>("SELECT count(*) FROM leads WHERE email LIKE 'deploy-%'");
        return Number(rows[0]!.count);
      });
    } finally {
      await client.end().catch(() => undefined);
      await database.drop();
    }
  });

  it(
    "on PGlite, without a failed request: connections that arrive while the new process opens the database wait for it",
    { timeout: 180_000 },
    async () => {
      await handoverUnderLoad({}, async (dataDir) => {
        const db = await openPglite(dataDir);
        try {
          const { rows } = await db.query<{ count: string }>("SELECT count(*) FROM leads WHERE email LIKE 'deploy-%'");
          return Number(rows[0]!.count);
        } finally {
          await db.close();
        }
      });
    },
  );
});
