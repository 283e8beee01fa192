/**
 * A proposed change field by field, as the owner reads it before approving (and the editor beside their
 * waiting proposal): the field's name, its old and new value side by side; a text of several lines as the
 * lines taken out (struck through) and put in, with a line around each.
 */
import React from "react";
import type { FieldChange } from "../../../common/owner/responses";
import { OWNER_API } from "../../../common/owner/api";
import { routeUrl } from "../api";

const LINE_STYLE: Record<string, string> = {
  weg: "bg-red-50 text-red-900 line-through decoration-red-700",
  neu: "bg-forest-50 text-forest-900",
  gleich: "text-bark-700",
  ausgelassen: "text-bark-700 italic",
};
const LINE_MARK: Record<string, string> = { weg: "−", neu: "+", gleich: " ", ausgelassen: " " };
const LINE_WORD: Record<string, string> = { weg: "entfernt: ", neu: "neu: ", gleich: "", ausgelassen: "" };

function Value({ text }: { text: string }) {
  return text ? <span className="whitespace-pre-wrap break-words">{text}</span> : <span className="italic">(leer)</span>;
}

/** A picture field's picture under its path, so the change is seen, not only named. */
function Picture({ path, proposal, alt }: { path?: string; proposal?: string; alt: string }) {
  if (!path) return null;
  const src = routeUrl(OWNER_API.image, { query: proposal ? { pfad: path, vorschlag: proposal } : { pfad: path } });
  return <img src={src} alt={alt} loading="lazy" className="mt-2 max-h-48 w-auto rounded-md object-contain" />;
}

/** A text of several lines: the lines taken out and put in, and an entry's pictures under them. */
function LineChanges({ change, proposal }: { change: FieldChange; proposal?: string }) {
  return (
    <>
      <pre className="overflow-x-auto rounded-lg border border-cream-200 bg-white p-3 font-sans text-sm leading-relaxed">
        {change.lines?.map((line, index) => (
          <span key={index} className={`block ${LINE_STYLE[line.kind]}`}>
            <span aria-hidden="true" className="mr-2 inline-block w-3 font-mono">
              {LINE_MARK[line.kind]}
            </span>
            <span className="sr-only">{LINE_WORD[line.kind]}</span>
            <span className="whitespace-pre-wrap break-words">{line.text || " "}</span>
          </span>
        ))}
      </pre>
      {change.pictures && (
        <div className="mt-2 flex flex-wrap gap-4 text-sm">
          {change.pictures.before && (
            <figure>
              <figcaption className="text-xs font-semibold uppercase tracking-wide text-bark-700">Bisher</figcaption>
              <Picture path={change.pictures.before} proposal={proposal} alt="Das bisherige Bild" />
            </figure>
          )}
          {change.pictures.after && (
            <figure>
              <figcaption className="text-xs font-semibold uppercase tracking-wide text-forest-800">Neu</figcaption>
              <Picture path={change.pictures.after} proposal={proposal} alt="Das neue Bild" />
            </figure>
          )}
        </div>
      )}
    </>
  );
}

/** A short value: the old and the new side by side, a picture field's pictures under their paths. */
function SideBySide({ change, proposal }: { change: FieldChange; proposal?: string }) {
  return (
    <div className="grid gap-2 text-sm sm:grid-cols-2">
      <div className="rounded-lg border border-cream-200 bg-white p-3">
        <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-bark-700">Bisher</p>
        <Value text={change.before} />
        <Picture path={change.pictures?.before} proposal={proposal} alt="Das bisherige Bild" />
      </div>
      <div className="rounded-lg border border-forest-100 bg-forest-50 p-3">
        <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-forest-800">Neu</p>
        <Value text={change.after} />
        <Picture path={change.pictures?.after} proposal={proposal} alt="Das neue Bild" />
      </div>
    </div>
  );
}

/**
 * @param proposal the proposal whose changes these are: an owner then sees the editor's waiting pictures too
 */
export function FieldChanges({ changes, proposal }: { changes: FieldChange[]; proposal?: string }) {
  if (changes.length === 0)
    return <p className="text-sm text-bark-700">Keine Änderung gegenüber der veröffentlichten Fassung.</p>;
  return (
    <ul className="space-y-4">
      {changes.map((change) => (
        <li key={change.field}>
          <p className="mb-1 font-semibold text-forest-900">{change.field}</p>
          {change.lines ? (
            <LineChanges change={change} proposal={proposal} />
          ) : (
            <SideBySide change={change} proposal={proposal} />
          )}
        </li>
      ))}
    </ul>
  );
}
