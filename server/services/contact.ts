/**
 * Storing messages of the contact form. A request, its two mails (acknowledgment and notification) and
 * its `contact.received` webhooks are written by one statement: one round trip, one (implicit)
 * transaction, acknowledged only once committed. Under load the statement carries several requests at
 * once (group commit, db/group-commit.ts). A request that looks automated (spam) is stored without webhooks
 * but mails nobody: no acknowledgment, and no notification either, so a bot flood cannot fill the owner's
 * inbox; the owners hear of such requests in one summary a day (services/spam-summary.ts).
 */
import { randomBytes } from "node:crypto";
import type { ContactValues } from "../../common/forms/schemas";
import type { Queryable } from "../db";
import { contactMailRows } from "../mail/contact-mails";
import type { MailContext } from "../mail";
import type { OutboxRow } from "../mail/outbox";
import { BRAKE_HOLD_HOURS, BRAKE_ON, FORM_MAIL_BOUND_HOURS } from "./form-mail-bounds";
import { formMailAddressKeys } from "./form-mail-keys";
import { asStored, type SubmissionMeta } from "./submission";
import { ENABLED_ENDPOINTS, contactReceivedPayload, newEventId, personKey } from "../webhooks/events";

export interface StoredContactRequest {
  id: number;
  /** The global brake is on (services/form-mail-bounds.ts): acknowledgments wait and the owners are warned. */
  held?: boolean;
}

