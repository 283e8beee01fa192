/**
 * Unsubscribing (LEGAL.md): the link in every mail after the confirmation has no expiry and may be used
 * again; an unsubscribed address gets nothing more, and the mails still scheduled for it are cancelled.
 */
import type { Db, Queryable } from "../db/types";
import { queueLeadUnsubscribed } from "../webhooks/events";
import { endConfirmedDeclarations } from "./consents";
import { hashToken, isWellFormedToken, type TokenOutcome } from "./link-tokens";
import type { ErasureLedger } from "./erasure-ledger";

/** Whether the token is an unsubscribe link we issued (they stay valid), changing nothing. */
export async function isUnsubscribeToken(db: Queryable, token: unknown): Promise<boolean> {
  if (!isWellFormedToken(token)) return false;
  const { rows } = await db.query("SELECT 1 FROM lead_tokens WHERE token_hash = $1 AND purpose = 'unsubscribe'", [
    hashToken(token),
  ]);
  return rows.length > 0;
}

/**
 * The unsubscribe link: the lead becomes `unsubscribed`, its confirmed proofs of consent record the time,
 * its open confirmation links are used up and every mail still queued for it is cancelled.
 */
export async function unsubscribeLead(db: Db, token: unknown, ledger?: ErasureLedger): Promise<TokenOutcome> {
  if (!isWellFormedToken(token)) return "invalid";
  let unsubscribed: string | undefined;
  const outcome = await db.transaction(async (tx): Promise<TokenOutcome> => {
    const { rows } = await tx.query<{ lead_id: number; newsletter_id: number | null }>(
      "SELECT lead_id, newsletter_id FROM lead_tokens WHERE token_hash = $1 AND purpose = 'unsubscribe'",
      [hashToken(token)],
    );
    const leadId = rows[0]?.lead_id;
    if (leadId === undefined) return "invalid";
    const changed = await tx.query<{ email: string }>(
      `UPDATE leads SET status = 'unsubscribed', unsubscribed_at = now()
        WHERE id = $1 AND status <> 'unsubscribed' RETURNING email`,
      [leadId],
    );
    unsubscribed = changed.rows[0]?.email;
    // The link came in a newsletter: it counts among that newsletter's unsubscriptions.
    if (changed.rows.length > 0 && rows[0]!.newsletter_id !== null)
      await tx.query("UPDATE mail_outbox SET unsubscribed_at = now() WHERE newsletter_id = $1 AND lead_id = $2", [
        rows[0]!.newsletter_id,
        leadId,
      ]);
    await queueLeadUnsubscribed(tx, leadId);
    await endConfirmedDeclarations(tx, leadId);
    await tx.query("UPDATE lead_tokens SET used_at = now() WHERE lead_id = $1 AND purpose = 'confirm' AND used_at IS NULL", [
      leadId,
    ]);
    await tx.query(
      `UPDATE mail_outbox SET status = 'cancelled', message = NULL
        WHERE lead_id = $1 AND status = 'pending'`,
      [leadId],
    );
    return "done";
  });
  // After the commit: a restore of an older backup replays it (erasure-ledger.ts).
  if (unsubscribed !== undefined) ledger?.record(unsubscribed, "abgemeldet");
  return outcome;
}
