/**
 * The lines above the form: the way back to all files, when and by whom the file was last published, what
 * became of that release, whether the draft is saved, and who else is editing the file.
 */
import React from "react";
import { dateTime } from "../format";
import { Link } from "../router";
import { Alert } from "../ui";
import { SAVE_LABELS, type SaveState } from "./useAutosave";
import { OWNER_SCREENS } from "../../../common/routes";
import type { ContentFileAnswer, ReleaseState } from "../../../common/owner/responses";

export function FileStatus({ answer, saveState }: { answer: ContentFileAnswer; saveState: SaveState }) {
  return (
    <p className="mb-4 text-sm text-bark-700">
      {answer.lastChange
        ? `Zuletzt veröffentlicht am ${dateTime(answer.lastChange.date)} von ${answer.lastChange.author}.`
        : "Noch nie über die Verwaltung veröffentlicht."}{" "}
      {answer.release && <ReleaseLine release={answer.release} page={answer.pages[0]} />}{" "}
      <span role="status" className="font-semibold">
        {SAVE_LABELS[saveState]}
      </span>
    </p>
  );
}

export function OtherDrafts({ drafts }: { drafts: ContentFileAnswer["otherDrafts"] }) {
  if (drafts.length === 0) return null;
  return (
    <Alert kind="info">
      {drafts.map((draft) => `${draft.editor} (zuletzt ${dateTime(draft.updatedAt)})`).join(", ")}{" "}
      {drafts.length === 1 ? "arbeitet" : "arbeiten"} gerade auch an dieser Datei. Was zuerst veröffentlicht wird, überschreibt
      die andere Änderung nicht: Sie wird danach angezeigt, damit ihr sie zusammenführen könnt.
    </Alert>
  );
}

/** What became of the last change's release: being built, live since (with the page), or failed and why. */
function ReleaseLine({ release, page }: { release: ReleaseState; page?: string }) {
  if (release.state === "wird gebaut") return <span className="font-semibold">Die Website wird gerade damit gebaut.</span>;
  if (release.state === "live") {
    // Published through the repository, the site lives where the workflow deployed it: the page there.
    const live = release.url && /^https:\/\//.test(release.url) ? new URL(page ?? "/", release.url).href : page;
    return (
      <span>
        Live seit {dateTime(release.since)}
        {live && (
          <>
            {" "}
            –{" "}
            <a href={live} target="_blank" rel="noreferrer" className="font-semibold underline">
              Seite ansehen
            </a>
          </>
        )}
        .
      </span>
    );
  }
  return (
    <span role="alert" className="font-semibold text-red-800">
      Fehlgeschlagen am {dateTime(release.since)}: {release.reason}
    </span>
  );
}

export function BackLink() {
  return (
    <p className="mb-2">
      <Link to={OWNER_SCREENS.content.path} className="font-semibold text-forest-800 underline-offset-4 hover:underline">
        ‹ Alle Inhalte
      </Link>
    </p>
  );
}
