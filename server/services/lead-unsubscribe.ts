/**
 * Unsubscribing (LEGAL.md): the link in every mail after the confirmation has no expiry and may be used
 * again; an unsubscribed address gets nothing more, and the mails still scheduled for it are cancelled. A
 * withdrawal sent to the owner by message is entered in the owner area or on the command line and does
 * the same (`unsubscribeAddress`).
 */
import type { Db, Queryable } from "../db/types";
import type { LeadStatus } from "./leads";
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
 * What unsubscribing does to one lead, inside the caller's transaction: the lead becomes `unsubscribed`,
 * its confirmed proofs of consent record the time (the proof itself stays), its open confirmation links
 * are used up, every mail still queued for it (plan mails, newsletter deliveries) is cancelled, and the
 * webhook `lead.unsubscribed` goes out when this call changed the status. Returns the lead's address
 * when it did.
 */
async function unsubscribeInTransaction(tx: Queryable, leadId: number, newsletterId: number | null): Promise<string | undefined> {
  const changed = await tx.query<{ email: string }>(
    `UPDATE leads SET status = 'unsubscribed', unsubscribed_at = now()
      WHERE id = $1 AND status <> 'unsubscribed' RETURNING email`,
    [leadId],
  );
  const unsubscribed = changed.rows[0]?.email;
  // The link came in a newsletter: it counts among that newsletter's unsubscriptions.
  if (changed.rows.length > 0 && newsletterId !== null)
    await tx.query("UPDATE mail_outbox SET unsubscribed_at = now() WHERE newsletter_id = $1 AND lead_id = $2", [
      newsletterId,
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
  return unsubscribed;
}

/** The unsubscribe link (see `unsubscribeInTransaction`); it may be used again. */
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
    unsubscribed = await unsubscribeInTransaction(tx, leadId, rows[0]!.newsletter_id);
    return "done";
  });
  // After the commit: a restore of an older backup replays it (erasure-ledger.ts).
  if (unsubscribed !== undefined) ledger?.record(unsubscribed, "abgemeldet");
  return outcome;
}

/** What unsubscribing an address did: `unsubscribed` (it was `pending` or `confirmed`), `already`, or `none` (no sign-up). */
export type AddressUnsubscribe =
  { outcome: "unsubscribed"; was: "pending" | "confirmed" } | { outcome: "already" } | { outcome: "none" };

/**
 * A withdrawal that came in another way (a message to the owner, as the consent text offers): exactly what
 * the unsubscribe link does, for the lead of this address (case ignored), recorded in the ledger as well.
 * The owner area (`POST /api/verwaltung/person/abmelden`) and `npm run leads -- unsubscribe` use it.
 */
export async function unsubscribeAddress(db: Db, email: string, ledger?: ErasureLedger): Promise<AddressUnsubscribe> {
  let unsubscribed: string | undefined;
  const result = await db.transaction(async (tx): Promise<AddressUnsubscribe> => {
    const { rows } = await tx.query<{ id: number; status: LeadStatus }>(
      "SELECT id, status FROM leads WHERE lower(email) = lower($1) FOR UPDATE",
      [email.trim()],
    );
    const lead = rows[0];
    if (!lead) return { outcome: "none" };
    if (lead.status === "unsubscribed") return { outcome: "already" };
    unsubscribed = await unsubscribeInTransaction(tx, lead.id, null);
    return unsubscribed === undefined ? { outcome: "already" } : { outcome: "unsubscribed", was: lead.status };
  });
  if (unsubscribed !== undefined) ledger?.record(unsubscribed, "abgemeldet");
  return result;
}
