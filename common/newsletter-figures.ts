/**
 * A newsletter's figures as the server counts them from its outbox rows (server/newsletters) and the owner
 * area shows them; no opens or clicks are tracked.
 */
import type { NewsletterFigures } from "./owner/responses";

/** Declared with the owner API's answers (common/owner/responses.ts). */
export type { NewsletterFigures };

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
