/**
 * Uploaded pictures that wait with their uploader's drafts (content_pending_images): not in the repository
 * until a change that names one is published, approved or goes live as planned; then the picture and its
 * record in content/image-credits.json are part of that change's commit. A change names a picture when its
 * text holds the picture's path (a page names "../images/x.jpg", a list "images/x.jpg").
 */
import type { Queryable } from "../db/types";
import type { ImageCredit } from "../../common/content/image-credits";
import { DRAFT_DAYS } from "./drafts";

export interface PendingPicture {
  /** Relative to content/: "images/wochenmarkt.jpg". */
  path: string;
  editor: string;
  credit: ImageCredit;
  jpeg: Buffer;
}

interface Row {
  path: string;
  editor_email: string;
  jpeg: Uint8Array;
  credit: string;
}

const pictureOf = (row: Row): PendingPicture => ({
  path: row.path,
  editor: row.editor_email,
  credit: JSON.parse(row.credit) as ImageCredit,
  jpeg: Buffer.from(row.jpeg),
});

export async function addPendingPicture(
  db: Queryable,
  picture: PendingPicture & { width: number; height: number },
): Promise<void> {
  await db.query(
    "INSERT INTO content_pending_images (path, editor_email, jpeg, credit, width, height) VALUES ($1, $2, $3, $4, $5, $6)",
    [picture.path, picture.editor, picture.jpeg, JSON.stringify(picture.credit), picture.width, picture.height],
  );
}

/** The paths of the waiting pictures: a person's own, or everyone's (to keep a new name unique). */
export async function pendingPaths(db: Queryable, editor?: string): Promise<string[]> {
  const { rows } = await db.query<{ path: string }>(
    editor === undefined
      ? "SELECT path FROM content_pending_images ORDER BY path"
      : "SELECT path FROM content_pending_images WHERE editor_email = $1 ORDER BY path",
    editor === undefined ? [] : [editor],
  );
  return rows.map((row) => row.path);
}

/** One waiting picture of the person, to look at. */
export async function pendingPicture(db: Queryable, editor: string, image: string): Promise<PendingPicture | undefined> {
  const { rows } = await db.query<Row>("SELECT * FROM content_pending_images WHERE editor_email = $1 AND path = $2", [
    editor,
    image,
  ]);
  return rows[0] && pictureOf(rows[0]);
}

/**
 * The waiting pictures that the texts name, of the people given (undefined: of anyone, for a planned change,
 * which was checked with its planner's pictures when it was planned).
 */
export async function picturesNamedIn(
  db: Queryable,
  texts: readonly string[],
  editors?: readonly string[],
): Promise<PendingPicture[]> {
  const { rows } = await db.query<Row>(
    editors === undefined
      ? "SELECT * FROM content_pending_images ORDER BY path"
      : "SELECT * FROM content_pending_images WHERE editor_email = ANY($1::text[]) ORDER BY path",
    editors === undefined ? [] : [[...editors]],
  );
  return rows.filter((row) => texts.some((text) => text.includes(row.path))).map(pictureOf);
}

/** Once committed, a picture no longer waits. */
export async function publishedPictures(db: Queryable, paths: readonly string[]): Promise<void> {
  if (paths.length > 0) await db.query("DELETE FROM content_pending_images WHERE path = ANY($1::text[])", [[...paths]]);
}

/** Named by none of its uploader's drafts, no open proposal and no planned change still to run. */
const UNUSED = `NOT EXISTS (SELECT 1 FROM content_drafts d WHERE d.editor_email = p.editor_email AND strpos(d.data, p.path) > 0)
  AND NOT EXISTS (SELECT 1 FROM content_proposals o WHERE o.state = 'offen' AND strpos(o.data, p.path) > 0)
  AND NOT EXISTS (SELECT 1 FROM content_schedule s WHERE s.action = 'publish' AND s.state IN ('geplant', 'laeuft') AND strpos(s.data, p.path) > 0)`;

/** When a person discards a draft: their waiting pictures that nothing of theirs names any more go with it. */
export async function dropUnusedPictures(db: Queryable, editor: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM content_pending_images p WHERE p.editor_email = $1 AND ${UNUSED} RETURNING 1)
     SELECT count(*)::integer AS n FROM gone`,
    [editor],
  );
  return rows[0]?.n ?? 0;
}

/** Waiting pictures older than the drafts' period that nothing names (run after the old drafts are gone). */
export async function purgeOldPictures(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM content_pending_images p
       WHERE p.created_at < now() - $1::integer * interval '1 day' AND ${UNUSED} RETURNING 1)
     SELECT count(*)::integer AS n FROM gone`,
    [DRAFT_DAYS],
  );
  return rows[0]?.n ?? 0;
}
