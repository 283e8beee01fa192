/**
 * Planned changes in „Inhalte“ (content_schedule): publish a change at a time, and take it back at a later
 * one. The rows survive a restart; the content routes' runner (routes/owner/content.ts) takes each due row
 * once (claimDue marks it as running, so two instances never run the same row), checks and commits it, and
 * records what became of it.
 */
import type { Queryable } from "../db/types";
import type { ScheduledChange } from "../../common/owner/responses";

export type ScheduleState = ScheduledChange["state"];

interface Row {
  id: number;
  file: string;
  action: "publish" | "withdraw";
  data: string;
  base_commit: string;
  message: string;
  role: "editor" | "owner";
  planned_by: string;
  due_at: Date;
  withdraw_at: Date | null;
  state: ScheduleState;
  outcome: string | null;
  commit_hash: string | null;
  created_at: Date;
  done_at: Date | null;
}

export interface Planned {
  id: string;
  file: string;
  action: "publish" | "withdraw";
  data: unknown;
  baseCommit: string;
  message: string;
  role: "editor" | "owner";
  plannedBy: string;
  dueAt: string;
  withdrawAt: string | null;
  state: ScheduleState;
  outcome: string | null;
  commit: string | null;
  createdAt: string;
  doneAt: string | null;
}

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());
const plannedOf = (row: Row): Planned => ({
  id: String(row.id),
  file: row.file,
  action: row.action,
  data: JSON.parse(row.data) as unknown,
  baseCommit: row.base_commit,
  message: row.message,
  role: row.role,
  plannedBy: row.planned_by,
  dueAt: iso(row.due_at)!,
  withdrawAt: iso(row.withdraw_at),
  state: row.state,
  outcome: row.outcome,
  commit: row.commit_hash,
  createdAt: iso(row.created_at)!,
  doneAt: iso(row.done_at),
});

/** What a screen shows of a planned change: everything but the data. */
export const shownOf = ({ data: _data, baseCommit: _base, ...shown }: Planned): ScheduledChange => shown;

export async function plan(
  db: Queryable,
  change: Pick<Planned, "file" | "action" | "data" | "baseCommit" | "message" | "role" | "plannedBy"> & {
    dueAt: Date;
    withdrawAt?: Date;
  },
): Promise<Planned> {
  const { rows } = await db.query<Row>(
    `INSERT INTO content_schedule (file, action, data, base_commit, message, role, planned_by, due_at, withdraw_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
    [
      change.file,
      change.action,
      JSON.stringify(change.data),
      change.baseCommit,
      change.message,
      change.role,
      change.plannedBy,
      change.dueAt,
      change.withdrawAt ?? null,
    ],
  );
  return plannedOf(rows[0]!);
}

/** A file's planned changes still to come, and those done or failed in the last 30 days, the newest first. */
export async function scheduleOf(db: Queryable, file: string): Promise<Planned[]> {
  const { rows } = await db.query<Row>(
    `SELECT * FROM content_schedule
      WHERE file = $1 AND (state IN ('geplant', 'laeuft') OR coalesce(done_at, created_at) > now() - interval '30 days')
      ORDER BY due_at DESC, id DESC`,
    [file],
  );
  return rows.map(plannedOf);
}

export async function plannedById(db: Queryable, id: string): Promise<Planned | undefined> {
  if (!/^\d{1,9}$/.test(id)) return undefined;
  const { rows } = await db.query<Row>("SELECT * FROM content_schedule WHERE id = $1", [Number(id)]);
  return rows[0] && plannedOf(rows[0]);
}

/**
 * Takes the due rows for running: each is marked as running by exactly one caller. A row a stopped server
 * left running is taken again after ten minutes.
 */
export async function claimDue(db: Queryable, now = new Date()): Promise<Planned[]> {
  const { rows } = await db.query<Row>(
    `UPDATE content_schedule SET state = 'laeuft', claimed_at = now()
      WHERE (state = 'geplant' AND due_at <= $1) OR (state = 'laeuft' AND claimed_at < now() - interval '10 minutes')
      RETURNING *`,
    [now],
  );
  return rows.map(plannedOf).sort((a, b) => a.dueAt.localeCompare(b.dueAt) || Number(a.id) - Number(b.id));
}

/** Done, failed and cancelled plans are kept this many days, with who planned them. */
export const PLAN_DAYS = 90;

export async function purgeOldPlans(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM content_schedule
        WHERE state IN ('erledigt', 'fehlgeschlagen', 'abgesagt') AND done_at < now() - $1::integer * interval '1 day' RETURNING 1)
     SELECT count(*)::integer AS n FROM gone`,
    [PLAN_DAYS],
  );
  return rows[0]?.n ?? 0;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The content routes' runners that jobs.ts calls: planned changes that are due, and changes from outside. */
    contentSchedule: {
      runDue(): Promise<number>;
      /** Tells the owners of changes pushed to the content repository from outside; how many mails. */
      watchOutside(): Promise<number>;
    };
  }
}

export async function finish(
  db: Queryable,
  id: string,
  result: { state: "erledigt" | "fehlgeschlagen"; outcome: string; commit?: string },
): Promise<void> {
  await db.query("UPDATE content_schedule SET state = $2, outcome = $3, commit_hash = $4, done_at = now() WHERE id = $1", [
    Number(id),
    result.state,
    result.outcome,
    result.commit ?? null,
  ]);
}

/** Cancels a change still to come; false when it has run meanwhile or was never there. */
export async function cancel(db: Queryable, id: string, by: string): Promise<boolean> {
  const { rows } = await db.query<{ id: number }>(
    `UPDATE content_schedule SET state = 'abgesagt', outcome = $2, done_at = now()
      WHERE id = $1 AND state = 'geplant' RETURNING id`,
    [Number(id), `Abgesagt von ${by}`],
  );
  return rows.length === 1;
}
