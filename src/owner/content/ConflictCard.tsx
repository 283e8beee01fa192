/**
 * Someone published the same file meanwhile and changed a field the editor changed too: the three values
 * side by side (as it was, the editor's, the other person's), a choice per field, and one button that makes
 * the draft the merged file with those choices. Fields only one side changed were merged by the server.
 */
import React, { useEffect, useRef, useState } from "react";
import { dateTime } from "../format";
import { Card, primaryButton } from "../ui";
import type { CommitInfo, ConflictField } from "../../../common/owner/responses";

export interface Conflict {
  change?: CommitInfo;
  /** The file as it is now, with the editor's changes to other fields already in it. */
  merged: unknown;
  fields: ConflictField[];
  /** The fields only one side changed, already in `merged`: the other person's and the editor's, as the form names them. */
  together?: { theirs: string[]; mine: string[] };
  /** The editor's own values, to carry over where they choose theirs. */
  mine: unknown;
}

const valueAt = (data: unknown, path: string[]) =>
  path.reduce<unknown>((at, key) => (at && typeof at === "object" ? (at as Record<string, unknown>)[key] : undefined), data);

/** `data` with the value at `path` replaced (copied on the way down, the rest shared). */
function withValue(data: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [key, ...rest] = path as [string, ...string[]];
  const copy = Array.isArray(data) ? [...data] : { ...(data as Record<string, unknown>) };
  (copy as Record<string, unknown>)[key] = withValue((data as Record<string, unknown> | undefined)?.[key], rest, value);
  return copy;
}

function Value({ label, text, tone, children }: { label: string; text: string; tone: string; children?: React.ReactNode }) {
  return (
    <div className={`flex flex-col rounded-lg border p-3 ${tone}`}>
      <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-bark-700">{label}</p>
      {text ? <p className="mb-2 whitespace-pre-wrap break-words">{text}</p> : <p className="mb-2 italic">(leer)</p>}
      {children}
    </div>
  );
}

/** A choice sits under the value it keeps, so that the value and its button are read together, on a phone too. */
function Choice({
  name,
  checked,
  onChoose,
  children,
}: {
  name: string;
  checked: boolean;
  onChoose: () => void;
  children: string;
}) {
  return (
    <label className="mt-auto flex min-h-11 cursor-pointer items-center gap-2 font-semibold text-forest-900">
      <input type="radio" name={name} className="h-5 w-5 accent-forest-700" checked={checked} onChange={onChoose} />
      {children}
    </label>
  );
}

/** What merged by itself, named field by field, so the person knows what is already in the merged file. */
function MergedFields({ together, who }: { together: Conflict["together"]; who: string }) {
  const rows = [
    ...(together?.theirs ?? []).map((field) => ({ field, by: `von ${who}` })),
    ...(together?.mine ?? []).map((field) => ({ field, by: "von dir" })),
  ];
  if (rows.length === 0) return null;
  return (
    <div className="mb-4 rounded-lg bg-cream-50 p-3 text-sm">
      <p className="mb-1 font-semibold text-forest-900">Schon zusammengeführt:</p>
      <ul className="list-disc space-y-1 pl-5">
        {rows.map(({ field, by }) => (
          <li key={`${by} ${field}`}>
            {field} <span className="text-bark-700">({by})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ConflictCard({
  conflict,
  onMerge,
}: {
  conflict: Conflict;
  onMerge: (data: unknown, baseCommit: string) => void;
}) {
  const [choice, setChoice] = useState<Record<string, "mine" | "theirs">>({});
  // The card says what happened, in place of a message above: the focus goes to it, so it is read out first.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const who = conflict.change?.author ?? "Jemand";
  const decided = conflict.fields.every((field) => choice[field.path.join(".")] !== undefined);
  const merge = () => {
    let data = conflict.merged;
    for (const field of conflict.fields)
      if (choice[field.path.join(".")] === "mine") data = withValue(data, field.path, valueAt(conflict.mine, field.path));
    onMerge(data, conflict.change?.commit ?? "");
  };
  return (
    <Card className="mb-5 ring-2 ring-ember-400">
      <h2 ref={heading} tabIndex={-1} className="mb-2 text-lg font-bold text-forest-900 focus:outline-none">
        Diese Datei wurde inzwischen geändert
      </h2>
      {conflict.change && (
        <p className="mb-3">
          {who} hat am {dateTime(conflict.change.date)} veröffentlicht: „{conflict.change.message}“. Deine Änderung ist nicht
          veröffentlicht und nichts wurde überschrieben. Was nur einer von euch geändert hat, ist schon zusammengeführt; bei{" "}
          {conflict.fields.length === 1 ? "diesem Feld" : `diesen ${conflict.fields.length} Feldern`} entscheidest du, welche
          Fassung gilt.
        </p>
      )}
      <MergedFields together={conflict.together} who={who} />
      <ul className="space-y-5">
        {conflict.fields.map((field) => {
          const key = field.path.join(".");
          return (
            <li key={key}>
              <fieldset>
                <legend className="mb-2 font-semibold text-forest-900">{field.field}</legend>
                <div className="grid gap-2 text-sm md:grid-cols-3">
                  <Value label="Vorher" text={field.base} tone="border-cream-200 bg-white" />
                  <Value
                    label="Deine Fassung"
                    text={field.mine}
                    tone={`border-forest-100 bg-forest-50 ${choice[key] === "mine" ? "ring-2 ring-forest-700" : ""}`}
                  >
                    <Choice
                      name={`wahl-${key}`}
                      checked={choice[key] === "mine"}
                      onChoose={() => setChoice({ ...choice, [key]: "mine" })}
                    >
                      Meine Fassung behalten
                    </Choice>
                  </Value>
                  <Value
                    label={`Fassung von ${who}`}
                    text={field.theirs}
                    tone={`border-ember-300 bg-cream-50 ${choice[key] === "theirs" ? "ring-2 ring-forest-700" : ""}`}
                  >
                    <Choice
                      name={`wahl-${key}`}
                      checked={choice[key] === "theirs"}
                      onChoose={() => setChoice({ ...choice, [key]: "theirs" })}
                    >
                      {`Fassung von ${who} übernehmen`}
                    </Choice>
                  </Value>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ul>
      <button type="button" className={`${primaryButton} mt-4`} onClick={merge} disabled={!decided}>
        Zusammenführen
      </button>
      {!decided && <p className="mt-2 text-sm text-bark-700">Wähl bei jedem Feld eine Fassung, dann kannst du zusammenführen.</p>}
    </Card>
  );
}
