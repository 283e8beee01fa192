/**
 * Proposals (content_proposals): an editor's change to a file that needs an owner's approval
 * (common/content/approval.ts). The editor proposes instead of publishing; an owner approves it (the
 * server then commits it as the editor's change would have been) or sends it back with a note; the editor
 * may withdraw it. One open proposal per person and file: proposing again replaces it.
 */
import type { Queryable } from "../db/types";

export type ProposalState = "offen" | "zurueckgegeben" | "freigegeben" | "zurueckgezogen";

export interface Proposal {
  id: string;
  file: string;
  editor: string;
  data: unknown;
  baseCommit: string;
  message: string;
  state: ProposalState;
  note: string | null;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
  commit: string | null;
}

interface Row {
  id: number;
  file: string;
  editor_email: string;
  data: string;
  base_commit: string;
  message: string;
  state: ProposalState;
  note: string | null;
  created_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
  commit_hash: string | null;
}

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());
const proposalOf = (row: Row): Proposal => ({
  id: String(row.id),
  file: row.file,
  editor: row.editor_email,
  data: JSON.parse(row.data) as unknown,
  baseCommit: row.base_commit,
  message: row.message,
  state: row.state,
  note: row.note,
  createdAt: iso(row.created_at)!,
  decidedAt: iso(row.decided_at),
  decidedBy: row.decided_by,
  commit: row.commit_hash,
});

/** Proposes a change: replaces the person's open proposal for the file, if there is one. */
export async function propose(
  db: Queryable,
  change: { editor: string; file: string; data: unknown; baseCommit: string; message: string },
): Promise<Proposal> {
  await db.query(
    `UPDATE content_proposals SET state = 'zurueckgezogen', decided_at = now(), decided_by = editor_email
      WHERE editor_email = $1 AND file = $2 AND state = 'offen'`,
    [change.editor, change.file],
  );
  const { rows } = await db.query<Row>(
    `INSERT INTO content_proposals (file, editor_email, data, base_commit, message) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
    [change.file, change.editor, JSON.stringify(change.data), change.baseCommit, change.message],
  );
  return proposalOf(rows[0]!);
}

/** The proposals waiting for an owner, the oldest first. */
export async function openProposals(db: Queryable): Promise<Proposal[]> {
  const { rows } = await db.query<Row>("SELECT * FROM content_proposals WHERE state = 'offen' ORDER BY created_at, id");
  return rows.map(proposalOf);
}

export async function proposalById(db: Queryable, id: string): Promise<Proposal | undefined> {
  if (!/^\d{1,9}$/.test(id)) return undefined;
  const { rows } = await db.query<Row>("SELECT * FROM content_proposals WHERE id = $1", [Number(id)]);
  return rows[0] && proposalOf(rows[0]);
}

/** The person's latest proposal for a file while it is theirs to look at: waiting, or sent back to them. */
export async function ownProposal(db: Queryable, editor: string, file: string): Promise<Proposal | undefined> {
  const { rows } = await db.query<Row>(
    "SELECT * FROM content_proposals WHERE editor_email = $1 AND file = $2 ORDER BY created_at DESC, id DESC LIMIT 1",
    [editor, file],
  );
  const latest = rows[0] && proposalOf(rows[0]);
  return latest && (latest.state === "offen" || latest.state === "zurueckgegeben") ? latest : undefined;
}

/**
 * Decides an open proposal; false when it is no longer open (someone else decided it first, or the
 * editor withdrew or replaced it).
 */
export async function decide(
  db: Queryable,
  id: string,
  decision: { state: Exclude<ProposalState, "offen">; by: string; note?: string; commit?: string },
): Promise<boolean> {
  const { rows } = await db.query<{ id: number }>(
    `UPDATE content_proposals SET state = $2, decided_by = $3, decided_at = now(), note = $4, commit_hash = $5
      WHERE id = $1 AND state = 'offen' RETURNING id`,
    [Number(id), decision.state, decision.by, decision.note ?? null, decision.commit ?? null],
  );
  return rows.length === 1;
}

/** The editor takes back a proposal that is still waiting. */
export async function withdraw(db: Queryable, editor: string, file: string): Promise<boolean> {
  const { rows } = await db.query<{ id: number }>(
    `UPDATE content_proposals SET state = 'zurueckgezogen', decided_at = now(), decided_by = editor_email
      WHERE editor_email = $1 AND file = $2 AND state = 'offen' RETURNING id`,
    [editor, file],
  );
  return rows.length > 0;
}

/** Decided proposals are kept this many days as the record of who proposed and who approved. */
export const PROPOSAL_DAYS = 90;

/** Deletes decided proposals older than PROPOSAL_DAYS, and open ones nobody looked at for as long; their number. */
export async function purgeOldProposals(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM content_proposals
        WHERE coalesce(decided_at, created_at) < now() - $1::integer * interval '1 day' RETURNING 1)
     SELECT count(*)::integer AS n FROM gone`,
    [PROPOSAL_DAYS],
  );
  return rows[0]?.n ?? 0;
}
