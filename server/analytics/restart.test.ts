/**
 * The real server as a process, stopped between counting and writing: SIGTERM writes everything it
 * counted; SIGKILL loses only what was counted since the last write (VISIT_STATS_INTERVAL, 60 s in
 * production, 1 s here).
 */
import assert from "node:assert/strict";
import { openDb } from "../db";
import { loadConfig } from "../config";
import { onBothDrivers } from "../test-support/app-harness";
import { createSiteFixture } from "../test-support/site-fixture";
import { findFreePort, startServer, stopServer } from "../../rig/server-load/server-process";
import type { EmptyDatabase } from "../test-support/databases";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

async function views(url: string, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const response = await fetch(`${url}/`, { headers: { "user-agent": BROWSER, accept: "text/html" } });
    assert.equal(response.status, 200);
    await response.arrayBuffer();
  }
}

async function storedViews(database: EmptyDatabase): Promise<number> {
  const db = await openDb(loadConfig(database.env));
  try {
    const { rows } = await db.query<{ views: number }>("SELECT coalesce(sum(views), 0)::int AS views FROM visit_pages");
    return rows[0]!.views;
  } finally {
    await db.close();
  }
}

onBothDrivers(
  "a stop between counting and writing: SIGTERM keeps all, SIGKILL loses only the last interval",
  async (_t, database) => {
    const site = await createSiteFixture();
    try {
      const env = { ...database.env, PUBLIC_DIR: site.dir, VISIT_STATS_INTERVAL: "1s", LOG_LEVEL: "warn" };
      const first = await startServer(await findFreePort(), env);
      await views(first.url, 3);
      await new Promise((resolve) => setTimeout(resolve, 2_500)); // one write has run
      await views(first.url, 2);
      await stopServer(first, "SIGKILL");
      // The 3 views written before are kept; the 2 after the last write are lost (unless a write just ran).
      const kept = await storedViews(database);
      assert.ok(kept >= 3 && kept <= 5, `${kept} views kept`);

      const second = await startServer(await findFreePort(), env);
      await views(second.url, 4);
      await stopServer(second, "SIGTERM");
      assert.equal(second.child.exitCode, 0, second.output());
      assert.equal(await storedViews(database), kept + 4, "a clean stop writes what was counted");
    } finally {
      await site.remove();
    }
  },
);
