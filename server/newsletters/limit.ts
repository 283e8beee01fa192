/**
 * The consent's limit: nobody gets more than `consent.newslettersPerMonth` (content/site.json) newsletters
 * in a calendar month of the site's time zone (nor more than their own consent showed, if lower: sending.ts
 * leaves them out; the check here is of the limit in force). Counted from the outbox (a newsletter row counts in the month
 * of its newsletter's sending time unless it was cancelled or refused for good) plus the newsletters
 * scheduled for that month, which will go to everyone who may receive them. Between two newsletters lie at
 * least NEWSLETTER_GAP_DAYS days, so the monthly limit never means four mails in four days around
 * the turn of a month.
 */
import type { Queryable } from "../db/types";
import { germanDateTime, monthName, monthOf, nextMonth, type MonthWindow } from "./month";

/** Serialises scheduling and starting newsletters across instances, so two cannot both pass the check. */
export const NEWSLETTER_LOCK = "SELECT pg_advisory_xact_lock(260026)";

/** Rows of a newsletter that count against the limit: waiting or sent, in the month given by $1 and $2. */
export const COUNTED_ROWS = `m.newsletter_id IS NOT NULL AND m.status IN ('pending', 'sent')
  AND m.due_at >= $1::timestamptz AND m.due_at < $2::timestamptz`;

/** The least time between two newsletters to the same person, in days. */
export const NEWSLETTER_GAP_DAYS = 7;

/** Newsletters scheduled, sending or sent within the gap before or after `sendAt` ($1), other than $2. */
const TOO_CLOSE = `SELECT send_at FROM newsletters
  WHERE status IN ('scheduled', 'sending', 'sent') AND id IS DISTINCT FROM $2::integer
    AND send_at > $1::timestamptz - ${NEWSLETTER_GAP_DAYS} * interval '1 day'
    AND send_at < $1::timestamptz + ${NEWSLETTER_GAP_DAYS} * interval '1 day'
  ORDER BY send_at DESC`;

export interface LimitSettings {
  perMonth: number;
  timeZone: string;
}

/** How many people who may get newsletters would get one more than the limit, were one more sent in `window`. */
async function peopleOverLimit(tx: Queryable, window: MonthWindow, perMonth: number, exceptId: number | null): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `WITH planned AS (
       SELECT count(*)::int AS n FROM newsletters
        WHERE status = 'scheduled' AND send_at >= $1::timestamptz AND send_at < $2::timestamptz
          AND id IS DISTINCT FROM $4::integer)
     SELECT count(*)::int AS n FROM leads l
      WHERE l.status = 'confirmed' AND l.undeliverable_at IS NULL
        AND (SELECT count(*) FROM mail_outbox m WHERE m.lead_id = l.id AND ${COUNTED_ROWS})
            + (SELECT n FROM planned) + 1 > $3`,
    [window.start.toISOString(), window.end.toISOString(), perMonth, exceptId],
  );
  return rows[0]!.n;
}

/** Refused: `message` says for how many people and from when a newsletter is possible. */
export class NewsletterLimitError extends Error {
  constructor(
    message: string,
    readonly people: number,
    readonly possibleFrom: Date | undefined,
  ) {
    super(message);
    this.name = "NewsletterLimitError";
  }
}

/**
 * Throws NewsletterLimitError when a newsletter sent at `sendAt` would exceed the limit for anyone. Call
 * inside the transaction that schedules it, after NEWSLETTER_LOCK.
 */
export async function assertWithinLimit(
  tx: Queryable,
  sendAt: Date,
  settings: LimitSettings,
  exceptId: number | null = null,
): Promise<void> {
  const { perMonth, timeZone } = settings;
  const close = await tx.query<{ send_at: Date | string }>(TOO_CLOSE, [sendAt.toISOString(), exceptId]);
  if (close.rows.length > 0) {
    const other = new Date(close.rows[0]!.send_at);
    const from = new Date(
      Math.max(...close.rows.map((row) => new Date(row.send_at).getTime())) + NEWSLETTER_GAP_DAYS * 86_400_000,
    );
    throw new NewsletterLimitError(
      `Nicht gesendet: Ein anderer Newsletter geht am ${germanDateTime(other, timeZone)} hinaus. Zwischen zwei Newslettern ` +
        `liegen mindestens ${NEWSLETTER_GAP_DAYS} Tage, damit niemand mehrere kurz hintereinander bekommt. ` +
        `Möglich ist dieser ab ${germanDateTime(from, timeZone)}${other > sendAt ? " – oder verschieb den anderen" : ""}.`,
      0,
      from,
    );
  }
  const window = monthOf(sendAt, timeZone);
  const over = await peopleOverLimit(tx, window, perMonth, exceptId);
  if (over === 0) return;
  let possible: MonthWindow | undefined = nextMonth(window, timeZone);
  for (let i = 0; i < 24 && possible && (await peopleOverLimit(tx, possible, perMonth, exceptId)) > 0; i += 1) {
    possible = i === 23 ? undefined : nextMonth(possible, timeZone);
  }
  const people = over === 1 ? "1 Person bekäme" : `${over.toLocaleString("de-DE")} Personen bekämen`;
  const from = possible
    ? ` Möglich ist der nächste Newsletter an alle ab ${germanDateTime(possible.start, timeZone)}.`
    : " In den nächsten zwei Jahren ist dafür kein Monat frei; sag einen geplanten Newsletter ab.";
  throw new NewsletterLimitError(
    `Nicht gesendet: ${people} damit im ${monthName(window)} mehr als ${perMonth} Newsletter – ` +
      `die Einwilligung verspricht höchstens ${perMonth} im Monat.${from}`,
    over,
    possible?.start,
  );
}
