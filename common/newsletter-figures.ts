/**
 * A newsletter's figures as the server counts them from its outbox rows (server/newsletters) and the owner
 * area shows them; no opens or clicks are tracked.
 */
export interface NewsletterFigures {
  recipients: number;
  sent: number;
  waiting: number;
  /** Given up after the last attempt (temporary errors that never cleared). */
  failed: number;
  /** Refused by the recipient's mail server for good (SMTP 5xx); the address is marked undeliverable. */
  undeliverable: number;
  /** Not sent because the person unsubscribed or was erased before it was their turn. */
  cancelled: number;
  /** Unsubscribed through the link in this newsletter. */
  unsubscribed: number;
}

/** The figures in the order the server counts them (server/newsletters/newsletters.ts, FIGURES_SQL). */
export const NEWSLETTER_FIGURES = [
  "recipients",
  "sent",
  "waiting",
  "failed",
  "undeliverable",
  "cancelled",
  "unsubscribed",
] as const satisfies readonly (keyof NewsletterFigures)[];

// Every figure is in the list (the compiler refuses one left out).
const _everyFigure: [Exclude<keyof NewsletterFigures, (typeof NEWSLETTER_FIGURES)[number]>] extends [never] ? true : never = true;

/** The figures of a row that carries them among other columns. */
export function figuresOf(row: NewsletterFigures): NewsletterFigures {
  return Object.fromEntries(NEWSLETTER_FIGURES.map((name) => [name, row[name]])) as unknown as NewsletterFigures;
}
