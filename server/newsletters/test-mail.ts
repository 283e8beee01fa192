/**
 * A newsletter's test mail to the logged-in owner, exactly as recipients get it but with a link to the
 * "Abmelden" page instead of a personal unsubscribe link (the owner is no lead). Queued in the outbox
 * like every mail, ahead of the newsletters waiting there.
 */
import { randomUUID } from "node:crypto";
import type { Queryable } from "../db/types";
import { link, type MailContext } from "../mail/context";
import { ROUTES } from "../../common/routes";
import { composeNewsletterMail } from "./sending";
import { checkNewsletterText, renderNewsletter, type RenderedNewsletter } from "./render";

/** The sample unsubscribe link of a preview or test: the page, without a token. */
export const sampleUnsubscribeUrl = (context: MailContext) => link(context, ROUTES.unsubscribe.path);

/** The preview: the mail as a recipient named `name` gets it (HTML and plain text). */
export function previewNewsletter(context: MailContext, input: Record<string, unknown>, name: string): RenderedNewsletter {
  return renderNewsletter(context, checkNewsletterText(context, input), { name, unsubscribeUrl: sampleUnsubscribeUrl(context) });
}

export async function queueTestMail(
  db: Queryable,
  context: MailContext,
  input: Record<string, unknown>,
  owner: string,
): Promise<void> {
  const text = checkNewsletterText(context, input);
  const domain = context.site.mailFrom.address.split("@")[1];
  const unsubscribeUrl = sampleUnsubscribeUrl(context);
  const message = composeNewsletterMail(
    context,
    text,
    { newsletter: 0, to: { name: "", address: owner }, token: "", messageId: `<${randomUUID()}@${domain}>` },
    unsubscribeUrl,
  );
  message.subject = `Test: ${message.subject}`;
  // The owner is no lead: the header names the page, and no one-click POST would unsubscribe anyone.
  message.headers = { "List-Unsubscribe": `<${unsubscribeUrl}>` };
  await db.query(
    `INSERT INTO mail_outbox (kind, recipient, person_email, subject, message, message_id)
     VALUES ('newsletter-test', $1, $1, $2, $3, $4)`,
    [owner, message.subject, JSON.stringify(message), message.messageId],
  );
}
