/**
 * The delivery log's data for the owner area: the last 500 deliveries with status, attempts and next
 * try, "erneut senden" for one delivery, and lifting a 410 deactivation.
 */
import assert from "node:assert/strict";
import { onBothDrivers, startApp, waitUntil } from "../test-support/app-harness";
import { REMOVED_MESSAGE } from "./deliveries";
import { DELIVERY_LOG_LIMIT, enableEndpoint, listDeliveries, listEndpoints, resendDelivery } from "./log";
import { sendContact, webhookConfig } from "../test-support/webhook-app";
import { testSecret, WebhookReceiver } from "../test-support/webhook-receiver";

const SECRET = testSecret();

onBothDrivers("webhook delivery log", async (t, database) => {
  const receiver = new WebhookReceiver(SECRET);
  await receiver.start();
  const config = webhookConfig(database, [receiver.url], SECRET, {}, { retryBaseMs: 60_000, retryMaxMs: 60_000 });
  let app = await startApp(config);
  try {
    await t.test("lists deliveries newest first with status, attempts and next try", async () => {
      await sendContact(app, "Alt", "alt@example.de", "Hallo");
      await receiver.waitForAccepted(() => true);
      receiver.mode = "error";
      await sendContact(app, "Neu", "neu@example.de", "Hallo");
      await waitUntil(() => receiver.received.length === 2, "the failed attempt");
      await waitUntil(async () => (await listDeliveries(app.db))[0]?.lastStatus === 500, "the attempt recorded");

      const [failing, delivered] = await listDeliveries(app.db);
      assert.equal(failing!.event, "contact.received");
      assert.equal(failing!.status, "pending");
      assert.equal(failing!.attempts, 1);
      assert.equal(failing!.lastError, "HTTP 500");
      // The next try follows the back-off (a minute here), not the lease.
      const wait = failing!.nextAttemptAt!.getTime() - Date.now();
      assert.ok(wait > 50_000 && wait <= 60_000, `next try in ${wait} ms`);
      assert.equal(delivered!.status, "delivered");
      assert.equal(delivered!.attempts, 1);
      assert.equal(delivered!.lastStatus, 204);
      assert.equal(delivered!.nextAttemptAt, null);
      assert.ok(delivered!.deliveredAt instanceof Date);
      assert.equal(delivered!.endpoint, receiver.url);
    });

    await t.test("shows at most the last 500", async () => {
      await app.db.query(
        `INSERT INTO webhook_deliveries (event_id, event_type, endpoint, person_key, payload, status)
         SELECT 'msg_' || i, 'contact.received', $1, 'k' || i, '{}', 'delivered' FROM generate_series(1, 510) i`,
        [receiver.url],
      );
      const entries = await listDeliveries(app.db);
      assert.equal(entries.length, DELIVERY_LOG_LIMIT);
      assert.equal(entries[0]!.eventId, "msg_510");
      assert.ok(entries.every((entry, i) => i === 0 || entries[i - 1]!.id > entry.id));
      await app.db.query("DELETE FROM webhook_deliveries WHERE event_id LIKE 'msg\\_%' AND person_key LIKE 'k%'");
    });

    await t.test("erneut senden: a delivered event goes out again with the same webhook-id", async () => {
      receiver.mode = "ok";
      const delivered = (await listDeliveries(app.db)).find((entry) => entry.status === "delivered")!;
      const pending = (await listDeliveries(app.db)).find((entry) => entry.status === "pending")!;
      assert.equal(await resendDelivery(app.db, pending.id), "already-queued");
      assert.equal(await resendDelivery(app.db, 999_999), "not-found");
      assert.equal(await resendDelivery(app.db, delivered.id), "queued");
      const copies = await receiver.waitForAccepted((entry) => entry.id === delivered.eventId, 2);
      assert.equal(copies[0]!.body, copies[1]!.body);
      // The receiver has the copy a moment before the worker records its answer.
      const current = async () => (await listDeliveries(app.db)).find((entry) => entry.id === delivered.id)!;
      await waitUntil(async () => (await current()).status === "delivered", "the copy recorded as delivered");
      const again = await current();
      assert.equal(again.attempts, 1, "attempts count afresh");
    });

    await t.test("a 410 is lifted only on purpose; resending waits for it", async () => {
      receiver.mode = "gone";
      await sendContact(app, "Weg", "weg@example.de", "Hallo");
      await waitUntil(async () => (await listEndpoints(app.db))[0]?.disabledAt !== null, "the endpoint disabled");
      const gone = (await listDeliveries(app.db))[0]!;
      assert.equal(gone.status, "failed");
      assert.equal(gone.lastStatus, 410);
      assert.equal(await resendDelivery(app.db, gone.id), "endpoint-disabled");
      receiver.mode = "ok";
      assert.equal(await enableEndpoint(app.db, receiver.url), true);
      assert.equal(await resendDelivery(app.db, gone.id), "queued");
      await receiver.waitForAccepted((entry) => entry.id === gone.eventId);
    });

    await t.test("an address taken out of WEBHOOK_URLS gets nothing more", async () => {
      receiver.mode = "error";
      await sendContact(app, "Später", "spaeter@example.de", "Hallo");
      await waitUntil(async () => (await listDeliveries(app.db))[0]?.lastStatus === 500, "a failed attempt");
      await app.close();
      const other = new WebhookReceiver(SECRET, "/neu");
      await other.start();
      app = await startApp(webhookConfig(database, [other.url], SECRET));
      try {
        const stranded = (await listDeliveries(app.db)).find((entry) => entry.endpoint === receiver.url)!;
        assert.equal(stranded.status, "failed");
        assert.equal(stranded.lastError, REMOVED_MESSAGE);
        assert.equal(await resendDelivery(app.db, stranded.id), "endpoint-removed");
        assert.deepEqual(
          (await listEndpoints(app.db)).map((endpoint) => [endpoint.url, endpoint.active]).sort(),
          [
            [other.url, true],
            [receiver.url, false],
          ].sort(),
        );
      } finally {
        await other.stop();
      }
    });
  } finally {
    await app.close();
    await receiver.stop();
  }
});
