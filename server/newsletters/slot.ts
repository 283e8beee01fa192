/**
 * What a newsletter row of the mail outbox holds until it is sent: no composed mail but a slot (recipient,
 * unsubscribe token, Message-ID); the worker composes the mail when it sends it (sending.ts).
 */
export interface NewsletterSlot {
  newsletter: number;
  to: { name: string; address: string };
  /** The unsubscribe link's token (its hash is in lead_tokens, with the newsletter). */
  token: string;
  messageId: string;
}

export function isNewsletterSlot(message: unknown): message is NewsletterSlot {
  return typeof (message as NewsletterSlot | null)?.newsletter === "number";
}
