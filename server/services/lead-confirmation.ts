/**
 * Double opt-in for the information form (§ 7 Abs. 2 UWG, LEGAL.md): a new lead gets only the request to
 * confirm; the welcome mail and the 7-day plan follow the click on the confirmation page's button, and
 * every later mail carries an unsubscribe link (services/lead-unsubscribe.ts).
 */
import type { Db, Queryable } from "../db/types";
import { pageLinks, tokenLink, type MailContext } from "../mail/context";
import { API_PATHS } from "../../common/routes";
import { enqueueMail, outboxRow, type OutboxRow } from "../mail/outbox";
import { schedulePlanMails } from "../mail/plan-mails";
import { queueLeadConfirmed } from "../webhooks/events";
import { confirmLatestDeclaration } from "./consents";
import { FORM_MAIL_BOUND_HOURS } from "./form-mail-bounds";
import { hashToken, isWellFormedToken, newToken, type TokenOutcome } from "./link-tokens";

/**
 * A repeated submission of a pending address re-sends the confirmation request at most this often: one a
 * day, so the form cannot fill a stranger's mailbox (services/form-mail-bounds.ts). It does not hold once the
 * last link was used or the address unsubscribed since (services/leads.ts): that person asks for a new link.
 */
export const CONFIRMATION_RESEND_MINUTES = FORM_MAIL_BOUND_HOURS * 60;

interface ConfirmedRow {
  id: number;
  email: string;
  name: string;
  confirmed_at: Date | string;
}

/** What a confirmation request consists of, made before the sign-up's statement (services/leads.ts). */
export interface ConfirmationRequest {
  /** Hash of the link's token, stored in `lead_tokens` (purpose `confirm`, valid `confirmLinkHours`). */
  tokenHash: string;
  confirmLinkHours: number;
  /** The composed mail; undefined when the address is not one we send to (the link is stored all the same). */
  mail: OutboxRow | undefined;
}

/**
 * The confirmation request for a sign-up, composed before anything is written: a new link token and the
 * mail carrying it. The sign-up's one statement stores both only when the lead is pending and had no
 * request in the last CONFIRMATION_RESEND_MINUTES; a confirmed or unsubscribed lead gets nothing.
 */
export function prepareConfirmation(context: MailContext, lead: { name: string; email: string }): ConfirmationRequest {
  const { token, hash } = newToken();
  const { retention } = context.site;
  const mail = outboxRow(context, {
    kind: "lead-confirmation",
    to: { name: lead.name, address: lead.email },
    personEmail: lead.email,
    values: {
      name: lead.name,
      confirmUrl: tokenLink(context, API_PATHS.confirm, token),
      confirmLinkHours: String(retention.confirmLinkHours),
      unconfirmedLeadDays: String(retention.unconfirmedLeadDays),
    },
  });
  return { tokenHash: hash, confirmLinkHours: retention.confirmLinkHours, mail };
}

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
       UPDATE leads SET status = 'confirmed', confirmed_at = now(), spam = NULL
        WHERE id = (SELECT lead_id FROM used) AND status = 'pending'
        RETURNING id, email, name, confirmed_at`,
      [hashToken(token)],
    );
    const lead = rows[0];
    if (!lead) return "invalid";
    await confirmLatestDeclaration(tx, lead.id);
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
        ...pageLinks(context),
      },
    });
    const confirmedAt = context.clock?.() ?? new Date(lead.confirmed_at);
    await schedulePlanMails(tx, context, lead, unsubscribe.token, confirmedAt);
    return "done";
  });
}
