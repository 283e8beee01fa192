/**
 * Owner sessions, kept in the database so every instance knows them. The cookie holds a random id, the
 * table only its hash. A session ends 12 hours after login at the latest, or after 30 minutes without use.
 * Sensitive actions need a login (or a confirmation of it) within the last RECENT_LOGIN_MINUTES.
 */
import type { Queryable } from "../db/types";
import { hashToken, isWellFormedToken, newToken } from "./link-tokens";
import { roleOf, type AreaPeople, type OwnerRole } from "./owner-roles";
import { RECENT_LOGIN_MINUTES, SESSION_IDLE_MINUTES, SESSION_MAX_HOURS } from "../../common/owner/limits";
import type { LoginMethod } from "../../common/owner/responses";

export const SESSION_COOKIE = "__Host-urkraft-verwaltung";
export { RECENT_LOGIN_MINUTES, SESSION_IDLE_MINUTES, SESSION_MAX_HOURS };

export type { LoginMethod };

export interface OwnerSession {
  email: string;
  /** From OWNER_EMAILS or EDITOR_EMAILS as they are now, not as they were at login. */
  role: OwnerRole;
  method: LoginMethod;
  createdAt: Date;
  expiresAt: Date;
  /** Until when sensitive actions are allowed without confirming the login again. */
  confirmedUntil: Date;
  /** The login or its last confirmation was within RECENT_LOGIN_MINUTES. */
  recent: boolean;
}

/**
 * A new session; any other unused login link of the address stops working, so a link still lying in a
 * mailbox is worth nothing once its owner has logged in.
 */
export async function createSession(tx: Queryable, email: string, method: LoginMethod): Promise<string> {
  const { token, hash } = newToken();
  await tx.query(
    `INSERT INTO owner_sessions (id_hash, email, method, expires_at)
     VALUES ($1, $2, $3, now() + $4::integer * interval '1 hour')`,
    [hash, email, method, SESSION_MAX_HOURS],
  );
  await tx.query("UPDATE owner_login_tokens SET used_at = now() WHERE email = $1 AND used_at IS NULL", [email]);
  return token;
}

/**
 * The session of a cookie value, if it is still valid (and then marks it used): unknown, expired or
 * idle sessions give undefined. The address must still be in OWNER_EMAILS or EDITOR_EMAILS.
 */
export async function readSession(db: Queryable, people: AreaPeople, cookieValue: unknown): Promise<OwnerSession | undefined> {
  if (!isWellFormedToken(cookieValue)) return undefined;
  const { rows } = await db.query<{
    email: string;
    method: LoginMethod;
    created_at: Date;
    expires_at: Date;
    confirmed_until: Date;
    recent: boolean;
  }>(
    `UPDATE owner_sessions SET last_seen_at = now()
      WHERE id_hash = $1 AND expires_at > now() AND last_seen_at > now() - $2::integer * interval '1 minute'
      RETURNING email, method, created_at, expires_at,
                confirmed_at + $3::integer * interval '1 minute' AS confirmed_until,
                confirmed_at > now() - $3::integer * interval '1 minute' AS recent`,
    [hashToken(cookieValue), SESSION_IDLE_MINUTES, RECENT_LOGIN_MINUTES],
  );
  const row = rows[0];
  const role = row && roleOf(people, row.email);
  if (!row || !role) return undefined;
  return {
    email: row.email,
    role,
    method: row.method,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    confirmedUntil: new Date(row.confirmed_until),
    recent: row.recent,
  };
}

/** The owner confirmed the login on the spot (passkey): sensitive actions are open again for a while. */
export async function confirmSession(db: Queryable, cookieValue: string): Promise<void> {
  await db.query("UPDATE owner_sessions SET confirmed_at = now() WHERE id_hash = $1", [hashToken(cookieValue)]);
}

export async function endSession(db: Queryable, cookieValue: string): Promise<void> {
  await db.query("DELETE FROM owner_sessions WHERE id_hash = $1", [hashToken(cookieValue)]);
}

/** "Alle Sitzungen beenden": every session of this owner, on every device. Returns how many ended. */
export async function endAllSessions(db: Queryable, email: string): Promise<number> {
  const { rows } = await db.query("DELETE FROM owner_sessions WHERE email = $1 RETURNING id_hash", [email]);
  return rows.length;
}

/**
 * At every start: an address no longer in OWNER_EMAILS or EDITOR_EMAILS (`areaEmails`) loses its sessions, passkeys and unused links, so
 * putting it back later revives none of them. Returns how many of each went.
 */
export async function forgetFormerOwners(
  db: Queryable,
  areaEmails: readonly string[],
): Promise<{ sessions: number; passkeys: number; links: number }> {
  const removed = async (table: string) =>
    (await db.query(`DELETE FROM ${table} WHERE NOT (lower(email) = ANY($1::text[])) RETURNING 1`, [areaEmails])).rows.length;
  return {
    sessions: await removed("owner_sessions"),
    passkeys: await removed("owner_passkeys"),
    links: await removed("owner_login_tokens"),
  };
}

/** Expired sessions, login links and passkey challenges; run with the retention purge. */
export async function purgeOwnerAuth(db: Queryable): Promise<void> {
  await db.query(
    `DELETE FROM owner_sessions
      WHERE expires_at <= now() OR last_seen_at <= now() - $1::integer * interval '1 minute'`,
    [SESSION_IDLE_MINUTES],
  );
  await db.query("DELETE FROM owner_login_tokens WHERE expires_at <= now() - interval '1 day'");
  await db.query("DELETE FROM owner_challenges WHERE expires_at <= now()");
}
