/**
 * The owners' inbox of contact requests: the overview figures, the list (newest first, keyset-paginated
 * so it stays fast at any size), one request with its answers, answering through the outbox (threaded
 * to the visitor's acknowledgement) and marking a request answered when it was answered elsewhere.
 */
import type { Db, Queryable } from "../db/types";
import type { OverviewFigures, RequestDetail, RequestPage } from "../../common/owner/responses";
import type { RequestFilter } from "../../common/owner/filters";
import type { MailContext } from "../mail/context";
import { enqueueMail } from "../mail/outbox";
import { audit } from "./audit-log";

export const REPLY_MAX_LENGTH = 5000;
export const REQUEST_PAGE_SIZE = 25;
export const CHART_DAYS = 30;

interface RequestRow {
  id: number;
  name: string;
  email: string;
  submitted_at: Date;
  answered_at: Date | null;
  overdue: boolean;
  spam?: string | null;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The largest id PostgreSQL's integer holds. */
const MAX_ID = 2_147_483_647;

/**
 * A cursor is the last row's time and id, exactly as `next` gives them; anything else is refused by the
 * route as bad input: a day that does not exist (2026-02-30), a year before 1970 or after 9999 (PostgreSQL
 * has no year 0), an id outside integer.
 */
export function parseCursor(value: unknown): { at: string; id: number } | undefined {
  if (typeof value !== "string") return undefined;
  const match = /^((\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_(\d{1,10})$/.exec(value);
  if (!match) return undefined;
  const [, at = "", year = "", digits = ""] = match;
  const time = new Date(at);
  if (Number(year) < 1970 || Number.isNaN(time.getTime()) || time.toISOString() !== at) return undefined;
  const id = Number(digits);
  return id >= 1 && id <= MAX_ID ? { at, id } : undefined;
}

export async function listRequests(
  db: Queryable,
  options: { filter: RequestFilter; search?: string; before?: { at: string; id: number }; replyWithinHours: number },
): Promise<RequestPage> {
  const search = options.search?.trim() ? `%${options.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const { rows } = await db.query<RequestRow>(
    `SELECT id, name, email, submitted_at, answered_at, spam,
            (answered_at IS NULL AND submitted_at <= now() - $6::integer * interval '1 hour') AS overdue
       FROM contact_requests
      WHERE ($1 = 'spam') = (spam IS NOT NULL)
        AND ($1 IN ('alle', 'spam') OR ($1 = 'offen') = (answered_at IS NULL))
        AND ($2::text IS NULL OR name ILIKE $2 OR email ILIKE $2)
        AND ($3::timestamptz IS NULL OR (submitted_at, id) < ($3::timestamptz, $4::integer))
      ORDER BY submitted_at DESC, id DESC
      LIMIT $5`,
    [
      options.filter,
      search,
      options.before?.at ?? null,
      options.before?.id ?? 0,
      REQUEST_PAGE_SIZE + 1,
      options.replyWithinHours,
    ],
  );
  const page = rows.slice(0, REQUEST_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    requests: page.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      submittedAt: iso(row.submitted_at)!,
      answeredAt: iso(row.answered_at),
      overdue: row.overdue,
      ...(row.spam ? { spam: row.spam } : {}),
    })),
    next: rows.length > REQUEST_PAGE_SIZE && last ? `${iso(last.submitted_at)}_${last.id}` : null,
  };
}

export async function getRequest(db: Queryable, id: number, replyWithinHours: number): Promise<RequestDetail | undefined> {
  const { rows } = await db.query<RequestRow & { message: string; form_page: string; answered_by: string | null }>(
    `SELECT id, name, email, message, form_page, submitted_at, answered_at, answered_by,
            (answered_at IS NULL AND submitted_at <= now() - $2::integer * interval '1 hour') AS overdue
       FROM contact_requests WHERE id = $1`,
    [id, replyWithinHours],
  );
  const row = rows[0];
  if (!row) return undefined;
  const replies = await db.query<{ owner_email: string; text: string; created_at: Date }>(
    "SELECT owner_email, text, created_at FROM contact_replies WHERE contact_request_id = $1 ORDER BY id",
    [id],
  );
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    formPage: row.form_page,
    submittedAt: iso(row.submitted_at)!,
    answeredAt: iso(row.answered_at),
    answeredBy: row.answered_by,
    overdue: row.overdue,
    replies: replies.rows.map((reply) => ({ owner: reply.owner_email, text: reply.text, createdAt: iso(reply.created_at)! })),
  };
}

const BERLIN_TIME = new Intl.DateTimeFormat("de-DE", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Berlin" });

/**
 * Sends the owner's answer to the visitor from the site's address, threaded to the acknowledgement the
 * visitor got, and marks the request answered, all in one transaction. Undefined: no such request.
 */
export async function replyToRequest(
  db: Db,
  context: MailContext,
  options: { id: number; owner: string; text: string },
): Promise<"sent" | "missing" | "undeliverable"> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number; name: string; email: string; message: string; submitted_at: Date }>(
      "SELECT id, name, email, message, submitted_at FROM contact_requests WHERE id = $1 FOR UPDATE",
      [options.id],
    );
    const request = rows[0];
    if (!request) return "missing";
    const acknowledgement = await tx.query<{ subject: string; message_id: string | null }>(
      `SELECT subject, message_id FROM mail_outbox
        WHERE contact_request_id = $1 AND kind = 'contact-acknowledgment' ORDER BY id LIMIT 1`,
      [request.id],
    );
    const original = acknowledgement.rows[0];
    const queued = await enqueueMail(tx, context, {
      kind: "contact-reply",
      to: { name: request.name, address: request.email },
      personEmail: request.email,
      contactRequestId: request.id,
      ...(original?.message_id ? { inReplyTo: original.message_id } : {}),
      values: {
        name: request.name,
        reply: options.text,
        message: request.message,
        originalSubject: original?.subject ?? `Deine Nachricht an ${context.site.brand}`,
        submittedAt: `${BERLIN_TIME.format(new Date(request.submitted_at))} Uhr`,
      },
    });
    if (!queued) return "undeliverable";
    await tx.query("INSERT INTO contact_replies (contact_request_id, owner_email, text) VALUES ($1, $2, $3)", [
      request.id,
      options.owner,
      options.text,
    ]);
    await markAnsweredIn(tx, request.id, options.owner);
    await audit(tx, options.owner, "reply", `Anfrage #${request.id}`);
    return "sent";
  });
}

async function markAnsweredIn(tx: Queryable, id: number, owner: string): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE contact_requests SET answered_at = coalesce(answered_at, now()), answered_by = coalesce(answered_by, $2)
      WHERE id = $1 RETURNING id`,
    [id, owner],
  );
  return rows.length > 0;
}

/** "Als beantwortet markieren": answered elsewhere (phone, own mail program). */
export async function markAnswered(db: Db, id: number, owner: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await markAnsweredIn(tx, id, owner))) return false;
    await audit(tx, owner, "marked-answered", `Anfrage #${id}`);
    return true;
  });
}

