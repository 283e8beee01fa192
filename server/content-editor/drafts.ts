/** Unpublished changes to content files, one per person and file (content_drafts). */
import type { Queryable } from "../db/types";
import type { DraftInfo as Draft } from "../../common/owner/responses";

export type { Draft };

interface Row {
  editor_email: string;
  file: string;
  data: string;
  base_commit: string;
  updated_at: Date;
}

const draftOf = (row: Row): Draft => ({
  editor: row.editor_email,
  file: row.file,
  data: JSON.parse(row.data) as unknown,
  baseCommit: row.base_commit,
  updatedAt: new Date(row.updated_at).toISOString(),
});

export async function saveDraft(db: Queryable, editor: string, file: string, data: unknown, baseCommit: string): Promise<Draft> {
  const { rows } = await db.query<Row>(
    `INSERT INTO content_drafts (editor_email, file, data, base_commit) VALUES ($1, $2, $3, $4)
     ON CONFLICT (editor_email, file) DO UPDATE SET data = EXCLUDED.data, base_commit = EXCLUDED.base_commit, updated_at = now()
     RETURNING *`,
    [editor, file, JSON.stringify(data), baseCommit],
  );
  return draftOf(rows[0]!);
}

/**
 * A change that did not go live (a cancelled or failed plan, a returned proposal) becomes its author's draft again,
 * so nothing they wrote is lost, unless they have started a newer draft of the file meanwhile, which stays. Whether
 * it became the draft.
 */
export async function draftAgain(
  db: Queryable,
  change: Pick<Draft, "editor" | "file" | "data" | "baseCommit">,
): Promise<boolean> {
  const { rows } = await db.query<Row>(
    `INSERT INTO content_drafts (editor_email, file, data, base_commit) VALUES ($1, $2, $3, $4)
     ON CONFLICT (editor_email, file) DO NOTHING RETURNING *`,
    [change.editor, change.file, JSON.stringify(change.data), change.baseCommit],
  );
  return rows.length === 1;
}

/** Every draft of a file, the caller's own first. */
export async function draftsOf(db: Queryable, file: string): Promise<Draft[]> {
  const { rows } = await db.query<Row>("SELECT * FROM content_drafts WHERE file = $1 ORDER BY updated_at DESC", [file]);
  return rows.map(draftOf);
}

export async function deleteDraft(db: Queryable, editor: string, file: string): Promise<void> {
  await db.query("DELETE FROM content_drafts WHERE editor_email = $1 AND file = $2", [editor, file]);
}

/** A draft nobody changed for this many days is deleted (the privacy texts name the period). */
export const DRAFT_DAYS = 90;

/** Deletes the drafts left unchanged for DRAFT_DAYS; their number. */
export async function purgeOldDrafts(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM content_drafts WHERE updated_at < now() - $1::integer * interval '1 day' RETURNING 1)
     SELECT count(*)::integer AS n FROM gone`,
    [DRAFT_DAYS],
  );
  return rows[0]?.n ?? 0;
}

/** Which files have drafts, and whose: for the list of files. */
export async function draftSummary(db: Queryable): Promise<{ file: string; editor: string; updatedAt: string }[]> {
  const { rows } = await db.query<Row>("SELECT editor_email, file, updated_at FROM content_drafts ORDER BY file");
  return rows.map((row) => ({ file: row.file, editor: row.editor_email, updatedAt: new Date(row.updated_at).toISOString() }));
}
