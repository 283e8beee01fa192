/**
 * Sending a newsletter. When its time has come, one transaction computes the recipients (confirmed, not
 * unsubscribed, not undeliverable, 7-day plan over, still under their monthly limit), queues one mail_outbox
 * row each and marks the newsletter `sending`. A person's monthly limit is the lower of the one in force
 * (`consent.newslettersPerMonth`) and the one their consent text showed (lead_consents): raising the limit
 * raises it for new sign-ups only. Whoever has reached theirs is left out and counted (`skipped_at_limit`). The unique index on (newsletter_id, lead_id)
 * and the row lock on the newsletter make this happen once, also when an instance dies mid-way (the
 * transaction is rolled back) or several instances share PostgreSQL.
 *
 * A row holds no composed mail but a slot (recipient, unsubscribe token, Message-ID): the worker composes
 * the mail when it sends it, so 10,000 recipients cost 10,000 small rows, not 10,000 copies of the text.
 * Unsubscribing cancels the person's waiting row, erasing deletes it, as with every other mail.
 */
import { randomUUID } from "node:crypto";
import type { Db, Queryable } from "../db/types";
import { tokenLink, type MailContext } from "../mail/context";
import { displayName, isDeliverableAddress } from "../../common/mail/headers";
import { unsubscribeHeaders, type StoredMessage } from "../mail/outbox";
import { newToken } from "../services/link-tokens";
import { queueNewsletterSent } from "../webhooks/events";
import { API_PATHS } from "../../common/routes";
import { COUNTED_ROWS, NEWSLETTER_GAP_DAYS, NEWSLETTER_LOCK } from "./limit";
import { monthOf } from "./month";
import { FIGURES_SQL, limitSettings, type NewsletterFigures } from "./newsletters";
import { renderNewsletter, type NewsletterText } from "./render";
import type { NewsletterSlot } from "./slot";

const CHUNK = 2_000;

const at = (clock: MailContext["clock"]) => clock?.().toISOString() ?? null;

/**
 * Starts every newsletter whose time has come, one transaction each. Returns the ids started and how many
 * rows each got.
 */
