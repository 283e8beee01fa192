/**
 * Two instances of the app on one PostgreSQL database, each with its own connection pool, as two servers
 * behind a load balancer: together they allow RATE_LIMIT_MAX form posts and OWNER_LOGIN_LIMIT login
 * requests per client, not twice as many; routes keep counters of their own, and no client address is
 * stored.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { FastifyInstance } from "fastify";
import { startApp, testConfig } from "../test-support/app-harness";
import { emptyPostgresDatabase, postgresSkipReason } from "../test-support/databases";

const CLIENT = "203.0.113.9";
const ORIGIN = "http://localhost";

const post = (app: FastifyInstance, url: string, body: unknown, remoteAddress = CLIENT) =>
  app.inject({
    method: "POST",
    url,
    remoteAddress,
    headers: { "content-type": "application/json", origin: ORIGIN },
    payload: JSON.stringify(body),
  });

let sequence = 0;
const lead = () => ({ name: "Max", email: `geteilt.${++sequence}.${Date.now()}@beispiel.de` });

test("form and login limits are shared by two instances on one PostgreSQL database", { skip: postgresSkipReason() }, async () => {
  const database = await emptyPostgresDatabase();
  // Posts without a proof of work meet a stricter limit of their own (proof-of-work.test.ts); not this one.
  const env = {
    RATE_LIMIT_MAX: "3",
    RATE_LIMIT_WINDOW: "1m",
    RATE_LIMIT_UNSOLVED: "100",
    OWNER_EMAILS: "inhaber@urkraft-test.de",
    OWNER_LOGIN_LIMIT: "2",
  };
  const first = await startApp(testConfig(database, env));
  const second = await startApp(testConfig(database, env));
  try {
    const instances = [first, second];
    const leads = [];
    for (let i = 0; i < 5; i++) leads.push((await post(instances[i % 2]!, "/api/leads", lead())).statusCode);
    assert.deepEqual(leads, [202, 202, 202, 429, 429], "three posts in all, not three on each instance");
    const refused = await post(second, "/api/leads", lead());
    assert.match(refused.json().error, /Zu viele Anfragen/);

    assert.equal((await post(first, "/api/leads", lead(), "203.0.113.10")).statusCode, 202, "another client has its own count");
    const contact = await post(second, "/api/contact", { ...lead(), message: "Hallo" });
    assert.equal(contact.statusCode, 202, "the contact form counts apart from the info form");

    const logins = [];
    for (let i = 0; i < 4; i++) {
      logins.push((await post(instances[i % 2]!, "/api/verwaltung/anmeldelink", { email: `x${i}@beispiel.de` })).statusCode);
    }
    assert.deepEqual(logins, [202, 202, 429, 429], "two login requests in all");

    const { rows } = await first.db.query<{ key_hash: string }>("SELECT key_hash FROM rate_limit_hits");
    assert.ok(rows.length >= 3);
    assert.ok(
      rows.every((row) => /^[0-9a-f]{64}$/.test(row.key_hash)),
      "only hashes are kept",
    );
    // Keyed under one secret of the day for both instances, not a plain SHA-256 anyone can recompute.
    const secrets = await first.db.query<{ day: string }>("SELECT day::text AS day FROM rate_limit_keys");
    assert.deepEqual(
      secrets.rows.map((row) => row.day),
      [new Date().toISOString().slice(0, 10)],
    );
  } finally {
    await first.close();
    await second.close();
    await database.drop();
  }
});
