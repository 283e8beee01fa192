/**
 * The server's timers belong to one plugin (jobs.ts): it starts them all when the app is ready and stops
 * them all when it closes, awaiting a run under way before the database closes.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { LogCapture, onBothDrivers, startApp, testConfig } from "./test-support/app-harness";
import { emptyPgliteDatabase, type EmptyDatabase } from "./test-support/databases";

const EVERY_JOB = {
  OWNER_EMAILS: "inhaber@urkraft.de",
  WEBHOOK_URLS: "http://127.0.0.1:9/hook",
  WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString("base64")}`,
};

const errorsIn = (log: LogCapture) => log.lines.filter((line) => (line.level as number) >= 50);

test("one plugin starts every timer when the app is ready and stops them all when it closes", async () => {
  const database: EmptyDatabase = await emptyPgliteDatabase();
  try {
    const log = new LogCapture();
    const app = await startApp(testConfig(database, EVERY_JOB), log);
    assert.deepEqual(app.jobs.names, [
      "retention purge",
      "reply reminders",
      "spam summary",
      "newsletters",
      "preview prune",
      "content schedule",
      "content watch",
      "draft purge",
      "webhook purge",
      "visit counts",
      "experiment counts",
    ]);
    assert.equal(app.jobs.timers(), 11);
    await app.close();
    assert.equal(app.jobs.timers(), 0);
    assert.deepEqual(errorsIn(log), []);

    // A second instance without the worker (MAIL_WORKER=false) and without counting runs none.
    const quiet = await startApp(testConfig(database, { ...EVERY_JOB, MAIL_WORKER: "false", VISIT_STATS: "false" }));
    assert.deepEqual(quiet.jobs.names, []);
    await quiet.close();
  } finally {
    await database.drop();
  }
});

onBothDrivers("closing at once after the start: the first runs finish before the database closes", async (_t, database) => {
  const log = new LogCapture();
  const config = testConfig(database, EVERY_JOB);
  for (let round = 0; round < 5; round += 1) {
    const app = await startApp(config, log);
    await app.close();
  }
  assert.deepEqual(errorsIn(log), []);
  assert.equal(log.lines.filter((line) => line.msg === "retention purge").length, 5, "each start purged once");
});
