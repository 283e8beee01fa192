/**
 * Secrets that change every day (UTC), kept in the database (table rate_limit_keys) and shared by every
 * instance on it: the first to ask on a day makes that day's. What is kept under them (the shared rate
 * limit's counters, http/shared-rate-limit.ts; the form mail bound's addresses, services/form-mail-keys.ts)
 * is an HMAC, which leads back to nothing once the secret is gone. A day's secret is still read the day after,
 * for what was written under it shortly before midnight, and deleted the day after that (SWEEP_DAILY_SECRETS).
 * The table is unlogged: a lost secret only starts the counters and bounds afresh.
 */
import type { Queryable } from "./types";
import { randomBytes } from "node:crypto";

const DAY_MS = 24 * 60 * 60 * 1000;

const dayOf = (time: Date) => time.toISOString().slice(0, 10);

/** Deletes the secrets older than yesterday (UTC). */
export const SWEEP_DAILY_SECRETS = "DELETE FROM rate_limit_keys WHERE day < (now() AT TIME ZONE 'UTC')::date - 1";

/** The day's secret, the same for every instance: the first to ask makes it. */
export function dailySecret(db: Queryable) {
  let cached: { day: string; secret: string } | undefined;
  return async (now = new Date()): Promise<string> => {
    const day = dayOf(now);
    if (cached?.day === day) return cached.secret;
    await db.query("INSERT INTO rate_limit_keys (day, secret) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING", [
      day,
      randomBytes(32).toString("hex"),
    ]);
    const { rows } = await db.query<{ secret: string }>("SELECT secret FROM rate_limit_keys WHERE day = $1", [day]);
    cached = { day, secret: rows[0]!.secret };
    return cached.secret;
  };
}

/**
 * Yesterday's secret, if there was one: read, never made (nothing was written under a secret nobody made).
 * Not found is not remembered, since another instance may still make it in the last moment of its day.
 */
export function yesterdaysSecret(db: Queryable) {
  let cached: { day: string; secret: string } | undefined;
  return async (now = new Date()): Promise<string | undefined> => {
    const day = dayOf(new Date(now.getTime() - DAY_MS));
    if (cached?.day === day) return cached.secret;
    const { rows } = await db.query<{ secret: string }>("SELECT secret FROM rate_limit_keys WHERE day = $1", [day]);
    if (rows[0]) cached = { day, secret: rows[0].secret };
    return rows[0]?.secret;
  };
}
