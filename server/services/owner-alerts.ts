/**
 * What the owners are told about their own area: every owner gets a mail when a passkey is added or
 * removed (an editor too about their own) or a newsletter is sent or scheduled, and one warning when logins keep
 * failing. Failed logins are written to the audit log (never
 * with the token or the passkey response); the warning is itself logged, so it comes once an hour.
 */
import type { Db, Queryable } from "../db/types";
import type { MailContext } from "../mail/context";
import { link } from "../mail/context";
import { enqueueMail, type OutgoingMail } from "../mail/outbox";
import { OWNER_PROPOSALS_PATH, OWNER_SCREENS, ownerContentFilePath } from "../../common/routes";
import { formatGermanDateTime } from "../../common/german-time";
import { audit } from "./audit-log";

/** Failed logins within FAILED_LOGIN_WINDOW_MINUTES that make every owner get a warning. */
export const FAILED_LOGINS_WARNING = 10;
export const FAILED_LOGIN_WINDOW_MINUTES = 60;

/** The audit log's owner column when a failed login names no known owner. */
export const UNKNOWN_OWNER = "unbekannt";

/** One mail of `kind` to each address (owners, and whom else it concerns), each its own outbox row. */
export async function mailEach(
  tx: Queryable,
  context: MailContext,
  recipients: Iterable<string>,
  kind: OutgoingMail["kind"],
  values: OutgoingMail["values"],
): Promise<void> {
  for (const recipient of recipients)
    await enqueueMail(tx, context, { kind, to: { address: recipient }, personEmail: recipient, values });
}

/** Every owner hears of a passkey change, by whom and when, and so does the editor whose passkey it is. */
export async function notifyPasskeyChange(
  tx: Queryable,
  context: MailContext,
  people: { ownerEmails: readonly string[] },
  change: { owner: string; passkeyName: string; added: boolean; at?: Date },
): Promise<void> {
  // The time of the change itself: the mail may leave the outbox later.
  const changedAt = formatGermanDateTime(change.at ?? new Date(), context.site.timeZone);
  await mailEach(
    tx,
    context,
    new Set([...people.ownerEmails, change.owner]),
    change.added ? "owner-passkey-added" : "owner-passkey-removed",
    {
      owner: change.owner,
      passkeyName: change.passkeyName,
      changedAt,
      securityUrl: link(context, OWNER_SCREENS.security.path),
    },
  );
}

/**
 * Writes a failed login (bad, used or expired link; failed passkey) to the audit log and, at the tenth
 * within the hour, queues one warning to every owner. The advisory lock keeps two instances from both
 * warning for the same failures.
 */
export async function recordFailedLogin(
  db: Db,
  context: MailContext,
  ownerEmails: readonly string[],
  failure: { owner?: string; how: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await audit(tx, failure.owner ?? UNKNOWN_OWNER, "login-failed", failure.how);
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('urkraft-owner-login-warning'))");
    const { rows } = await tx.query<{ failures: number; warned: boolean }>(
      `SELECT count(*) FILTER (WHERE action = 'login-failed')::integer AS failures,
              count(*) FILTER (WHERE action = 'login-warning') > 0 AS warned
         FROM audit_log
        WHERE action IN ('login-failed', 'login-warning') AND at > now() - $1::integer * interval '1 minute'`,
      [FAILED_LOGIN_WINDOW_MINUTES],
    );
    const { failures = 0, warned = false } = rows[0] ?? {};
    if (failures < FAILED_LOGINS_WARNING || warned) return;
    await audit(tx, UNKNOWN_OWNER, "login-warning", `${failures} fehlgeschlagene Anmeldungen in einer Stunde`);
    await mailEach(tx, context, ownerEmails, "owner-login-warning", {
      failures: String(failures),
      auditUrl: link(context, OWNER_SCREENS.audit.path),
    });
  });
}

const BERLIN = new Intl.DateTimeFormat("de-DE", { dateStyle: "full", timeStyle: "short", timeZone: "Europe/Berlin" });

