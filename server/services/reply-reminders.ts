/**
 * The 24-hour promise, watched: a contact request still open `replyReminderHours` after it arrived gets
 * the owners one reminder mail with a link to it. `reminded_at` makes it one, also with several
 * instances (SKIP LOCKED) and across restarts.
 */
import type { Db } from "../db/types";
import type { MailContext } from "../mail/context";
import { link } from "../mail/context";
import { enqueueMail } from "../mail/outbox";

import { ownerRequestPath } from "../../common/routes";

export async function queueReplyReminders(db: Db, context: MailContext, ownerEmails: readonly string[]): Promise<number> {
  if (ownerEmails.length === 0) return 0;
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number; name: string; email: string }>(
      `UPDATE contact_requests SET reminded_at = now()
        WHERE id IN (
          SELECT id FROM contact_requests
           WHERE answered_at IS NULL AND reminded_at IS NULL AND spam IS NULL
             AND submitted_at <= now() - $1::integer * interval '1 hour'
           ORDER BY submitted_at
           LIMIT 100
           FOR UPDATE SKIP LOCKED)
        RETURNING id, name, email`,
      [context.site.replyReminderHours],
    );
    for (const request of rows) {
      for (const owner of ownerEmails) {
        await enqueueMail(tx, context, {
          kind: "owner-reminder",
          to: { address: owner },
          personEmail: request.email,
          contactRequestId: request.id,
          values: {
            name: request.name,
            requestUrl: link(context, ownerRequestPath(request.id)),
            reminderHours: String(context.site.replyReminderHours),
          },
        });
      }
    }
    return rows.length;
  });
}
