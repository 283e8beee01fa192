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
