/** Storing a message of the contact form: one transaction, acknowledged only once committed. */
import type { ContactValues } from "../../src/forms/schemas";
import type { Db, Queryable } from "../db";
import type { SubmissionMeta } from "./submission";

export interface StoredContactRequest {
  id: number;
}

export async function submitContact(db: Db, values: ContactValues, meta: SubmissionMeta): Promise<StoredContactRequest> {
  return db.transaction(async (tx) => {
    const request = await saveContactRequest(tx, values, meta);
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
