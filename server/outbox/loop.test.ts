/** The outbox loop records a batch's delivered rows together, and reports each outcome once. */
import assert from "node:assert/strict";
import diagnostics from "node:diagnostics_channel";
import { test } from "node:test";
import type { Queryable } from "../db/types";
import { createOutboxLoop, OUTCOME_CHANNEL, type Outcome, type OutcomeMessage } from "./loop";

const db = {} as Queryable;

test("rows delivered in a batch are recorded by one call, after every delivery; other outcomes are not", async () => {
  const outcomesOf: Record<number, Outcome> = { 1: "sent", 2: "retry", 3: "sent", 4: "failed", 5: "sent" };
  const events: string[] = [];
  const published: Outcome[] = [];
  const listen = (message: unknown) => published.push((message as OutcomeMessage).outcome);
  diagnostics.subscribe(OUTCOME_CHANNEL, listen);
  try {
    const loop = createOutboxLoop<{ id: number }>({
      queue: "mail",
      db,
      settings: { pollMs: 1000, batchSize: 10, concurrency: 2 },
      claim: async () => [1, 2, 3, 4, 5].map((id) => ({ id })),
      deliver: async (row) => {
        events.push(`deliver ${row.id}`);
        return outcomesOf[row.id]!;
      },
      release: async (ids) => {
        events.push(`release ${ids.join(",")}`);
      },
      markDelivered: async (ids) => {
        events.push(`mark ${[...ids].sort().join(",")}`);
      },
      onClaimError: (error) => assert.fail(String(error)),
    });
    assert.equal(await loop.runOnce(), 5);
  } finally {
    diagnostics.unsubscribe(OUTCOME_CHANNEL, listen);
  }
  assert.deepEqual(
    events.filter((e) => e.startsWith("mark")),
    ["mark 1,3,5"],
    "one call for the three sent rows",
  );
  assert.ok(events.indexOf("mark 1,3,5") > events.lastIndexOf("deliver 5"), "recorded after the last delivery");
  assert.deepEqual([...published].sort(), ["failed", "retry", "sent", "sent", "sent"], "each outcome reported once");
});

test("when recording fails, the batch's rows are not reported sent and the error reaches the caller", async () => {
  const published: Outcome[] = [];
  const listen = (message: unknown) => published.push((message as OutcomeMessage).outcome);
  diagnostics.subscribe(OUTCOME_CHANNEL, listen);
  try {
    const loop = createOutboxLoop<{ id: number }>({
      queue: "mail",
      db,
      settings: { pollMs: 1000, batchSize: 10, concurrency: 1 },
      claim: async () => [{ id: 7 }],
      deliver: async () => "sent",
      release: async () => {},
      markDelivered: async () => {
        throw new Error("Datenbank nicht erreichbar");
      },
      onClaimError: () => {},
    });
    await assert.rejects(loop.runOnce(), /Datenbank nicht erreichbar/);
  } finally {
    diagnostics.unsubscribe(OUTCOME_CHANNEL, listen);
  }
  assert.deepEqual(published, []);
});
