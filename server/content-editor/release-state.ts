/**
 * What became of a published change on a server that deploys itself (content_releases): each deploy is
 * recorded under the commit it was started for. A release that went live carries every change published
 * before it in the same tree, so those count as live from then on, even if their own deploy failed.
 */
import type { Queryable } from "../db/types";
import type { ReleaseState } from "../../common/owner/responses";

export async function releaseStarted(db: Queryable, commit: string): Promise<void> {
  await db.query(
    `INSERT INTO content_releases (commit_hash, state) VALUES ($1, 'wird gebaut')
     ON CONFLICT (commit_hash) DO UPDATE SET state = 'wird gebaut', started_at = now(), finished_at = NULL, reason = NULL`,
    [commit],
  );
}

export async function releaseFinished(db: Queryable, commit: string, failure?: string): Promise<void> {
  if (failure !== undefined) {
    await db.query(
      "UPDATE content_releases SET state = 'fehlgeschlagen', finished_at = now(), reason = $2 WHERE commit_hash = $1",
      [commit, failure],
    );
    return;
  }
  await db.query(
    `UPDATE content_releases SET state = 'live', finished_at = now(), reason = NULL
      WHERE state <> 'live' AND started_at <= (SELECT started_at FROM content_releases WHERE commit_hash = $1)`,
    [commit],
  );
}

export async function releaseOf(db: Queryable, commit: string): Promise<ReleaseState | undefined> {
  const { rows } = await db.query<{
    state: ReleaseState["state"];
    started_at: Date;
    finished_at: Date | null;
    reason: string | null;
  }>("SELECT state, started_at, finished_at, reason FROM content_releases WHERE commit_hash = $1", [commit]);
  const row = rows[0];
  if (!row) return undefined;
  return {
    state: row.state,
    since: new Date(row.finished_at ?? row.started_at).toISOString(),
    reason: row.reason,
  };
}

/** The German reason shown to the editor: what it means for the site, and the deploy's own last words. */
export function failureReason(output: string): string {
  const last = output
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .at(-1);
  const base =
    "Die neue Fassung ließ sich nicht bauen; die Website zeigt weiter die vorige Fassung, nichts ist halb veröffentlicht.";
  return last ? `${base} Meldung: ${last.slice(0, 300)}` : base;
}
