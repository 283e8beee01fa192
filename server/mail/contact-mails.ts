/**
 * The two mails of a contact request, queued in its transaction: the acknowledgment to the visitor and
 * the notification to the owner's inbox, whose `Reply-To` is the visitor so a reply goes straight back.
 */
import type { Queryable } from "../db/types";
import type { MailContext } from "./context";
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
  await enqueueMail(tx, context, {
    kind: "contact-notification",
    to: { name: context.site.brand, address: context.site.email },
    // An address we would not send to is no safe Reply-To either; the owner still sees it in the text.
    ...(isDeliverableAddress(request.email) ? { replyTo: visitor } : {}),
    personEmail: request.email,
    contactRequestId: request.id,
    values: {
      name: request.name,
      email: request.email,
      message: request.message,
      submittedAt: `${BERLIN_TIME.format(request.submittedAt ?? new Date())} Uhr`,
    },
  });
}
