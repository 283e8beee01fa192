/**
 * Storing a message of the contact form. The request, its two mails (acknowledgment and notification)
 * and its `contact.received` webhooks are written by one statement: one round trip, one (implicit)
 * transaction, acknowledged only once committed.
 */
import { randomBytes } from "node:crypto";
import type { ContactValues } from "../../src/forms/schemas";
import type { Queryable } from "../db";
import { contactMailRows } from "../mail/contact-mails";
import type { MailContext } from "../mail";
import { asStored, type SubmissionMeta } from "./submission";
import { ENABLED_ENDPOINTS, contactReceivedPayload, newEventId, personKey } from "../webhooks/events";

export interface StoredContactRequest {
  id: number;
}

/** The request's time as JSON dates write it (2026-11-23T10:02:45.220Z), from the database's clock. */
const ISO_TIME = `to_char(r.submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The mails and the webhook body are composed before the statement, with stand-ins for what only the
 * insert knows: the id ($5) and the time ($6); `replace` puts the real values in. Both stand-ins are random,
 * so no text a visitor types can contain them.
 */
const SUBMIT_CONTACT = `
WITH r AS (
  INSERT INTO contact_requests (name, email, message, form_page) VALUES ($1, $2, $3, $4)
  RETURNING id, submitted_at
), mails AS (
  INSERT INTO mail_outbox (kind, recipient, person_email, contact_request_id, subject, message, message_id, next_attempt_at)
  SELECT m.kind, m.recipient, m.person_email, r.id, m.subject, replace(m.message, $5, r.id::text)::jsonb, m.message_id, now()
    FROM r, json_to_recordset($7::json)
         AS m(kind text, recipient text, person_email text, subject text, message text, message_id text)
), webhooks AS (
  INSERT INTO webhook_deliveries (event_id, event_type, endpoint, person_key, payload, next_attempt_at)
  SELECT $8, 'contact.received', url, ${personKey("$2")},
         replace(replace($9::text, $5, r.id::text), $6, ${ISO_TIME}), now()
    FROM r, ${ENABLED_ENDPOINTS}
)
SELECT id FROM r`;

export async function submitContact(
  db: Queryable,
  input: ContactValues,
  meta: SubmissionMeta,
  mail: MailContext,
): Promise<StoredContactRequest> {
  const values = asStored(input);
  const idStandIn = `anfrage${randomBytes(12).toString("hex")}`;
  const timeStandIn = `zeit${randomBytes(12).toString("hex")}`;
  const mails = contactMailRows(mail, values, idStandIn).map((row) => ({
    kind: row.kind,
    recipient: row.recipient,
    person_email: row.personEmail,
    subject: row.subject,
    message: row.message,
    message_id: row.messageId,
  }));
  const payload = contactReceivedPayload(mail.siteUrl, values, idStandIn, timeStandIn);
  const { rows } = await db.query<StoredContactRequest>(SUBMIT_CONTACT, [
    values.name,
    values.email,
    values.message,
    meta.formPage,
    idStandIn,
    timeStandIn,
    JSON.stringify(mails),
    newEventId(),
    JSON.stringify(payload),
  ]);
  return rows[0]!;
}
