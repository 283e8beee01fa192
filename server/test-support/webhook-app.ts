/**
 * The real app for webhook tests: the mail test harness's config with webhooks to the given receivers,
 * retrying fast; and the visitor's steps (sign up and confirm on the link's page, unsubscribe, write a
 * message) through the real routes.
 */
import assert from "node:assert/strict";
import type { FastifyInstance } from "fastify";
import type { Config, WebhookConfig } from "../config";
import { newToken } from "../services/link-tokens";
import { clickThrough, testConfig } from "./app-harness";
import type { EmptyDatabase } from "./databases";

export const FAST_WEBHOOKS: Partial<WebhookConfig> = {
  pollMs: 20,
  retryBaseMs: 50,
  retryMaxMs: 300,
  timeoutMs: 1_000,
  leaseMs: 5_000,
};

export function webhookConfig(
  database: EmptyDatabase,
  urls: string[],
  secret: string,
  env: Record<string, string> = {},
  webhooks: Partial<WebhookConfig> = {},
): Config {
  const config = testConfig(database, { WEBHOOK_URLS: urls.join(","), WEBHOOK_SECRET: secret, ...env });
  return { ...config, webhooks: { ...config.webhooks, ...FAST_WEBHOOKS, ...webhooks } };
}

/** A link token of the lead, as the mails carry them (the mails themselves are tested in server/mail). */
async function tokenFor(app: FastifyInstance, leadId: number, purpose: "confirm" | "unsubscribe"): Promise<string> {
  const { token, hash } = newToken();
  await app.db.query(
    `INSERT INTO lead_tokens (token_hash, lead_id, purpose, expires_at)
     VALUES ($1, $2, $3, CASE WHEN $3 = 'confirm' THEN now() + interval '1 hour' END)`,
    [hash, leadId, purpose],
  );
  return token;
}

/** Signs up through POST /api/leads and follows a confirmation link; returns the lead's id. */
export async function signUpAndConfirm(app: FastifyInstance, name: string, email: string): Promise<number> {
  const submitted = await app.inject({
    method: "POST",
    url: "/api/leads",
    headers: { referer: "http://localhost/" },
    payload: { name, email, website: "" },
  });
  assert.equal(submitted.statusCode, 202);
  const { rows } = await app.db.query<{ id: number }>("SELECT id FROM leads WHERE lower(email) = lower($1)", [email]);
  const leadId = rows[0]!.id;
  const landed = await clickThrough(app, `/api/leads/confirm?token=${await tokenFor(app, leadId, "confirm")}`);
  assert.equal(landed, "/anmeldung-bestaetigt");
  return leadId;
}

/** An unsubscribe link of the lead; `clickThrough` opens it and presses "Abmelden". It may be used again. */
export async function unsubscribeLink(app: FastifyInstance, leadId: number): Promise<string> {
  return `/api/leads/unsubscribe?token=${await tokenFor(app, leadId, "unsubscribe")}`;
}

/** A contact request as a browser sends it from the contact page (one sent without a page is marked as spam). */
export async function sendContact(app: FastifyInstance, name: string, email: string, message: string) {
  return app.inject({
    method: "POST",
    url: "/api/contact",
    headers: { referer: "http://localhost/kontakt-unterstuetzung" },
    payload: { name, email, message, website: "" },
  });
}

export async function deliveryStates(app: FastifyInstance): Promise<{ status: string; n: number }[]> {
  const { rows } = await app.db.query<{ status: string; n: number }>(
    "SELECT status, count(*)::int AS n FROM webhook_deliveries GROUP BY status ORDER BY status",
  );
  return rows;
}
