/**
 * Passwordless login of the site owners: a one-time link sent through the outbox. The link is valid
 * 10 minutes and once (a login with it or a passkey ends the address's other unused links); the database
 * keeps only its hash. Whether an address may log in is never told to the one asking (no enumeration):
 * the answer is the same for every address, and so is the time it takes (see login-link-queue.ts).
 */
import type { Db, Queryable } from "../db/types";
import type { MailContext } from "../mail/context";
import { link } from "../mail/context";
import { enqueueMail } from "../mail/outbox";
import { hashToken, isWellFormedToken, newToken } from "./link-tokens";
import { OWNER_LOGIN_PATH } from "../../common/routes";
import { LOGIN_LINK_MINUTES } from "../../common/owner/limits";

export { LOGIN_LINK_MINUTES };
/**
 * Unused login links per address within LOGIN_LINK_MINUTES; further requests are answered alike but send
 * nothing, so nobody can flood an owner's mailbox with links.
 */
export const LOGIN_LINKS_PER_ADDRESS = 3;

/** Whether the address may log in: `areaEmails` are OWNER_EMAILS and EDITOR_EMAILS (owner-roles.ts). */
export function mayLogIn(areaEmails: readonly string[], email: string): boolean {
  return areaEmails.includes(email.trim().toLowerCase());
}

/** Creates a login link for an address (no check here: callers decide who may log in). */
export async function createLoginLink(tx: Queryable, context: MailContext, email: string): Promise<string> {
  const { token, hash } = newToken();
  await tx.query(
    `INSERT INTO owner_login_tokens (token_hash, email, expires_at)
     VALUES ($1, $2, now() + $3::integer * interval '1 minute')`,
    [hash, email.toLowerCase(), LOGIN_LINK_MINUTES],
  );
  return link(context, `${OWNER_LOGIN_PATH}?token=${token}`);
}

/**
 * The login form: for an owner's or editor's address (and within its limit) a link is queued as mail. Returns whether
 * one was queued, for tests and the log; the HTTP answer never depends on it.
 */
export async function requestLoginLink(
  db: Db,
  context: MailContext,
  areaEmails: readonly string[],
  rawEmail: string,
): Promise<boolean> {
  const email = rawEmail.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ recent: number }>(
      `SELECT count(*)::integer AS recent FROM owner_login_tokens
        WHERE email = $1 AND used_at IS NULL AND created_at > now() - $2::integer * interval '1 minute'`,
      [email, LOGIN_LINK_MINUTES],
    );
    if (!mayLogIn(areaEmails, email) || (rows[0]?.recent ?? 0) >= LOGIN_LINKS_PER_ADDRESS) return false;
    const loginUrl = await createLoginLink(tx, context, email);
    return enqueueMail(tx, context, {
      kind: "owner-login",
      to: { address: email },
      personEmail: email,
      values: { loginUrl, minutes: String(LOGIN_LINK_MINUTES) },
    });
  });
}

/** What following a login link gave: the address, or a failure (with the address when the link was known). */
export type LinkOutcome = { ok: true; email: string } | { ok: false; email?: string; why: string };

/** Uses up a login link: unknown, used or expired links fail, and so does an address no longer allowed in. */
export async function consumeLoginLink(tx: Queryable, areaEmails: readonly string[], token: unknown): Promise<LinkOutcome> {
  if (!isWellFormedToken(token)) return { ok: false, why: "Anmeldelink unvollständig" };
  const { rows } = await tx.query<{ email: string; usable: boolean }>(
    `UPDATE owner_login_tokens
        SET used_at = CASE WHEN used_at IS NULL AND expires_at > now() THEN now() ELSE used_at END
      WHERE token_hash = $1
      RETURNING email, (used_at = now() AND expires_at > now()) AS usable`,
    [hashToken(token)],
  );
  const row = rows[0];
  if (!row) return { ok: false, why: "Anmeldelink unbekannt" };
  // An address removed from OWNER_EMAILS or EDITOR_EMAILS since the link was sent no longer gets in.
  if (!mayLogIn(areaEmails, row.email))
    return { ok: false, email: row.email, why: "Adresse hat keinen Zugang mehr zur Verwaltung" };
  if (!row.usable) return { ok: false, email: row.email, why: "Anmeldelink schon benutzt oder abgelaufen" };
  return { ok: true, email: row.email };
}
