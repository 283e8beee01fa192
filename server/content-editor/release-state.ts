/**
 * What became of a published change (content_releases): each deploy is recorded under the commit it was
 * started for, by the server that deploys itself or, with a content repository, as the workflow that builds
 * it reports (reportRelease). A release that went live carries every change published before it in the same
 * tree, so those count as live from then on, even if their own deploy failed.
 */
import type { Queryable } from "../db/types";
import type { ReleaseState } from "../../common/owner/responses";
import { RELEASE_FAILURE_STEPS, type ReleaseReport } from "../../common/release-report";

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
    url: string | null;
  }>("SELECT state, started_at, finished_at, reason, url FROM content_releases WHERE commit_hash = $1", [commit]);
  const row = rows[0];
  if (!row) return undefined;
  return {
    state: row.state,
    since: new Date(row.finished_at ?? row.started_at).toISOString(),
    reason: row.reason,
    ...(row.url ? { url: row.url } : {}),
  };
}

/** A commit „Inhalte“ pushed to the content repository: the workflow's reports on it are taken. */
export async function recordPublished(db: Queryable, commit: string): Promise<void> {
  await db.query("INSERT INTO content_published (commit_hash) VALUES ($1) ON CONFLICT DO NOTHING", [commit]);
}

export async function publishedHere(db: Queryable, commit: string): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM content_published WHERE commit_hash = $1", [commit]);
  return rows.length > 0;
}

/** How long a signed report counts (Standard Webhooks refuses older timestamps); its id is kept as long. */
export const REPORT_TOLERANCE_SECONDS = 5 * 60;

/**
 * Notes a signed report's id; false when it came before (a replay). Ids older than the tolerance go, since a
 * report that old is refused by its timestamp anyway.
 */
export async function firstReport(db: Queryable, messageId: string): Promise<boolean> {
  await db.query(`DELETE FROM content_release_reports WHERE received_at < now() - make_interval(secs => $1)`, [
    REPORT_TOLERANCE_SECONDS * 2,
  ]);
  const { rows } = await db.query(
    "INSERT INTO content_release_reports (message_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING message_id",
    [messageId],
  );
  return rows.length > 0;
}

/**
 * The workflow's report on a pushed commit, as the editor reads it. The commits pushed before it that have
 * no release of their own yet (they went in the same push, or their workflow did not report) share its fate.
 */
export async function reportRelease(db: Queryable, report: ReleaseReport): Promise<void> {
  await db.query(
    `INSERT INTO content_releases (commit_hash, state)
       SELECT published.commit_hash, 'wird gebaut' FROM content_published published
        WHERE published.published_at <= (SELECT published_at FROM content_published WHERE commit_hash = $1)
          AND (published.commit_hash = $1 OR NOT EXISTS
                (SELECT 1 FROM content_releases release WHERE release.commit_hash = published.commit_hash))
     ON CONFLICT (commit_hash) DO NOTHING`,
    [report.commit],
  );
  if (report.state === "building") {
    await releaseStarted(db, report.commit);
    return;
  }
  await releaseFinished(db, report.commit, report.state === "failed" ? reportedFailure(report.reason) : undefined);
  if (report.state === "failed")
    // The same push's other commits, built in this run, failed with it.
    await db.query(
      `UPDATE content_releases SET state = 'fehlgeschlagen', finished_at = now(), reason = $2
        WHERE state = 'wird gebaut' AND started_at <= (SELECT started_at FROM content_releases WHERE commit_hash = $1)`,
      [report.commit, reportedFailure(report.reason)],
    );
  await db.query("UPDATE content_releases SET url = $2 WHERE commit_hash = $1", [
    report.commit,
    report.state === "live" ? (report.url ?? null) : null,
  ]);
}

const SITE_KEPT = "Die Website zeigt weiter die vorige Fassung, nichts ist halb veröffentlicht.";
const FAILED_STEP: Record<(typeof RELEASE_FAILURE_STEPS)[number], string> = {
  "content-check": `Die Inhaltsprüfung hat einen Fehler gefunden, deshalb wurde die neue Fassung nicht gebaut. ${SITE_KEPT} Die genaue Meldung steht im Workflow des Inhalts-Repositorys.`,
  release: `Die neue Fassung ließ sich nicht bauen oder ausliefern. ${SITE_KEPT} Die genaue Meldung steht im Workflow des Inhalts-Repositorys.`,
  cancelled: `Der Bau der neuen Fassung wurde abgebrochen. ${SITE_KEPT} Die nächste Veröffentlichung baut sie mit.`,
};

/** The German reason for a failed step the workflow named; anything else (a raw log line) is never shown. */
export function reportedFailure(step: string | undefined): string {
  return (
    FAILED_STEP[step as keyof typeof FAILED_STEP] ??
    `Die neue Fassung ging nicht live. ${SITE_KEPT} Die genaue Meldung steht im Workflow des Inhalts-Repositorys.`
  );
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
