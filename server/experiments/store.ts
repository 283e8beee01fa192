/**
 * Writing an experiment's counts and reading its figures: views, sign-ups and contact requests from
 * experiment_counts, confirmed sign-ups (the double opt-in, the goal) from experiment_leads joined with leads.
 */
import type { Queryable } from "../db/types";
import type { ExperimentCount } from "./counter";

const WRITE_COUNTS = `
INSERT INTO experiment_counts AS c (day, experiment, variant, views, leads, contacts)
SELECT day::date, experiment, variant, views, leads, contacts
  FROM json_to_recordset($1::json) AS i(day text, experiment text, variant text, views bigint, leads integer, contacts integer)
 ORDER BY 1, 2, 3
ON CONFLICT (day, experiment, variant) DO UPDATE SET
  views = c.views + EXCLUDED.views, leads = c.leads + EXCLUDED.leads, contacts = c.contacts + EXCLUDED.contacts`;

export async function writeExperimentCounts(db: Queryable, batch: readonly ExperimentCount[]): Promise<void> {
  if (batch.length > 0) await db.query(WRITE_COUNTS, [JSON.stringify(batch)]);
}

/** The sign-up `leadId` came from `variant`: its confirmation counts for it (the latest sign-up's variant wins). */
export async function recordExperimentLead(db: Queryable, leadId: number, experiment: string, variant: string): Promise<void> {
  await db.query(
    `INSERT INTO experiment_leads (lead_id, experiment, variant) VALUES ($1, $2, $3)
     ON CONFLICT (lead_id) DO UPDATE SET experiment = EXCLUDED.experiment, variant = EXCLUDED.variant, signed_up_at = now()`,
    [leadId, experiment, variant],
  );
}

export interface VariantFigures {
  variant: string;
  views: number;
  leads: number;
  confirmed: number;
  contacts: number;
}

/** Each variant's figures of `experiment` (every variant in `variants`, also one without a view yet). */
export async function readVariantFigures(
  db: Queryable,
  experiment: string,
  variants: readonly string[],
): Promise<VariantFigures[]> {
  const counted = await db.query<{ variant: string; views: string; leads: string; contacts: string }>(
    `SELECT variant, sum(views) AS views, sum(leads) AS leads, sum(contacts) AS contacts
       FROM experiment_counts WHERE experiment = $1 GROUP BY variant`,
    [experiment],
  );
  const confirmed = await db.query<{ variant: string; confirmed: string }>(
    `SELECT e.variant, count(*) AS confirmed FROM experiment_leads e JOIN leads l ON l.id = e.lead_id
      WHERE e.experiment = $1 AND l.confirmed_at IS NOT NULL AND l.confirmed_at >= e.signed_up_at GROUP BY e.variant`,
    [experiment],
  );
  return variants.map((variant) => {
    const row = counted.rows.find((r) => r.variant === variant);
    return {
      variant,
      views: Number(row?.views ?? 0),
      leads: Number(row?.leads ?? 0),
      contacts: Number(row?.contacts ?? 0),
      confirmed: Number(confirmed.rows.find((r) => r.variant === variant)?.confirmed ?? 0),
    };
  });
}

/**
 * What an experiment keeps lasts no longer than the visit statistics: its daily sums as long as those, a
 * sign-up's variant as long as its visit's source (`leadSourceDays` after confirming), and with the lead.
 */
export async function purgeExperimentRecords(db: Queryable, periods: { visitStatsDays: number; leadSourceDays: number }) {
  await db.query("DELETE FROM experiment_counts WHERE day < current_date - $1::integer", [periods.visitStatsDays]);
  await db.query(
    `DELETE FROM experiment_leads e USING leads l
      WHERE l.id = e.lead_id AND l.confirmed_at < now() - $1::integer * interval '1 day'`,
    [periods.leadSourceDays],
  );
}
