/**
 * Double opt-in for the information form (§ 7 Abs. 2 UWG, LEGAL.md): a new lead gets only the request to
 * confirm; the welcome mail and the 7-day plan follow the click on the confirmation page's button; every
 * later mail carries an unsubscribe link, and an unsubscribed address gets nothing more (the mails still
 * scheduled for it are cancelled).
 */
import type { Db, Queryable } from "../db/types";
import { link, type MailContext } from "./context";
import { enqueueMail } from "./outbox";
import { schedulePlanMails } from "./plan-mails";
import { hashToken, isWellFormedToken, newToken } from "./tokens";
import { queueLeadConfirmed, queueLeadUnsubscribed } from "../webhooks/events";

/** A repeated submission of a pending address re-sends the confirmation request at most this often. */
export const CONFIRMATION_RESEND_MINUTES = 10;

interface LeadRow {
  id: number;
  email: string;
  name: string;
}

interface ConfirmedRow extends LeadRow {
  confirmed_at: Date | string;
}

/**
 * Called in the submission's transaction after the lead is saved. A pending lead gets a confirmation
 * request unless one was queued in the last 10 minutes; a confirmed or unsubscribed lead gets nothing.
 * Returns whether a request was queued.
 */
export async function requestConfirmation(tx: Queryable, context: MailContext, leadId: number): Promise<boolean> {
  const { rows } = await tx.query<LeadRow>(
    `UPDATE leads SET confirmation_sent_at = now()
      WHERE id = $1 AND status = 'pending'
        AND (confirmation_sent_at IS NULL
             OR confirmation_sent_at <= now() - $2::integer * interval '1 minute')
      RETURNING id, email, name`,
    [leadId, CONFIRMATION_RESEND_MINUTES],
  );
  const lead = rows[0];
  if (!lead) return false;
  const { token, hash } = newToken();
  const { retention } = context.site;
  await tx.query(
    `INSERT INTO lead_tokens (token_hash, lead_id, purpose, expires_at)
     VALUES ($1, $2, 'confirm', now() + $3::integer * interval '1 hour')`,
    [hash, lead.id, retention.confirmLinkHours],
  );
  return enqueueMail(tx, context, {
    kind: "lead-confirmation",
    to: { name: lead.name, address: lead.email },
    personEmail: lead.email,
    leadId: lead.id,
    values: {
      name: lead.name,
      confirmUrl: link(context, `/api/leads/confirm?token=${token}`),
      confirmLinkHours: String(retention.confirmLinkHours),
      unconfirmedLeadDays: String(retention.unconfirmedLeadDays),
    },
  });
}

export type TokenOutcome = "done" | "invalid";

/**
 * Whether the token would confirm a lead now, changing nothing: the link in the mail only opens the page
 * with the button (mail scanners open every link), and only its POST confirms.
 */
export async function isConfirmable(db: Queryable, token: unknown): Promise<boolean> {
  if (!isWellFormedToken(token)) return false;
  const { rows } = await db.query(
    `SELECT 1 FROM lead_tokens t JOIN leads l ON l.id = t.lead_id
      WHERE t.token_hash = $1 AND t.purpose = 'confirm' AND t.used_at IS NULL AND t.expires_at > now()
        AND l.status = 'pending'`,
    [hashToken(token)],
  );
  return rows.length > 0;
}

/** Whether the token is an unsubscribe link we issued (they stay valid), changing nothing. */
export async function isUnsubscribeToken(db: Queryable, token: unknown): Promise<boolean> {
  if (!isWellFormedToken(token)) return false;
  const { rows } = await db.query("SELECT 1 FROM lead_tokens WHERE token_hash = $1 AND purpose = 'unsubscribe'", [
    hashToken(token),
  ]);
  return rows.length > 0;
}

/**
 * The confirmation click: a known, unused, unexpired token of a pending lead confirms it, records the
 * time (on the lead and on its latest proof of consent), uses up every confirmation link of that lead,
 * queues the welcome mail and the seven plan mails, all in one transaction.
 */
export async function confirmLead(db: Db, context: MailContext, token: unknown): Promise<TokenOutcome> {
  if (!isWellFormedToken(token)) return "invalid";
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<ConfirmedRow>(
      `WITH used AS (
         UPDATE lead_tokens SET used_at = now()
          WHERE token_hash = $1 AND purpose = 'confirm' AND used_at IS NULL AND expires_at > now()
          RETURNING lead_id)
       UPDATE leads SET status = 'confirmed', confirmed_at = now()
        WHERE id = (SELECT lead_id FROM used) AND status = 'pending'
        RETURNING id, email, name, confirmed_at`,
      [hashToken(token)],
    );
    const lead = rows[0];
    if (!lead) return "invalid";
    // The click confirms the latest declaration, the one the lead row now shows.
    await tx.query(
      `UPDATE lead_consents SET confirmed_at = (SELECT confirmed_at FROM leads WHERE id = $1)
        WHERE id = (SELECT max(id) FROM lead_consents WHERE lead_id = $1) AND confirmed_at IS NULL`,
      [lead.id],
    );
    await queueLeadConfirmed(tx, lead.id);
    await tx.query("UPDATE lead_tokens SET used_at = now() WHERE lead_id = $1 AND purpose = 'confirm' AND used_at IS NULL", [
      lead.id,
    ]);
    const unsubscribe = newToken();
    await tx.query("INSERT INTO lead_tokens (token_hash, lead_id, purpose) VALUES ($1, $2, 'unsubscribe')", [
      unsubscribe.hash,
      lead.id,
    ]);
    await enqueueMail(tx, context, {
      kind: "lead-welcome",
      to: { name: lead.name, address: lead.email },
      personEmail: lead.email,
      leadId: lead.id,
      unsubscribeToken: unsubscribe.token,
      values: {
        name: lead.name,
        recipesUrl: link(context, "/gesunde-rezepte"),
        movementUrl: link(context, "/bewegung-alltag"),
        nutritionUrl: link(context, "/ernaehrung-traditionell"),
      },
    });
    const confirmedAt = context.clock?.() ?? new Date(lead.confirmed_at);
    await schedulePlanMails(tx, context, lead, unsubscribe.token, confirmedAt);
    return "done";
  });
}

/**
 * The unsubscribe link (no expiry, may be used again): the lead becomes `unsubscribed`, its confirmed
 * proofs of consent record the time, its open confirmation links are used up and every mail still queued
 * for it is cancelled.
 */
export async function unsubscribeLead(db: Db, token: unknown): Promise<TokenOutcome> {
  if (!isWellFormedToken(token)) return "invalid";
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ lead_id: number }>(
      "SELECT lead_id FROM lead_tokens WHERE token_hash = $1 AND purpose = 'unsubscribe'",
      [hashToken(token)],
    );
    const leadId = rows[0]?.lead_id;
    if (leadId === undefined) return "invalid";
    await tx.query(
      `UPDATE leads SET status = 'unsubscribed', unsubscribed_at = now()
        WHERE id = $1 AND status <> 'unsubscribed'`,
      [leadId],
    );
    await queueLeadUnsubscribed(tx, leadId);
    // Each confirmed proof gets its end: the retention of `consentProofYears` counts from here.
    await tx.query(
      `UPDATE lead_consents SET unsubscribed_at = now()
        WHERE lead_id = $1 AND confirmed_at IS NOT NULL AND unsubscribed_at IS NULL`,
      [leadId],
    );
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
}
