/**
 * The form mail bound keeps the address it holds back acknowledgments for only as an HMAC under a secret of
 * the day kept in the database, not as a plain SHA-256 anyone can recompute for an address of their choice.
 * A row written under yesterday's secret still holds the bound after midnight, and the regular purge deletes
 * the secrets older than yesterday.
 */
import assert from "node:assert/strict";
import { createHash, createHmac } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { onBothDrivers, startApp, testConfig } from "../test-support/app-harness";
import { postJson } from "../test-support/test-app";
import { purgeExpired } from "./privacy";

const CONTACT_PAGE = { referer: "http://localhost/kontakt-unterstuetzung" };
const ADDRESS = "Hash.Probe@Beispiel.de";
const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

async function count(app: FastifyInstance, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await app.db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${sql}`, params);
  return rows[0]!.n;
}

const write = (app: FastifyInstance, message: string) =>
  postJson(app, "/api/contact", { name: "Hanna", email: ADDRESS, message, website: "" }, CONTACT_PAGE);

onBothDrivers("the form mail bound keeps an HMAC of the address", async (_t, database) => {
  const app = await startApp(testConfig(database, { MAIL_WORKER: "false" }));
  try {
    assert.equal((await write(app, "Erste Frage")).statusCode, 202);
    const { rows } = await app.db.query<{ address_key: string }>("SELECT address_key FROM form_mail_guard");
    assert.equal(rows.length, 1);
    const stored = rows[0]!.address_key;
    const address = ADDRESS.toLowerCase();
    assert.notEqual(stored, createHash("sha256").update(address).digest("hex"), "not a plain SHA-256 of the address");
    const secrets = await app.db.query<{ secret: string }>("SELECT secret FROM rate_limit_keys WHERE day = $1::date", [dayOf(0)]);
    assert.equal(secrets.rows.length, 1, "today's secret is in the database");
    assert.equal(stored, createHmac("sha256", secrets.rows[0]!.secret).update(address).digest("hex"), "an HMAC under it");

    // Midnight: the row was written under yesterday's secret; the next request finds it all the same.
    const yesterday = "a".repeat(64);
    await app.db.query("INSERT INTO rate_limit_keys (day, secret) VALUES ($1::date, $2)", [dayOf(-1), yesterday]);
    await app.db.query("UPDATE form_mail_guard SET address_key = $1", [
      createHmac("sha256", yesterday).update(address).digest("hex"),
    ]);
    assert.equal((await write(app, "Zweite Frage")).statusCode, 202);
    assert.equal(
      await count(app, "mail_outbox WHERE kind = 'contact-acknowledgment' AND lower(person_email) = $1", [address]),
      1,
      "one acknowledgment within the bound, across the change of secret",
    );
    assert.equal(await count(app, "contact_requests WHERE lower(email) = $1", [address]), 2, "both requests stored");

    // The purge keeps yesterday's and today's secrets and deletes older ones.
    await app.db.query("INSERT INTO rate_limit_keys (day, secret) VALUES ($1::date, 'alt')", [dayOf(-2)]);
    await purgeExpired(app.db, app.mail.site.retention);
    const days = await app.db.query<{ day: string }>("SELECT day::text AS day FROM rate_limit_keys ORDER BY day");
    assert.deepEqual(
      days.rows.map((row) => row.day),
      [dayOf(-1), dayOf(0)],
    );
  } finally {
    await app.close();
  }
});
