/**
 * How the form mail bound (services/form-mail-bounds.ts) keeps an address for a day: as an HMAC of the
 * lower-cased address under the day's secret (db/daily-secrets.ts), never as a plain hash, which anyone could
 * recompute for an address of their choice. A row written before midnight is found after it under
 * yesterday's secret, so the bound holds across the change of secret.
 */
import { createHmac } from "node:crypto";
import { dailySecret, yesterdaysSecret } from "../db/daily-secrets";
import type { Queryable } from "../db/types";

export interface AddressKeys {
  /** The address under today's secret: what a new row is written with. */
  key: string;
  /** The address under yesterday's secret, if there was one: a row written before midnight. */
  earlierKey: string | null;
}

const keyOf = (secret: string, email: string) => createHmac("sha256", secret).update(email.toLowerCase()).digest("hex");

const secretsOf = new WeakMap<
  Queryable,
  { today: ReturnType<typeof dailySecret>; yesterday: ReturnType<typeof yesterdaysSecret> }
>();

/** The keys of each address, in order. */
export async function formMailAddressKeys(db: Queryable, emails: readonly string[], now = new Date()): Promise<AddressKeys[]> {
  let secrets = secretsOf.get(db);
  if (!secrets) {
    secrets = { today: dailySecret(db), yesterday: yesterdaysSecret(db) };
    secretsOf.set(db, secrets);
  }
  const today = await secrets.today(now);
  const yesterday = await secrets.yesterday(now);
  return emails.map((email) => ({ key: keyOf(today, email), earlierKey: yesterday ? keyOf(yesterday, email) : null }));
}
