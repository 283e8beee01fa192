/**
 * The two mails of a contact request, queued with it in one statement: the acknowledgment to the visitor and
 * the notification to the owner's inbox, whose `Reply-To` is the visitor so a reply goes straight back.
 * The notification links to the request in the owner area; it carries the message itself only when
 * `site.json` says `ownerNotification: "full"`.
 */
import { ownerRequestPath } from "../../common/routes";
import { link, type MailContext } from "./context";
import { isDeliverableAddress } from "../../common/mail/headers";
import { outboxRow, type OutboxRow } from "./outbox";

export interface ContactRequestForMail {
  name: string;
  email: string;
  message: string;
  submittedAt?: Date;
}

const BERLIN_TIME = new Intl.DateTimeFormat("de-DE", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/Berlin",
});

/**
 * The two mails of a contact request, composed before it is stored (services/contact.ts). Its id is not
 * known yet: `requestId` stands in for it in the notification's link, and the statement that stores the
 * request puts the real id in its place.
 */
export function contactMailRows(context: MailContext, request: ContactRequestForMail, requestId: string): OutboxRow[] {
  const visitor = { name: request.name, address: request.email };
  // The acknowledgment repeats neither the message nor anything but the name, so the form cannot be
  // used to send someone else a text of one's choosing.
  const acknowledgment = outboxRow(context, {
    kind: "contact-acknowledgment",
    to: visitor,
    personEmail: request.email,
    values: { name: request.name },
  });
  // By default only name and link: no copy of the message piles up in a mailbox outside the deletion periods.
  const full = context.site.ownerNotification === "full";
  const notification = outboxRow(context, {
    kind: full ? "contact-notification-full" : "contact-notification",
    to: { name: context.site.brand, address: context.site.email },
    // An address we would not send to is no safe Reply-To either; the owner still sees it in the text.
    ...(isDeliverableAddress(request.email) ? { replyTo: visitor } : {}),
    personEmail: request.email,
    values: {
      name: request.name,
      email: request.email,
      ...(full ? { message: request.message } : {}),
      requestUrl: link(context, ownerRequestPath(requestId)),
      submittedAt: `${BERLIN_TIME.format(request.submittedAt ?? new Date())} Uhr`,
    },
  });
  return [acknowledgment, notification].filter((row) => row !== undefined);
}
