/**
 * The owners' view of leads: newest first, keyset-paginated, each with its full proof of consent; and
 * the export of confirmed leads as CSV for the owner's records (docs/owner-area.md).
 */
import type { Queryable } from "../db/types";
import type { LeadPage } from "../../common/owner/responses";
import type { LeadFilter } from "../../common/owner/filters";
import type { LeadStatus } from "./leads";

export const LEAD_PAGE_SIZE = 25;

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

export async function listLeads(db: Queryable, options: { filter: LeadFilter; beforeId?: number }): Promise<LeadPage> {
  const { rows } = await db.query<{
    id: number;
    email: string;
    name: string | null;
    status: LeadStatus;
    submitted_at: Date | null;
    confirmed_at: Date | null;
    unsubscribed_at: Date | null;
    undeliverable_at: Date | null;
    spam: string | null;
    consents: Record<string, string | null>[] | string | null;
  }>(
    `SELECT l.id, l.email, l.name, l.status, l.submitted_at, l.confirmed_at, l.unsubscribed_at, l.undeliverable_at, l.spam,
            (SELECT json_agg(json_build_object(
                      'formPage', c.form_page, 'submittedAt', c.submitted_at,
                      'consentTextVersion', c.consent_text_version, 'privacyVersion', c.privacy_version,
                      'confirmedAt', c.confirmed_at, 'unsubscribedAt', c.unsubscribed_at) ORDER BY c.id)
               FROM lead_consents c WHERE c.lead_id = l.id) AS consents
       FROM leads l
      WHERE ($1 = 'alle' OR l.status = $1) AND ($2::integer IS NULL OR l.id < $2)
      ORDER BY l.id DESC LIMIT $3`,
    [options.filter, options.beforeId ?? null, LEAD_PAGE_SIZE + 1],
  );
  const page = rows.slice(0, LEAD_PAGE_SIZE);
  return {
    leads: page.map((row) => {
      const consents = typeof row.consents === "string" ? JSON.parse(row.consents) : (row.consents ?? []);
      return {
        id: row.id,
        email: row.email,
        name: row.name,
        status: row.status,
        submittedAt: iso(row.submitted_at),
        confirmedAt: iso(row.confirmed_at),
        unsubscribedAt: iso(row.unsubscribed_at),
        undeliverableAt: iso(row.undeliverable_at),
        ...(row.spam ? { spam: row.spam } : {}),
        consents: (consents as Record<string, string | null>[]).map((c) => ({
          formPage: c.formPage ?? "",
          submittedAt: iso(c.submittedAt)!,
          consentTextVersion: c.consentTextVersion ?? "",
          privacyVersion: c.privacyVersion ?? "",
          confirmedAt: iso(c.confirmedAt),
          unsubscribedAt: iso(c.unsubscribedAt),
        })),
      };
    }),
    next: rows.length > LEAD_PAGE_SIZE ? (page[page.length - 1]?.id ?? null) : null,
  };
}

/**
 * Columns of the newsletter export, in this order. Plain ASCII names that the three tools map on import
 * (Mailchimp and Brevo recognise `email` by themselves); the name is also split into first and last name.
 */
export const NEWSLETTER_COLUMNS = [
  "email",
  "firstname",
  "lastname",
  "name",
  "opt_in_time",
  "opt_in_page",
  "consent_version",
  "privacy_version",
] as const;

/** RFC 4180 with commas, UTF-8 without BOM; a cell that a spreadsheet would run as a formula is defused. */
function cell(value: string | null): string {
  if (value === null) return "";
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function splitName(name: string): { first: string; last: string } {
  const trimmed = name.trim().replace(/\s+/g, " ");
  const space = trimmed.lastIndexOf(" ");
  return space === -1 ? { first: trimmed, last: "" } : { first: trimmed.slice(0, space), last: trimmed.slice(space + 1) };
}

/** Rows per query of the export: memory stays the same whether 100 or 100,000 leads are confirmed. */
export const CSV_PAGE_ROWS = 1000;

interface ExportRow {
  id: number;
  /** confirmed_at as PostgreSQL writes it, to the microsecond: the keyset cursor (a Date keeps milliseconds). */
  cursor: string;
  email: string;
  name: string;
  confirmed_at: Date;
  form_page: string;
  consent_text_version: string;
  privacy_version: string;
}

const EXPORT_PAGE = `
SELECT id, confirmed_at::text AS cursor, email, name, confirmed_at, form_page, consent_text_version, privacy_version
  FROM leads
 WHERE status = 'confirmed' AND ($1::timestamptz IS NULL OR (confirmed_at, id) > ($1::timestamptz, $2::integer))
 ORDER BY confirmed_at, id
 LIMIT $3`;

/**
 * The export of confirmed leads as CSV text in pieces: the header row, then one piece per CSV_PAGE_ROWS
 * leads, oldest confirmation first, read page by page along the (confirmed_at, id) index. `counted` hears
 * how many leads each piece holds.
 */
export async function* confirmedLeadsCsv(
  db: Queryable,
  counted: (leads: number) => void = () => undefined,
  pageRows = CSV_PAGE_ROWS,
): AsyncGenerator<string> {
  yield `${NEWSLETTER_COLUMNS.join(",")}\r\n`;
  let after: ExportRow | undefined;
  for (;;) {
    const { rows } = await db.query<ExportRow>(EXPORT_PAGE, [after?.cursor ?? null, after?.id ?? null, pageRows]);
    if (rows.length === 0) return;
    counted(rows.length);
    yield rows
      .map((row) => {
        const { first, last } = splitName(row.name);
        const cells = [
          row.email,
          first,
          last,
          row.name,
          iso(row.confirmed_at),
          row.form_page,
          row.consent_text_version,
          row.privacy_version,
        ];
        return `${cells.map(cell).join(",")}\r\n`;
      })
      .join("");
    if (rows.length < pageRows) return;
    after = rows[rows.length - 1];
  }
}