export async function startDueNewsletters(db: Db, context: MailContext): Promise<{ id: number; recipients: number }[]> {
  const started: { id: number; recipients: number }[] = [];
  for (;;) {
    const one = await db.transaction(async (tx) => {
      await tx.query(NEWSLETTER_LOCK);
      const { rows } = await tx.query<{ id: number; subject: string; send_at: Date | string }>(
        `SELECT id, subject, send_at FROM newsletters
          WHERE status = 'scheduled' AND send_at <= coalesce($1::timestamptz, now())
          ORDER BY send_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [at(context.clock)],
      );
      const newsletter = rows[0];
      if (!newsletter) return undefined;
      const { recipients, skipped } = await queueRecipients(
        tx,
        context,
        newsletter.id,
        newsletter.subject,
        new Date(newsletter.send_at),
      );
      await tx.query(
        "UPDATE newsletters SET status = 'sending', started_at = coalesce($2::timestamptz, now()), skipped_at_limit = $3 WHERE id = $1",
        [newsletter.id, at(context.clock), skipped],
      );
      return { id: newsletter.id, recipients };
    });
    if (!one) return started;
    started.push(one);
  }
}

/** The monthly limit of lead `l`: the lower of the one in force ($3) and the one its current consent showed. */
const PERSONAL_LIMIT = `LEAST($3::integer, coalesce(
    (SELECT c.newsletters_per_month FROM lead_consents c
      WHERE c.lead_id = l.id AND c.confirmed_at IS NOT NULL AND c.unsubscribed_at IS NULL
      ORDER BY c.id DESC LIMIT 1), $3::integer))`;

async function queueRecipients(
  tx: Queryable,
  context: MailContext,
  id: number,
  subject: string,
  sendAt: Date,
): Promise<{ recipients: number; skipped: number }> {
  const { perMonth, timeZone } = limitSettings(context);
  const month = monthOf(sendAt, timeZone);
  const planDays = context.plan.days.length;
  const { rows: candidates } = await tx.query<{ id: number; email: string; name: string; at_limit: boolean }>(
    `SELECT l.id, l.email, l.name,
            (SELECT count(*) FROM mail_outbox m WHERE m.lead_id = l.id AND m.newsletter_id <> $6 AND ${COUNTED_ROWS})
              >= ${PERSONAL_LIMIT} AS at_limit
       FROM leads l
      WHERE l.status = 'confirmed' AND l.undeliverable_at IS NULL
        AND l.confirmed_at <= $4::timestamptz - $5::integer * interval '1 day'
        AND NOT EXISTS (SELECT 1 FROM mail_outbox p
                         WHERE p.lead_id = l.id AND p.kind IN ('lead-plan-day', 'lead-plan-final') AND p.status = 'pending')
        -- The least gap between two newsletters, also for one that was started while another waited.
        AND NOT EXISTS (SELECT 1 FROM mail_outbox g
                         WHERE g.lead_id = l.id AND g.newsletter_id IS NOT NULL AND g.newsletter_id <> $6
                           AND g.status IN ('pending', 'sent')
                           AND g.due_at > $4::timestamptz - ${NEWSLETTER_GAP_DAYS} * interval '1 day')
      ORDER BY l.id`,
    [month.start.toISOString(), month.end.toISOString(), perMonth, sendAt.toISOString(), planDays, id],
  );
  const deliverable = candidates.filter((row) => isDeliverableAddress(row.email));
  const recipients = deliverable.filter((row) => !row.at_limit);
  const domain = context.site.mailFrom.address.split("@")[1];
  let queued = 0;
  for (let i = 0; i < recipients.length; i += CHUNK) {
    const chunk = recipients.slice(i, i + CHUNK);
    const tokens = chunk.map(() => newToken());
    const slots = chunk.map((lead, index): NewsletterSlot => ({
      newsletter: id,
      to: { name: lead.name, address: lead.email },
      token: tokens[index]!.token,
      messageId: `<${randomUUID()}@${domain}>`,
    }));
    await tx.query(
      `INSERT INTO lead_tokens (token_hash, lead_id, purpose, newsletter_id)
       SELECT hash, lead_id, 'unsubscribe', $3 FROM unnest($1::text[], $2::integer[]) AS t (hash, lead_id)`,
      [tokens.map((token) => token.hash), chunk.map((lead) => lead.id), id],
    );
    const { rows: inserted } = await tx.query(
      `INSERT INTO mail_outbox (kind, recipient, person_email, lead_id, subject, message, message_id, due_at, next_attempt_at,
                                newsletter_id)
       SELECT 'newsletter', email, email, lead_id, $4, message::jsonb, message_id, $5::timestamptz, now(), $6
         FROM unnest($1::text[], $2::integer[], $3::text[], $7::text[]) AS r (email, lead_id, message, message_id)
       ON CONFLICT (newsletter_id, lead_id) WHERE newsletter_id IS NOT NULL DO NOTHING
       RETURNING id`,
      [
        chunk.map((lead) => lead.email),
        chunk.map((lead) => lead.id),
        slots.map((slot) => JSON.stringify(slot)),
        subject,
        sendAt.toISOString(),
        id,
        slots.map((slot) => slot.messageId),
      ],
    );
    queued += inserted.length;
  }
  return { recipients: queued, skipped: deliverable.length - recipients.length };
}

/** How many people each newsletter left out at their monthly limit (by id; only those that left someone out). */
export async function skippedAtLimit(db: Queryable): Promise<Map<number, number>> {
  const { rows } = await db.query<{ id: number; skipped_at_limit: number }>(
    "SELECT id, skipped_at_limit FROM newsletters WHERE skipped_at_limit > 0",
  );
  return new Map(rows.map((row) => [row.id, row.skipped_at_limit]));
}

/**
 * Newsletters whose rows have all been sent, cancelled or given up become `sent`, each with the webhook
 * `newsletter.sent` carrying its figures, in the same transaction.
 */
export async function finishNewsletters(db: Db, context: MailContext): Promise<number[]> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number; subject: string; finished_at: Date | string }>(
      `UPDATE newsletters n SET status = 'sent', finished_at = coalesce($1::timestamptz, now())
        WHERE n.status = 'sending'
          AND NOT EXISTS (SELECT 1 FROM mail_outbox m WHERE m.newsletter_id = n.id AND m.status = 'pending')
        RETURNING id, subject, finished_at`,
      [at(context.clock)],
    );
    for (const row of rows) {
      const figures = await tx.query<NewsletterFigures>(`SELECT ${FIGURES_SQL} FROM mail_outbox m WHERE m.newsletter_id = $1`, [
        row.id,
      ]);
      await queueNewsletterSent(tx, {
        id: row.id,
        subject: row.subject,
        finishedAt: new Date(row.finished_at),
        figures: figures.rows[0]!,
      });
    }
    return rows.map((row) => row.id);
  });
}

/** The mail of one newsletter row, composed as the worker sends it; the same every attempt. */
export function composeNewsletterMail(
  context: MailContext,
  newsletter: NewsletterText,
  slot: NewsletterSlot,
  unsubscribeUrl = tokenLink(context, API_PATHS.unsubscribe, slot.token),
): StoredMessage {
  const rendered = renderNewsletter(context, newsletter, { name: slot.to.name, unsubscribeUrl });
  return {
    from: context.site.mailFrom.name
      ? { name: context.site.mailFrom.name, address: context.site.mailFrom.address }
      : { address: context.site.mailFrom.address },
    to: slot.to.name ? { name: displayName(slot.to.name), address: slot.to.address } : { address: slot.to.address },
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    messageId: slot.messageId,
    headers: unsubscribeHeaders(context, unsubscribeUrl),
  };
}

/** A newsletter's text for the worker, read once per newsletter while it is being sent. */
export function newsletterTexts(db: Queryable): (id: number) => Promise<NewsletterText | undefined> {
  const cache = new Map<number, Promise<NewsletterText | undefined>>();
  return (id) => {
    let text = cache.get(id);
    if (!text) {
      text = db
        .query<NewsletterText>("SELECT subject, preheader, body FROM newsletters WHERE id = $1", [id])
        .then(({ rows }) => rows[0]);
      if (cache.size >= 8) cache.clear();
      cache.set(id, text);
      text.catch(() => cache.delete(id));
    }
    return text;
  };
}