/**
 * Every owner hears of a newsletter sent or scheduled, with its subject and time: a stolen session that
 * schedules one (a phishing link to every lead) is noticed while it can still be cancelled.
 */
export async function notifyNewsletterScheduled(
  db: Db,
  context: MailContext,
  ownerEmails: readonly string[],
  newsletter: { owner: string; subject: string; sendAt: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ n: number }>("SELECT count(*)::integer AS n FROM leads WHERE status = 'confirmed'");
    await mailEach(tx, context, ownerEmails, "owner-newsletter-scheduled", {
      owner: newsletter.owner,
      subject: newsletter.subject,
      sendAt: `${BERLIN.format(newsletter.sendAt)} Uhr`,
      recipients: (rows[0]?.n ?? 0).toLocaleString("de-DE"),
      newsletterUrl: link(context, OWNER_SCREENS.newsletter.path),
    });
  });
}

/**
 * Every owner hears when a legal text, an e-mail text or the settings change in „Inhalte“ (by an editor or
 * another owner): what the law and the mails rely on never changes unnoticed.
 */
export async function notifyContentChange(
  tx: Queryable,
  context: MailContext,
  people: { ownerEmails: readonly string[] },
  change: { by: string; entry: { file: string; title: string }; change: string; at?: Date },
): Promise<void> {
  await mailEach(tx, context, people.ownerEmails, "owner-content-changed", {
    changedBy: change.by,
    fileTitle: change.entry.title,
    file: `content/${change.entry.file}`,
    change: change.change,
    changedAt: formatGermanDateTime(change.at ?? new Date(), context.site.timeZone),
    contentUrl: link(context, OWNER_SCREENS.content.path),
  });
}

/** Every owner hears of a proposal that waits for approval, with the way to it. */
export async function notifyProposal(
  tx: Queryable,
  context: MailContext,
  people: { ownerEmails: readonly string[] },
  proposal: { by: string; entry: { title: string }; change: string; at?: Date },
): Promise<void> {
  await mailEach(tx, context, people.ownerEmails, "owner-content-proposal", {
    proposedBy: proposal.by,
    fileTitle: proposal.entry.title,
    change: proposal.change,
    proposedAt: formatGermanDateTime(proposal.at ?? new Date(), context.site.timeZone),
    proposalsUrl: link(context, OWNER_PROPOSALS_PATH),
  });
}

/** The editor hears what became of their proposal: approved and published, or sent back with a note. */
export async function notifyProposalDecided(
  tx: Queryable,
  context: MailContext,
  decision: { editor: string; entry: { file: string; title: string }; change: string; by: string } & (
    { approved: true; live: string } | { approved: false; note: string }
  ),
): Promise<void> {
  await mailEach(tx, context, [decision.editor], "owner-proposal-decided", {
    fileTitle: decision.entry.title,
    change: decision.change,
    decision: decision.approved ? "freigegeben" : "zurückgegeben",
    decidedBy: decision.by,
    note: decision.approved
      ? decision.live
      : `Hinweis: „${decision.note}“ Deine Änderung ist als Entwurf erhalten: Pass sie an und schlag sie noch einmal vor.`,
    fileUrl: link(context, ownerContentFilePath(decision.entry.file)),
  });
}

/** Whoever planned a change hears what became of it at its time: live, taken back, or failed and why. */
export async function notifyPlannedOutcome(
  tx: Queryable,
  context: MailContext,
  ran: {
    to: string;
    entry: { file: string; title: string };
    change: string;
    result: "live" | "zurückgenommen" | "fehlgeschlagen";
    outcome: string;
  },
): Promise<void> {
  await mailEach(tx, context, [ran.to], "owner-content-planned", {
    fileTitle: ran.entry.title,
    change: ran.change,
    result: ran.result === "live" ? "ist live" : ran.result === "zurückgenommen" ? "ist zurückgenommen" : "ist fehlgeschlagen",
    outcome: ran.outcome,
    fileUrl: link(context, ownerContentFilePath(ran.entry.file)),
  });
}
