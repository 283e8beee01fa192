/**
 * How much mail the two forms may send to addresses visitors type in, so nobody can use them to flood a
 * stranger's mailbox, whatever the number of client addresses posting:
 *
 * - one acknowledgment of a contact request per recipient within FORM_MAIL_BOUND_HOURS (form_mail_guard,
 *   which keeps the address only as an HMAC under a daily secret, services/form-mail-keys.ts); later requests
 *   are stored and reach the owner, without a mail to the sender;
 * - one confirmation request of a sign-up within the same time while its link is unused (leads.confirmation_sent_at;
 *   after the link was used or the address unsubscribed, a new sign-up gets a new request at once);
 * - none at all for a post that looks automated (spam): it is stored for the owner, mails nobody (the owners
 *   get one summary a day, services/spam-summary.ts) and uses up neither of the two;
 * - a global brake: when the form mails of the last hour reach BRAKE_MULTIPLE times the usual hourly rate
 *   (the week before), and at least BRAKE_FLOOR_PER_HOUR, further acknowledgments wait BRAKE_HOLD_HOURS
 *   (erasing the requests as spam takes their mails along) and every owner gets one warning a day.
 */
import type { Db } from "../db/types";
import { link, type MailContext } from "../mail/context";
import { OWNER_SCREENS } from "../../common/routes";
import { FORM_MAIL_BOUND_HOURS, FORM_MAIL_BRAKE_HOLD_HOURS } from "../../common/constants";
import { audit } from "./audit-log";
import { mailEach, UNKNOWN_OWNER } from "./owner-alerts";

export { FORM_MAIL_BOUND_HOURS };
export const BRAKE_MULTIPLE = 10;
export const BRAKE_FLOOR_PER_HOUR = 30;
export const BRAKE_HOLD_HOURS = FORM_MAIL_BRAKE_HOLD_HOURS;

/** The mails of the forms that go to the address a visitor typed in. */
export const FORM_MAIL_KINDS = ["contact-acknowledgment", "lead-confirmation"] as const;

/**
 * SQL (one row, one column `held`) telling whether the brake is on: the last hour's form mails against the
 * week before. $-parameters: none; the constants are written in.
 */
export const BRAKE_ON = `
SELECT count(*) FILTER (WHERE created_at > now() - interval '1 hour')
         >= greatest(${BRAKE_FLOOR_PER_HOUR},
                     ${BRAKE_MULTIPLE} * count(*) FILTER (WHERE created_at <= now() - interval '1 hour') / 167.0) AS held
  FROM mail_outbox
 WHERE kind IN (${FORM_MAIL_KINDS.map((kind) => `'${kind}'`).join(", ")}) AND created_at > now() - interval '7 days'`;

const WARNING_ACTION = "form-mail-brake";

/**
 * Queues one warning to every owner that acknowledgments are held, at most once in BRAKE_HOLD_HOURS (the
 * audit log remembers it; the advisory lock keeps two instances from both warning).
 */
export async function warnOfBrake(db: Db, context: MailContext, ownerEmails: readonly string[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('urkraft-form-mail-brake'))");
    const { rows } = await tx.query<{ warned: boolean; held: number }>(
      `SELECT EXISTS (SELECT 1 FROM audit_log WHERE action = $1 AND at > now() - $2::integer * interval '1 hour') AS warned,
              (SELECT count(*)::integer FROM mail_outbox
                WHERE kind = 'contact-acknowledgment' AND status = 'pending' AND next_attempt_at > now() + interval '1 hour') AS held`,
      [WARNING_ACTION, BRAKE_HOLD_HOURS],
    );
    const { warned = true, held = 0 } = rows[0] ?? {};
    if (warned) return false;
    await audit(tx, UNKNOWN_OWNER, WARNING_ACTION, `${held} Eingangsbestätigungen angehalten`);
    await mailEach(tx, context, ownerEmails, "owner-form-mail-brake", {
      held: String(held),
      holdHours: String(BRAKE_HOLD_HOURS),
      inboxUrl: link(context, OWNER_SCREENS.requests.path),
    });
    return true;
  });
}
