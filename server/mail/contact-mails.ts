/**
 * The two mails of a contact request, queued in its transaction: the acknowledgment to the visitor and
 * the notification to the owner's inbox, whose `Reply-To` is the visitor so a reply goes straight back.
 * The notification links to the request in the owner area; it carries the message itself only when
 * `site.json` says `ownerNotification: "full"`.
 */
import type { Queryable } from "../db/types";
import { requestPath } from "../services/reply-reminders";
import { link, type MailContext } from "./context";
import { isDeliverableAddress } from "./headers";
import { enqueueMail } from "./outbox";

export interface ContactRequestForMail {
  id: number;
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

export async function queueContactMails(tx: Queryable, context: MailContext, request: ContactRequestForMail): Promise<void> {
  const visitor = { name: request.name, address: request.email };
  // The acknowledgment repeats neither the message nor anything but the name, so the form cannot be
  // used to send someone else a text of one's choosing.
  await enqueueMail(tx, context, {
    kind: "contact-acknowledgment",
    to: visitor,
    personEmail: request.email,
    contactRequestId: request.id,
    values: { name: request.name },
  });
  // By default only name and link: no copy of the message piles up in a mailbox outside the deletion periods.
  const full = context.site.ownerNotification === "full";
  await enqueueMail(tx, context, {
    kind: full ? "contact-notification-full" : "contact-notification",
    to: { name: context.site.brand, address: context.site.email },
    // An address we would not send to is no safe Reply-To either; the owner still sees it in the text.
    ...(isDeliverableAddress(request.email) ? { replyTo: visitor } : {}),
    personEmail: request.email,
    contactRequestId: request.id,
    values: {
      name: request.name,
      email: request.email,
      ...(full ? { message: request.message } : {}),
      requestUrl: link(context, requestPath(request.id)),
      submittedAt: `${BERLIN_TIME.format(request.submittedAt ?? new Date())} Uhr`,
    },
  });
}
