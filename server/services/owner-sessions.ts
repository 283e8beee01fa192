/**
 * Owner sessions, kept in the database so every instance knows them. The cookie holds a random id, the
 * table only its hash. A session ends 12 hours after login at the latest, or after 2 hours without use.
 */
import type { Queryable } from "../db/types";
import { hashToken, isWellFormedToken, newToken } from "./link-tokens";

export const SESSION_COOKIE = "__Host-urkraft-verwaltung";
export const SESSION_MAX_HOURS = 12;
export const SESSION_IDLE_HOURS = 2;

export type LoginMethod = "link" | "passkey";

export interface OwnerSession {
  email: string;
  method: LoginMethod;
  createdAt: Date;
  expiresAt: Date;
}

export async function createSession(tx: Queryable, email: string, method: LoginMethod): Promise<string> {
  const { token, hash } = newToken();
  await tx.query(
    `INSERT INTO owner_sessions (id_hash, email, method, expires_at)
     VALUES ($1, $2, $3, now() + $4::integer * interval '1 hour')`,
    [hash, email, method, SESSION_MAX_HOURS],
  );
  return token;
}

/**
 * The session of a cookie value, if it is still valid (and then marks it used): unknown, expired or
 * idle sessions give undefined. The owner must still be in OWNER_EMAILS.
 */
export async function readSession(
  db: Queryable,
  ownerEmails: readonly string[],
  cookieValue: unknown,
): Promise<OwnerSession | undefined> {
  if (!isWellFormedToken(cookieValue)) return undefined;
  const { rows } = await db.query<{ email: string; method: LoginMethod; created_at: Date; expires_at: Date }>(
    `UPDATE owner_sessions SET last_seen_at = now()
      WHERE id_hash = $1 AND expires_at > now() AND last_seen_at > now() - $2::integer * interval '1 hour'
      RETURNING email, method, created_at, expires_at`,
    [hashToken(cookieValue), SESSION_IDLE_HOURS],
  );
  const row = rows[0];
  if (!row || !ownerEmails.includes(row.email)) return undefined;
  return { email: row.email, method: row.method, createdAt: new Date(row.created_at), expiresAt: new Date(row.expires_at) };
}

export async function endSession(db: Queryable, cookieValue: string): Promise<void> {
  await db.query("DELETE FROM owner_sessions WHERE id_hash = $1", [hashToken(cookieValue)]);
}

/** "Alle Sitzungen beenden": every session of this owner, on every device. Returns how many ended. */
export async function endAllSessions(db: Queryable, email: string): Promise<number> {
  const { rows } = await db.query("DELETE FROM owner_sessions WHERE email = $1 RETURNING id_hash", [email]);
  return rows.length;
}

/** Expired sessions, login links and passkey challenges; run with the retention purge. */
export async function purgeOwnerAuth(db: Queryable): Promise<void> {
  await db.query(
    `DELETE FROM owner_sessions
      WHERE expires_at <= now() OR last_seen_at <= now() - $1::integer * interval '1 hour'`,
    [SESSION_IDLE_HOURS],
  );
  await db.query("DELETE FROM owner_login_tokens WHERE expires_at <= now() - interval '1 day'");
  await db.query("DELETE FROM owner_challenges WHERE expires_at <= now()");
}
