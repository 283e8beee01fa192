/**
 * Writing the counts and reading the figures. A write adds a batch to the tables in one statement per
 * table (an upsert adding the counts), so instances writing side by side add up. The funnel joins the
 * counted views and form posts with the leads table: confirmed, and still subscribed 30 days after
 * confirming.
 */
import type { Queryable } from "../db/types";
import type { CountBatch } from "./counter";
import { KEPT_AFTER_DAYS, type FunnelRow, type VisitStats } from "../../common/visit-stats";
import { UNKNOWN } from "./source";

const WRITE_PAGES = `
INSERT INTO visit_pages AS v (day, route, device, views, in_site, leads, contacts)
SELECT day::date, route, device, views, "inSite", leads, contacts
  FROM json_to_recordset($1::json) AS i(
    day text, route text, device text, views bigint, "inSite" bigint, leads integer, contacts integer)
 ORDER BY 1, 2, 3
ON CONFLICT (day, route, device) DO UPDATE SET
  views = v.views + EXCLUDED.views, in_site = v.in_site + EXCLUDED.in_site, leads = v.leads + EXCLUDED.leads,
  contacts = v.contacts + EXCLUDED.contacts`;

const WRITE_SOURCES = `
INSERT INTO visit_sources AS v (day, source, medium, campaign, visits, leads, contacts)
SELECT day::date, source, medium, campaign, visits, leads, contacts
  FROM json_to_recordset($1::json) AS i(
    day text, source text, medium text, campaign text, visits bigint, leads integer, contacts integer)
 ORDER BY 1, 2, 3, 4
ON CONFLICT (day, source, medium, campaign) DO UPDATE SET
  visits = v.visits + EXCLUDED.visits, leads = v.leads + EXCLUDED.leads, contacts = v.contacts + EXCLUDED.contacts`;

/** Adds a batch of counts to the tables (rows in key order, so two instances never deadlock). */
export async function writeCounts(db: Queryable, batch: CountBatch): Promise<void> {
  if (batch.pages.length > 0) await db.query(WRITE_PAGES, [JSON.stringify(batch.pages)]);
  if (batch.sources.length > 0) await db.query(WRITE_SOURCES, [JSON.stringify(batch.sources)]);
}

/** Deletes counts of days older than `days` (retention.visitStatsDays). */
export async function purgeVisitStats(db: Queryable, days: number): Promise<number> {
  const cutoff = [days];
  const pages = await db.query(`DELETE FROM visit_pages WHERE day < current_date - $1::integer RETURNING day`, cutoff);
  const sources = await db.query(`DELETE FROM visit_sources WHERE day < current_date - $1::integer RETURNING day`, cutoff);
  return pages.rows.length + sources.rows.length;
}

/** The first day of a period of $1 days ending on $2 (today in the site's time zone). */
const PERIOD = "($2::date - ($1::integer - 1))";
/** A lead's day of confirmation in the site's time zone ($3). */
const CONFIRMED_DAY = "(confirmed_at AT TIME ZONE $3)::date";

const num = (value: unknown): number => Number(value ?? 0);

/** Leads confirmed in the period, grouped by `group`: confirmed, and of those confirmed long ago, still subscribed. */
const confirmedBy = (select: string, group: string) => `
  SELECT ${select}, count(*) AS confirmed,
         count(*) FILTER (WHERE confirmed_at < now() - $4::integer * interval '1 day') AS confirmed_long_ago,
         count(*) FILTER (WHERE confirmed_at < now() - $4::integer * interval '1 day' AND status = 'confirmed') AS still_subscribed
    FROM leads WHERE ${CONFIRMED_DAY} BETWEEN ${PERIOD} AND $2::date GROUP BY ${group}`;

/**
 * Every figure of the owner's statistics for the last `days` days up to `today` (YYYY-MM-DD in
 * `timeZone`, the days the counts are kept by).
 */
