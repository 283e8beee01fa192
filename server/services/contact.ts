/** Storing a message of the contact form: one transaction, acknowledged only once committed. */
import type { ContactValues } from "../../src/forms/schemas";
import type { Db, Queryable } from "../db";
import { queueContactMails } from "../mail/contact-mails";
import type { MailContext } from "../mail";
import type { SubmissionMeta } from "./submission";
import { queueContactReceived } from "../webhooks/events";

export interface StoredContactRequest {
  id: number;
}

export async function submitContact(
  db: Db,
  values: ContactValues,
  meta: SubmissionMeta,
  mail: MailContext,
): Promise<StoredContactRequest> {
  return db.transaction(async (tx) => {
    const request = await saveContactRequest(tx, values, meta);
    // Acknowledgment and owner notification are queued in the same transaction as the request.
    await queueContactMails(tx, mail, { id: request.id, ...values });
    await queueContactReceived(tx, mail.siteUrl, request.id);
    return request;
  });
}

export async function saveContactRequest(
  tx: Queryable,
  values: ContactValues,
  meta: SubmissionMeta,
): Promise<StoredContactRequest> {
  const { rows } = await tx.query<StoredContactRequest>(
    `INSERT INTO contact_requests (name, email, message, form_page) VALUES ($1, $2, $3, $4) RETURNING id`,
    [values.name, values.email, values.message, meta.formPage],
  );
  return rows[0]!;
}
