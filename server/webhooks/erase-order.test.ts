/**
 * The queue underneath the webhooks, on both databases: order per person and endpoint, what an erasure
 * leaves, and that `person.erased` waits for an earlier event of the person that is in flight right now.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { erasePerson } from "../services/privacy";
import { databaseTargets } from "../test-support/databases";
import { claimDueDeliveries, markDelivered, purgeDeliveries, syncEndpoints } from "./deliveries";
import { DELIVERY_LEASE_MS, queueContactReceived } from "./events";

const ENDPOINTS = ["https://crm.example.de/a", "https://n8n.example.de/b"];

for (const target of databaseTargets()) {
  describe(`webhook queue (${target.driver})`, { skip: target.skip }, () => {
    it("keeps a person's events in order per endpoint and lets the erasure overtake nothing in flight", async () => {
      const { db, drop } = await target.create();
      try {
        await syncEndpoints(db, ENDPOINTS);
        const contact = async (email: string) =>
          db.transaction(async (tx) => {
            const { rows } = await tx.query<{ id: number }>(
              "INSERT INTO contact_requests (name, email, message, form_page) VALUES ('P', $1, 'm', '/') RETURNING id",
              [email],
            );
            await queueContactReceived(tx, "https://www.urkraft.de", rows[0]!.id);
          });
        await contact("eva@example.de");
        await contact("EVA@example.de");
        await contact("otto@example.de");

        // One delivery per endpoint and event; of Eva (either spelling) only her first per endpoint is due.
        const first = await claimDueDeliveries(db, 100, 60_000);
        assert.equal(first.length, 4);
        const eva = first.filter((delivery) => delivery.payload.includes("eva@"));
        assert.equal(eva.length, 2);
        assert.deepEqual(eva.map((delivery) => delivery.endpoint).sort(), ENDPOINTS);
        assert.deepEqual(await claimDueDeliveries(db, 100, 60_000), [], "the rest is leased or waits for Eva's first");

        // Eva's first delivery to endpoint A is acknowledged; her second to A becomes due, B still waits.
        const toA = eva.find((delivery) => delivery.endpoint === ENDPOINTS[0])!;
        await markDelivered(db, toA.id, 200);
        const next = await claimDueDeliveries(db, 100, 60_000);
        assert.equal(next.length, 1);
        assert.equal(next[0]!.endpoint, ENDPOINTS[0]);
        assert.match(next[0]!.payload, /EVA@example\.de/);

        // Erased while deliveries of hers are in flight: the records go, person.erased waits for the leases.
        await erasePerson(db, "eva@example.de");
        const { rows } = await db.query<{ event_type: string; endpoint: string; wait_ms: number }>(
          `SELECT event_type, endpoint,
                  extract(epoch FROM next_attempt_at - now())::float8 * 1000 AS wait_ms
             FROM webhook_deliveries WHERE payload LIKE '%eva@%' OR payload LIKE '%EVA@%' ORDER BY endpoint`,
        );
        assert.deepEqual(
          rows.map((row) => [row.event_type, row.endpoint]),
          ENDPOINTS.map((endpoint) => ["person.erased", endpoint]),
        );
        for (const row of rows) assert.ok(row.wait_ms > 50_000 && row.wait_ms <= DELIVERY_LEASE_MS, `${row.wait_ms} ms`);
        assert.deepEqual(
          (await claimDueDeliveries(db, 100, 60_000)).map((delivery) => delivery.eventType),
          [],
          "person.erased is not due while an earlier attempt may still be on its way",
        );

        // Delivered records are kept for the retention period, queued ones always.
        await db.query("UPDATE webhook_deliveries SET created_at = now() - interval '40 days'");
        await db.query("UPDATE webhook_deliveries SET status = 'delivered' WHERE payload LIKE '%otto@%'");
        assert.equal(await purgeDeliveries(db, 30), 2);
        const left = await db.query<{ event_type: string }>("SELECT event_type FROM webhook_deliveries");
        assert.deepEqual(
          left.rows.map((row) => row.event_type),
          ["person.erased", "person.erased"],
        );
      } finally {
        await drop();
      }
    });
  });
}