export async function readVisitStats(db: Queryable, days: number, today: string, timeZone: string): Promise<VisitStats> {
  const params = [days, today, timeZone, KEPT_AFTER_DAYS];
  const inPeriod = `day BETWEEN ${PERIOD} AND $2::date`;
  const perDay = await db.query<Record<string, unknown>>(
    `WITH d AS (SELECT generate_series(${PERIOD}, $2::date, interval '1 day')::date AS day),
          p AS (SELECT day, sum(views) AS views, sum(leads) AS leads, sum(contacts) AS contacts
                  FROM visit_pages WHERE ${inPeriod} GROUP BY day),
          s AS (SELECT day, sum(visits) AS visits FROM visit_sources WHERE ${inPeriod} GROUP BY day),
          c AS (SELECT ${CONFIRMED_DAY} AS day, count(*) AS confirmed FROM leads
                 WHERE ${CONFIRMED_DAY} BETWEEN ${PERIOD} AND $2::date GROUP BY 1)
     SELECT to_char(d.day, 'YYYY-MM-DD') AS day, p.views, s.visits, p.leads, p.contacts, c.confirmed
       FROM d LEFT JOIN p USING (day) LEFT JOIN s USING (day) LEFT JOIN c USING (day) ORDER BY d.day`,
    [days, today, timeZone],
  );
  const routes = await db.query<Record<string, unknown>>(
    `WITH counted AS (SELECT route, sum(views) AS views, sum(in_site) AS in_site, sum(leads) AS leads, sum(contacts) AS contacts
                        FROM visit_pages WHERE ${inPeriod} GROUP BY route),
          confirmed AS (${confirmedBy("form_page", "form_page")})
     SELECT coalesce(counted.route, confirmed.form_page) AS route, counted.views, counted.in_site, counted.leads, counted.contacts,
            confirmed.confirmed, confirmed.confirmed_long_ago, confirmed.still_subscribed
       FROM counted FULL JOIN confirmed ON confirmed.form_page = counted.route
      ORDER BY counted.views DESC NULLS LAST, 1`,
    params,
  );
  const sourceColumns = `coalesce(source, '${UNKNOWN}') AS source, coalesce(medium, '') AS medium, coalesce(campaign, '') AS campaign`;
  const sources = await db.query<Record<string, unknown>>(
    `WITH counted AS (SELECT source, medium, campaign, sum(visits) AS views, sum(leads) AS leads, sum(contacts) AS contacts
                        FROM visit_sources WHERE ${inPeriod} GROUP BY source, medium, campaign),
          confirmed AS (${confirmedBy(sourceColumns, "1, 2, 3")})
     SELECT source, medium, campaign, counted.views, counted.leads, counted.contacts,
            confirmed.confirmed, confirmed.confirmed_long_ago, confirmed.still_subscribed
       FROM counted FULL JOIN confirmed USING (source, medium, campaign)
      ORDER BY counted.views DESC NULLS LAST, 1, 2, 3`,
    params,
  );
  const devices = await db.query<Record<string, unknown>>(
    `SELECT device, sum(views) AS views FROM visit_pages WHERE ${inPeriod} GROUP BY device ORDER BY 2 DESC, 1`,
    [days, today],
  );
  const funnel = (row: Record<string, unknown>): FunnelRow => ({
    views: num(row.views),
    leads: num(row.leads),
    contacts: num(row.contacts),
    confirmed: num(row.confirmed),
    confirmedLongAgo: num(row.confirmed_long_ago),
    stillSubscribed: num(row.still_subscribed),
  });
  return {
    days,
    from: perDay.rows[0]?.day as string,
    to: today,
    perDay: perDay.rows.map((row) => ({
      day: String(row.day),
      views: num(row.views),
      visits: num(row.visits),
      leads: num(row.leads),
      contacts: num(row.contacts),
      confirmed: num(row.confirmed),
    })),
    routes: routes.rows.map((row) => ({ route: String(row.route), ...funnel(row), inSite: num(row.in_site) })),
    sources: sources.rows.map((row) => ({
      source: String(row.source),
      medium: String(row.medium),
      campaign: String(row.campaign),
      ...funnel(row),
    })),
    devices: devices.rows.map((row) => ({ device: String(row.device), views: num(row.views) })),
  };
}
