/**
 * The ten-line receiver shown in docs/webhooks.md, run as it stands against the real app: it must accept
 * what the site sends and refuse what is not signed with the secret.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { emptyPgliteDatabase } from "../test-support/databases";
import { startApp, waitUntil } from "../test-support/app-harness";
import { sendContact, webhookConfig } from "../test-support/webhook-app";
import { testSecret, WebhookReceiver } from "../test-support/webhook-receiver";

const docs = readFileSync(path.resolve("docs/webhooks.md"), "utf8");
const receiverCode = /## A receiver in ten lines[\s\S]*?```js\n([\s\S]*?)```/.exec(docs)![1]!;

// The receiver, not the database, is under test: PGlite alone.
test("the receiver in docs/webhooks.md", async (t) => {
  const database = await emptyPgliteDatabase();
  const secret = testSecret();
  // A free port for the documented receiver: taken and given back by a receiver of our own.
  const probe = new WebhookReceiver(secret, "/");
  await probe.reservePort();
  const url = probe.url;
  const port = new URL(url).port;
  const child = spawn(process.execPath, ["--input-type=module", "-e", receiverCode], {
    cwd: process.cwd(),
    env: { ...process.env, WEBHOOK_SECRET: secret, PORT: port },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const app = await startApp(webhookConfig(database, [url], secret));
  try {
    await t.test("prints the event it verified, and refuses an unsigned post", async () => {
      await waitUntil(async () => {
        try {
          const unsigned = await fetch(url, { method: "POST", body: "{}" });
          assert.equal(unsigned.status, 400);
          return true;
        } catch (error) {
          if (error instanceof assert.AssertionError) throw error;
          return false;
        }
      }, "the receiver listening");
      await sendContact(app, "Doku Leser", "doku@example.de", "Hallo");
      await waitUntil(() => output.includes("contact.received"), "the event printed");
      assert.match(output, /^contact\.received \{"name":"Doku Leser","email":"doku@example\.de",/m);
      await waitUntil(async () => {
        const { rows } = await app.db.query("SELECT 1 FROM webhook_deliveries WHERE status = 'delivered'");
        return rows.length === 1;
      }, "the delivery acknowledged");
    });
  } finally {
    await app.close();
    child.kill();
    await database.drop();
  }
});
