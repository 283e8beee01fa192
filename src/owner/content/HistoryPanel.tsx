/**
 * A file's history beside its form: each version with its description, when and in whose role it was made
 * (a version committed in the repository itself is named as such, with its author); an earlier version is
 * looked at before it is restored: what restoring it would change, field by field, and a preview of the site
 * with it.
 */
import React, { useEffect, useState } from "react";
import { call, errorText } from "../api";
import { dateTime } from "../format";
import { Card, smallButton } from "../ui";
import { FieldChanges } from "./FieldChanges";
import { OWNER_API } from "../../../common/owner/api";
import type { HistoryEntry, VersionAnswer } from "../../../common/owner/responses";

export function HistoryPanel(props: {
  file: string;
  history: HistoryEntry[];
  busy: boolean;
  /** Restoring goes live at once, or as a proposal (the confirmation says which). */
  onRestore: (entry: HistoryEntry) => void;
  onPreview: (data: unknown) => void;
}) {
  const [looking, setLooking] = useState<{ entry: HistoryEntry; version?: VersionAnswer; error?: string }>();
  // A new history (after a restore or a publish) makes what a look said about restoring stale: it closes.
  useEffect(() => setLooking(undefined), [props.history]);
  const look = async (entry: HistoryEntry) => {
    setLooking({ entry });
    try {
      const version = await call(OWNER_API.version, { query: { pfad: props.file, fassung: entry.commit } });
      setLooking({ entry, version });
    } catch (caught) {
      setLooking({ entry, error: errorText(caught) });
    }
  };
  return (
    <Card className="mt-4">
      <h2 className="mb-2 font-bold text-forest-900">Verlauf</h2>
      <ol className="space-y-3 text-sm">
        {props.history.map((entry, index) => (
          <li key={entry.commit} className="border-b border-cream-200 pb-2 last:border-0 last:pb-0">
            <p className="font-semibold">{entry.madeHere ? entry.message : `Im Repository geändert: „${entry.message}“`}</p>
            <p className="text-bark-700">
              {dateTime(entry.date)}, {entry.madeHere ? entry.author : `von ${entry.author}, nicht über die Verwaltung`}
              {index === 0 ? " · aktuelle Fassung" : ""}
            </p>
            {index > 0 && (
              <button
                type="button"
                className="mt-1 min-h-11 font-semibold text-forest-800 underline"
                onClick={() => void look(entry)}
                disabled={props.busy}
              >
                Fassung ansehen<span className="sr-only"> vom {dateTime(entry.date)}</span>
              </button>
            )}
            {looking?.entry.commit === entry.commit && (
              <div className="mt-2 space-y-3 rounded-lg bg-cream-50 p-3 ring-1 ring-cream-200">
                {looking.error && <p className="font-semibold text-red-800">{looking.error}</p>}
                {!looking.version && !looking.error && <p>Wird geladen …</p>}
                {looking.version && (
                  <>
                    <p className="font-semibold text-forest-900">Das würde sich beim Zurücksetzen ändern:</p>
                    {/* Beside the form (lg and up) the panel is 18rem wide: before and after one above the other, not
                        in two columns a few words wide. */}
                    <div className="lg:[&_.grid]:grid-cols-1">
                      <FieldChanges changes={looking.version.changes} />
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <button
                        type="button"
                        className={smallButton}
                        disabled={props.busy}
                        onClick={() => props.onPreview(looking.version!.data)}
                      >
                        Vorschau dieser Fassung
                      </button>
                      <button
                        type="button"
                        className={smallButton}
                        disabled={props.busy || looking.version.changes.length === 0}
                        onClick={() => props.onRestore(entry)}
                      >
                        Auf diese Fassung zurücksetzen
                      </button>
                    </div>
                  </>
                )}
              </div>
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}