/** The request's time as JSON dates write it (2026-11-23T10:02:45.220Z), from the database's clock. */
const ISO_TIME = `to_char(r.submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One statement writes a batch of requests ($1, a JSON array; see db/group-commit.ts). The mails and the
 * webhook body are composed before it, with stand-ins for what only the insert knows: the id and the
 * time; `replace` puts the real values in. Both stand-ins are random, so no text a visitor types can
 * contain them. The ids are drawn first, one per input row, so each row's mails and webhooks join the
 * request they belong to.
 */
const SUBMIT_CONTACTS = `
WITH input AS (
  SELECT i.*, nextval(pg_get_serial_sequence('contact_requests', 'id'))::integer AS id
    FROM json_to_recordset($1::json) AS i(
      ord integer, name text, email text, message text, form_page text, source text, medium text, campaign text,
      spam text, address_key text, earlier_key text, id_stand_in text, time_stand_in text,
      mails json, event_id text, payload text)
), r AS (
  INSERT INTO contact_requests (id, name, email, message, form_page, source, medium, campaign, spam) OVERRIDING SYSTEM VALUE
  SELECT id, name, email, message, form_page, source, medium, campaign, spam FROM input ORDER BY id
  RETURNING id, submitted_at
), first_of_address AS (
  -- A request that looks automated (spam) is acknowledged to nobody and uses up no acknowledgment.
  SELECT DISTINCT ON (address_key) address_key, earlier_key, id FROM input WHERE spam IS NULL ORDER BY address_key, id
), acknowledged AS (
  -- An address gets one acknowledgment within the bound, however many requests name it, also when the
  -- last one was written under yesterday's secret (services/form-mail-keys.ts).
  INSERT INTO form_mail_guard AS g (address_key, kind, sent_at)
  SELECT f.address_key, 'contact-acknowledgment', now() FROM first_of_address f
   WHERE NOT EXISTS (SELECT 1 FROM form_mail_guard e
                      WHERE e.address_key = f.earlier_key AND e.kind = 'contact-acknowledgment'
                        AND e.sent_at > now() - $2::integer * interval '1 hour')
   ORDER BY f.address_key
  ON CONFLICT (address_key, kind) DO UPDATE SET sent_at = now()
   WHERE g.sent_at <= now() - $2::integer * interval '1 hour'
  RETURNING address_key
), brake AS (${BRAKE_ON}
), mails AS (
  INSERT INTO mail_outbox (kind, recipient, person_email, contact_request_id, subject, message, message_id, next_attempt_at)
  SELECT m.kind, m.recipient, m.person_email, r.id, m.subject, replace(m.message, i.id_stand_in, r.id::text)::jsonb,
         m.message_id,
         CASE WHEN m.kind = 'contact-acknowledgment' AND brake.held
              THEN now() + ${BRAKE_HOLD_HOURS} * interval '1 hour' ELSE now() END
    FROM r JOIN input i USING (id) CROSS JOIN brake,
         json_to_recordset(i.mails) AS m(kind text, recipient text, person_email text, subject text, message text, message_id text)
   WHERE m.kind <> 'contact-acknowledgment'
      OR i.id IN (SELECT f.id FROM first_of_address f JOIN acknowledged a USING (address_key))
   ORDER BY r.id
), webhooks AS (
  INSERT INTO webhook_deliveries (event_id, event_type, endpoint, person_key, payload, next_attempt_at)
  SELECT i.event_id, 'contact.received', url, ${personKey("i.email")},
         replace(replace(i.payload, i.id_stand_in, r.id::text), i.time_stand_in, ${ISO_TIME}), now()
    FROM r JOIN input i USING (id), ${ENABLED_ENDPOINTS}
     -- (the endpoints' WHERE) A request that looks automated often names a stranger's address: it goes to no receiver.
     AND i.spam IS NULL
   ORDER BY r.id
)
SELECT ord, id, (SELECT held FROM brake) AS held FROM input`;

/** A contact request ready to be written: its values as stored, its mails and its webhook body composed. */
export interface PreparedContact {
  values: ContactValues;
  meta: SubmissionMeta;
  idStandIn: string;
  timeStandIn: string;
  mails: OutboxRow[];
  eventId: string;
  payload: string;
}

/** Composes what a request needs before the database is asked: only the write itself holds it. */
export function prepareContact(input: ContactValues, meta: SubmissionMeta, mail: MailContext): PreparedContact {
  const values = asStored(input);
  const idStandIn = `anfrage${randomBytes(12).toString("hex")}`;
  const timeStandIn = `zeit${randomBytes(12).toString("hex")}`;
  return {
    values,
    meta,
    idStandIn,
    timeStandIn,
    mails: meta.spam ? [] : contactMailRows(mail, values, idStandIn),
    eventId: newEventId(),
    payload: JSON.stringify(contactReceivedPayload(mail.siteUrl, values, idStandIn, timeStandIn)),
  };
}

/** Writes contact requests in one statement (one transaction); one result each, in order. */
export async function writeContacts(db: Queryable, requests: PreparedContact[]): Promise<StoredContactRequest[]> {
  if (requests.length === 0) return [];
  const keys = await formMailAddressKeys(
    db,
    requests.map((request) => request.values.email),
  );
  const input = requests.map((request, ord) => ({
    ord,
    name: request.values.name,
    email: request.values.email,
    message: request.values.message,
    form_page: request.meta.formPage,
    // A request's source counts in the day sums only (server/analytics); it is not kept with the person.
    source: null,
    medium: null,
    campaign: null,
    spam: request.meta.spam ?? null,
    address_key: keys[ord]!.key,
    earlier_key: keys[ord]!.earlierKey,
    id_stand_in: request.idStandIn,
    time_stand_in: request.timeStandIn,
    mails: request.mails.map((row) => ({
      kind: row.kind,
      recipient: row.recipient,
      person_email: row.personEmail,
      subject: row.subject,
      message: row.message,
      message_id: row.messageId,
    })),
    event_id: request.eventId,
    payload: request.payload,
  }));
  const { rows } = await db.query<StoredContactRequest & { ord: number }>(SUBMIT_CONTACTS, [
    JSON.stringify(input),
    FORM_MAIL_BOUND_HOURS,
  ]);
  const results: StoredContactRequest[] = new Array(requests.length);
  for (const { ord, id, held } of rows) results[ord] = held ? { id, held } : { id };
  return results;
}