export async function overview(db: Queryable, replyWithinHours: number): Promise<OverviewFigures> {
  const requests = await db.query<{ open: number; overdue: number; oldest: Date | null }>(
    `SELECT count(*)::integer AS open,
            count(*) FILTER (WHERE submitted_at <= now() - $1::integer * interval '1 hour')::integer AS overdue,
            min(submitted_at) AS oldest
       FROM contact_requests WHERE answered_at IS NULL AND spam IS NULL`,
    [replyWithinHours],
  );
  const leads = await db.query<{ status: "pending" | "confirmed" | "unsubscribed"; count: number }>(
    "SELECT status, count(*)::integer AS count FROM leads WHERE spam IS NULL GROUP BY status",
  );
  const rate = await db.query<{ total: number; confirmed: number }>(
    `SELECT count(*)::integer AS total, count(c.confirmed_at)::integer AS confirmed
       FROM lead_consents c JOIN leads l ON l.id = c.lead_id WHERE l.spam IS NULL`,
  );
  const days = await db.query<{ day: string; leads: number; requests: number }>(
    `WITH days AS (
       SELECT to_char(d, 'YYYY-MM-DD') AS day
         FROM generate_series((now() AT TIME ZONE 'Europe/Berlin')::date - ($1::integer - 1), (now() AT TIME ZONE 'Europe/Berlin')::date, interval '1 day') AS d),
     l AS (SELECT to_char(submitted_at AT TIME ZONE 'Europe/Berlin', 'YYYY-MM-DD') AS day, count(*)::integer AS n
             FROM lead_consents
            WHERE submitted_at > now() - ($1::integer + 1) * interval '1 day'
              AND lead_id NOT IN (SELECT id FROM leads WHERE spam IS NOT NULL) GROUP BY 1),
     r AS (SELECT to_char(submitted_at AT TIME ZONE 'Europe/Berlin', 'YYYY-MM-DD') AS day, count(*)::integer AS n
             FROM contact_requests WHERE submitted_at > now() - ($1::integer + 1) * interval '1 day' AND spam IS NULL GROUP BY 1)
     SELECT days.day, coalesce(l.n, 0) AS leads, coalesce(r.n, 0) AS requests
       FROM days LEFT JOIN l ON l.day = days.day LEFT JOIN r ON r.day = days.day
      ORDER BY days.day`,
    [CHART_DAYS],
  );
  const counts = { pending: 0, confirmed: 0, unsubscribed: 0 };
  for (const row of leads.rows) counts[row.status] = row.count;
  const { total, confirmed } = rate.rows[0] ?? { total: 0, confirmed: 0 };
  const open = requests.rows[0];
  return {
    openRequests: open?.open ?? 0,
    overdueRequests: open?.overdue ?? 0,
    oldestOpenAt: iso(open?.oldest ?? null),
    leads: counts,
    confirmationRate: total > 0 ? confirmed / total : null,
    days: days.rows.map((row) => ({ date: row.day, leads: row.leads, requests: row.requests })),
  };
}

export type { RequestDetail, RequestPage };

/**
 * Erases every request marked as spam and every sign-up marked so that was never confirmed, with their mails
 * (an acknowledgment held by the brake goes with its request). Returns how many of each went.
 */
export async function eraseSpam(db: Db, owner: string): Promise<{ requests: number; leads: number }> {
  return db.transaction(async (tx) => {
    const requests = await tx.query("DELETE FROM contact_requests WHERE spam IS NOT NULL RETURNING id");
    const leads = await tx.query("DELETE FROM leads WHERE spam IS NOT NULL AND status = 'pending' RETURNING id");
    const erased = { requests: requests.rows.length, leads: leads.rows.length };
    await audit(tx, owner, "spam-erased", `${erased.requests} Anfragen, ${erased.leads} Anmeldungen`);
    return erased;
  });
}
