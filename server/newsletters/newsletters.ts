/**
 * Newsletters as the owner area and the command line handle them: write (a draft), send now or schedule
 * (refused when the consent's monthly limit would be exceeded for anyone), cancel a scheduled one, and the
 * list with each newsletter's figures, all counted from its outbox rows.
 */
import type { Db, Queryable } from "../db/types";
import type { MailContext } from "../mail/context";
import { PERMANENT_FAILURE_PREFIX } from "../mail/outbox";
import { assertWithinLimit, NEWSLETTER_LOCK, type LimitSettings } from "./limit";
import { checkNewsletterText } from "./render";
import { figuresOf, type NewsletterFigures } from "../../common/newsletter-figures";
import type { NewsletterSummary } from "../../common/owner/responses";

export const NEWSLETTER_STATUSES = {
  draft: "Entwurf",
  scheduled: "geplant",
  sending: "wird gesendet",
  sent: "gesendet",
  cancelled: "abgebrochen",
} as const;
export type NewsletterStatus = keyof typeof NEWSLETTER_STATUSES;

export type { NewsletterFigures };

export type { NewsletterSummary };

export const FIGURES_SQL = `
  count(m.id)::int AS recipients,
  (count(*) FILTER (WHERE m.status = 'sent'))::int AS sent,
  (count(*) FILTER (WHERE m.status = 'pending'))::int AS waiting,
  (count(*) FILTER (WHERE m.status = 'failed' AND m.last_error NOT LIKE '${PERMANENT_FAILURE_PREFIX}%'))::int AS failed,
  (count(*) FILTER (WHERE m.status = 'failed' AND m.last_error LIKE '${PERMANENT_FAILURE_PREFIX}%'))::int AS undeliverable,
  (count(*) FILTER (WHERE m.status = 'cancelled'))::int AS cancelled,
  (count(m.unsubscribed_at))::int AS unsubscribed`;

interface Row extends NewsletterFigures {
  id: number;
  subject: string;
  preheader: string;
  body: string;
  status: NewsletterStatus;
  send_at: Date | string | null;
  created_at: Date | string;
  created_by: string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function summary(row: Row): NewsletterSummary {
  return {
    id: row.id,
    subject: row.subject,
    preheader: row.preheader,
    body: row.body,
    status: row.status,
    statusLabel: NEWSLETTER_STATUSES[row.status],
    sendAt: iso(row.send_at),
    createdAt: iso(row.created_at)!,
    createdBy: row.created_by,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    figures: figuresOf(row),
  };
}

const SELECT = `SELECT n.id, n.subject, n.preheader, n.body, n.status, n.send_at, n.created_at, n.created_by, n.started_at,
                       n.finished_at, ${FIGURES_SQL}
                  FROM newsletters n LEFT JOIN mail_outbox m ON m.newsletter_id = n.id`;

/** Every newsletter, the newest (by sending time, else by writing) first. */
export async function listNewsletters(db: Queryable): Promise<NewsletterSummary[]> {
  const { rows } = await db.query<Row>(`${SELECT} GROUP BY n.id ORDER BY coalesce(n.send_at, n.created_at) DESC, n.id DESC`);
  return rows.map(summary);
}

export async function getNewsletter(db: Queryable, id: number): Promise<NewsletterSummary | undefined> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE n.id = $1 GROUP BY n.id`, [id]);
  return rows[0] && summary(rows[0]);
}

export function limitSettings(context: MailContext): LimitSettings {
  return { perMonth: context.site.consent.newslettersPerMonth, timeZone: context.site.timeZone };
}

/** A newsletter in the wrong state for what was asked (German, for the owner). */
export class NewsletterStateError extends Error {
  override name = "NewsletterStateError";
}

/** Saves a new draft; throws NewsletterInputError with German problems when the text cannot be sent. */
export async function createNewsletter(
  db: Queryable,
  context: MailContext,
  input: Record<string, unknown>,
  owner: string,
): Promise<number> {
  const text = checkNewsletterText(context, input);
  const { rows } = await db.query<{ id: number }>(
    "INSERT INTO newsletters (subject, preheader, body, created_by) VALUES ($1, $2, $3, $4) RETURNING id",
    [text.subject, text.preheader, text.body, owner],
  );
  return rows[0]!.id;
}

/** Changes a draft's text. */
export async function updateNewsletter(
  db: Queryable,
  context: MailContext,
  id: number,
  input: Record<string, unknown>,
): Promise<void> {
  const text = checkNewsletterText(context, input);
  const { rows } = await db.query(
    "UPDATE newsletters SET subject = $2, preheader = $3, body = $4 WHERE id = $1 AND status = 'draft' RETURNING id",
    [id, text.subject, text.preheader, text.body],
  );
  if (rows.length === 0)
    throw new NewsletterStateError("Nur ein Entwurf lässt sich ändern; dieser Newsletter ist schon geplant oder gesendet.");
}

/**
 * Sends a draft at `sendAt` (undefined: now, on the database's clock or the test's). Refused with
 * NewsletterLimitError when someone would get more newsletters that month than the consent allows.
 */
export async function scheduleNewsletter(db: Db, context: MailContext, id: number, sendAt?: Date): Promise<Date> {
  return db.transaction(async (tx) => {
    await tx.query(NEWSLETTER_LOCK);
    const { rows } = await tx.query<{ status: NewsletterStatus; now: Date | string }>(
      "SELECT status, coalesce($2::timestamptz, now()) AS now FROM newsletters WHERE id = $1 FOR UPDATE",
      [id, context.clock?.().toISOString() ?? null],
    );
    const row = rows[0];
    if (!row) throw new NewsletterStateError("Diesen Newsletter gibt es nicht (mehr).");
    if (row.status !== "draft")
      throw new NewsletterStateError(
        `Dieser Newsletter ist schon ${NEWSLETTER_STATUSES[row.status]}; senden lässt sich nur ein Entwurf.`,
      );
    const now = new Date(row.now);
    const at = sendAt && sendAt.getTime() > now.getTime() ? sendAt : now;
    if (sendAt && sendAt.getTime() < now.getTime() - 60_000)
      throw new NewsletterStateError("Dieser Zeitpunkt ist schon vorbei. Wähle einen späteren oder sende jetzt.");
    await assertWithinLimit(tx, at, limitSettings(context), id);
    await tx.query("UPDATE newsletters SET status = 'scheduled', send_at = $2 WHERE id = $1", [id, at.toISOString()]);
    return at;
  });
}

/** Cancels a scheduled newsletter (or drops a draft) before its sending has started. */
export async function cancelNewsletter(db: Queryable, id: number): Promise<void> {
  const { rows } = await db.query(
    `UPDATE newsletters SET status = 'cancelled', cancelled_at = now()
      WHERE id = $1 AND status IN ('draft', 'scheduled') RETURNING id`,
    [id],
  );
  if (rows.length === 0)
    throw new NewsletterStateError("Absagen lässt sich nur ein geplanter Newsletter, dessen Versand noch nicht begonnen hat.");
}
