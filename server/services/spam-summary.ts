/**
 * Posts marked as spam (server/http/form-post.ts) mail nobody at once, the owners included: a bot posting
 * straight at the API would otherwise fill their inbox with one notification a request. Instead every owner
 * gets at most one short summary in SPAM_SUMMARY_HOURS, and only when spam arrived: how many requests and
 * sign-ups were marked since the last summary, with a link to „Anfragen“ (filter „Spam“). A job runs it
 * (server/jobs.ts); the audit log remembers the last summary, and the advisory lock keeps two instances from
 * both sending it.
 */
import type { Db } from "../db/types";
import { link, type MailContext } from "../mail/context";
import { OWNER_SCREENS } from "../../common/routes";
import { formatGermanDateTime } from "../../common/german-time";
import { audit } from "./audit-log";
import { mailEach, UNKNOWN_OWNER } from "./owner-alerts";

/** At most one summary in this many hours. */
export const SPAM_SUMMARY_HOURS = 24;
/** How often the job looks whether a summary is due: a summary may come this much after the spam. */
export const SPAM_SUMMARY_CHECK_MS = 60 * 60_000;

const ACTION = "spam-summary";

export interface SpamSummary {
  requests: number;
  signups: number;
}

const counted = (n: number, one: string, many: string) => `${n.toLocaleString("de-DE")} ${n === 1 ? one : many}`;

/** "12 Anfragen und 1 Anmeldung", leaving out what is none. */
export function countedSpam({ requests, signups }: SpamSummary): string {
  const parts = [];
  if (requests > 0) parts.push(counted(requests, "Anfrage", "Anfragen"));
  if (signups > 0) parts.push(counted(signups, "Anmeldung", "Anmeldungen"));
  return parts.join(" und ");
}

/**
 * Queues the summary to every owner when one is due: none in the last SPAM_SUMMARY_HOURS, and spam marked
 * since the last one (or ever, before the first). Returns what it counted, or undefined when it sent none.
 */
export async function queueSpamSummary(
  db: Db,
  context: MailContext,
  ownerEmails: readonly string[],
): Promise<SpamSummary | undefined> {
  if (ownerEmails.length === 0) return undefined;
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('urkraft-spam-summary'))");
    const last = await tx.query<{ at: Date | null; recent: boolean }>(
      `SELECT max(at) AS at, coalesce(max(at) > now() - $2::integer * interval '1 hour', false) AS recent
         FROM audit_log WHERE action = $1`,
      [ACTION, SPAM_SUMMARY_HOURS],
    );
    const { at: lastAt = null, recent = false } = last.rows[0] ?? {};
    if (recent) return undefined;
    const { rows } = await tx.query<{ requests: number; signups: number; first: Date | null }>(
      `WITH marked AS (
         SELECT 'request' AS what, submitted_at FROM contact_requests
          WHERE spam IS NOT NULL AND submitted_at > coalesce($1::timestamptz, '-infinity')
         UNION ALL
         SELECT 'signup', submitted_at FROM leads
          WHERE spam IS NOT NULL AND submitted_at > coalesce($1::timestamptz, '-infinity'))
       SELECT count(*) FILTER (WHERE what = 'request')::integer AS requests,
              count(*) FILTER (WHERE what = 'signup')::integer AS signups,
              min(submitted_at) AS first
         FROM marked`,
      [lastAt],
    );
    const { requests = 0, signups = 0, first = null } = rows[0] ?? {};
    if (requests + signups === 0) return undefined;
    const summary = { requests, signups };
    const since = new Date(lastAt ?? first ?? Date.now());
    await audit(tx, UNKNOWN_OWNER, ACTION, `${countedSpam(summary)} als Spam markiert`);
    await mailEach(tx, context, ownerEmails, "owner-spam-summary", {
      counted: countedSpam(summary),
      since: formatGermanDateTime(since, context.site.timeZone),
      inboxUrl: link(context, OWNER_SCREENS.requests.path),
    });
    return summary;
  });
}
