/**
 * A change to a content file in plain German, field by field: each field named as the form names it
 * („Erfahrungsberichte › Eintrag 3 (Thomas) › Zitat“), with its old and new value; a text of several lines
 * (a legal text, a mail) as the lines taken out and put in, with one line around each and the rest left out.
 * What an owner reads before approving an editor's proposal.
 */
import { diffLines } from "diff";
import { ITEM_NAMES_KEYWORD, fieldKindOf, fieldLabelsOf } from "../../common/content/field-kinds";
import { FIELD_TITLES } from "../../common/content/field-titles";
import type { FieldChange, LineChange } from "../../common/owner/responses";

type Dict = Record<string, unknown>;
const isDict = (value: unknown): value is Dict => typeof value === "object" && value !== null && !Array.isArray(value);

/** Lines kept around each change. */
const CONTEXT = 1;

/** A value as the owner reads it: text as it is, a list or group as its fields, one per line, named as the form names them. */
function plain(value: unknown, schema?: unknown): string {
  if (value === undefined || value === null) return "";
  // A choice reads as the form shows it („nein“ as „Nein“).
  if (typeof value !== "object") return (isDict(schema) ? fieldLabelsOf(schema)?.[String(value)] : undefined) ?? String(value);
  if (Array.isArray(value)) return value.map((item) => plain(item, isDict(schema) ? schema.items : undefined)).join("\n");
  const properties = isDict(schema) && isDict(schema.properties) ? schema.properties : {};
  return Object.entries(value)
    .map(([key, inner]) => {
      // A name that asks („Zeigt das Bild eine erkennbare Person?“) takes its answer without a colon.
      const name = titleOf(schema, key);
      return `${name}${/[?:]$/.test(name) ? "" : ":"} ${plain(inner, properties[key])}`;
    })
    .join("\n");
}

/** The lines of `before` and `after` that differ, with CONTEXT lines around them. */
export function changedLines(before: string, after: string): LineChange[] {
  const all: LineChange[] = diffLines(before, after).flatMap((part) =>
    part.value
      .replace(/\n$/, "")
      .split("\n")
      .map((text): LineChange => ({ kind: part.added ? "neu" : part.removed ? "weg" : "gleich", text })),
  );
  const near = (index: number) =>
    all.slice(Math.max(0, index - CONTEXT), index + CONTEXT + 1).some((line) => line.kind !== "gleich");
  const lines: LineChange[] = [];
  all.forEach((line, index) => {
    if (line.kind !== "gleich" || near(index)) lines.push(line);
    else if (lines.at(-1)?.kind !== "ausgelassen") lines.push({ kind: "ausgelassen", text: "…" });
  });
  return lines;
}

function titleOf(schema: unknown, key: string): string {
  const own = isDict(schema) && isDict(schema.properties) ? (schema.properties[key] as Dict | undefined)?.title : undefined;
  return typeof own === "string" ? own : (FIELD_TITLES[key] ?? key);
}

/** „Eintrag 3 (Thomas)“: an entry of a list by its place and, where it has one, its name or title. */
function entryLabel(index: number, ...versions: unknown[]): string {
  const name = versions
    .map((version) => (isDict(version) ? (version.name ?? version.title ?? version.question ?? version.id) : undefined))
    .find((value) => typeof value === "string" && value.trim());
  return `Eintrag ${index + 1}${name ? ` (${String(name)})` : ""}`;
}

/**
 * The pictures a value holds where its schema declares picture fields, as paths under content/ (a page names
 * "../images/x.jpg", a list "images/x.jpg").
 */
function picturesIn(schema: unknown, value: unknown): string[] {
  if (!isDict(schema)) return [];
  if (fieldKindOf(schema) === "picture")
    return typeof value === "string" && value.trim() ? [value.replace(/^(\.\.\/)+/, "")] : [];
  if (Array.isArray(value)) return value.flatMap((item) => picturesIn(schema.items, item));
  if (isDict(value) && isDict(schema.properties)) {
    const properties = schema.properties;
    return Object.entries(value).flatMap(([key, inner]) => picturesIn(properties[key], inner));
  }
  return [];
}

/** Every field that differs between `before` and `after`, walking the form's JSON Schema for the names. */
export function fieldChanges(schema: unknown, before: unknown, after: unknown, at: string[] = []): FieldChange[] {
  if (isDict(before) && isDict(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) =>
      fieldChanges(isDict(schema) && isDict(schema.properties) ? schema.properties[key] : undefined, before[key], after[key], [
        ...at,
        titleOf(schema, key),
      ]),
    );
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const items = isDict(schema) ? schema.items : undefined;
    return Array.from({ length: Math.max(before.length, after.length) }, (_, index) =>
      fieldChanges(items, before[index], after[index], [...at, entryLabel(index, before[index], after[index])]),
    ).flat();
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  const change: FieldChange = { field: at.join(" › ") || "Datei", before: plain(before, schema), after: plain(after, schema) };
  // A picture field, or an entry added or removed whole that holds one: the pictures, to show beside the paths.
  const pictures = { before: picturesIn(schema, before)[0], after: picturesIn(schema, after)[0] };
  if (pictures.before || pictures.after) change.pictures = pictures;
  if (change.before.includes("\n") || change.after.includes("\n")) change.lines = changedLines(change.before, change.after);
  return [change];
}

/** The form's name of the field at `path` („Häufige Fragen › Eintrag 2 (…) › Antwort“), from the schema and the data. */
export function fieldLabel(schema: unknown, path: string[], ...versions: unknown[]): string {
  const names: string[] = [];
  let at = schema;
  let values = versions;
  for (const key of path) {
    if (/^\d+$/.test(key) && (values.some(Array.isArray) || (isDict(at) && at.type === "array"))) {
      const items = values.map((value) => (Array.isArray(value) ? value[Number(key)] : undefined));
      // A list whose entries have names of their own („Variante B“, „Variante C“) calls them so.
      const named =
        isDict(at) && Array.isArray(at[ITEM_NAMES_KEYWORD]) ? (at[ITEM_NAMES_KEYWORD] as string[])[Number(key)] : undefined;
      names.push(named ?? entryLabel(Number(key), ...items));
      at = isDict(at) ? at.items : undefined;
      values = items;
    } else {
      names.push(titleOf(at, key));
      at = isDict(at) && isDict(at.properties) ? at.properties[key] : undefined;
      values = values.map((value) => (isDict(value) ? value[key] : undefined));
    }
  }
  return names.join(" › ") || "Datei";
}

/** The value at `path` as the owner or editor reads it. */
export function plainAt(data: unknown, path: string[]): string {
  return plain(path.reduce<unknown>((at, key) => (isDict(at) || Array.isArray(at) ? (at as Dict)[key] : undefined), data));
}

/** The paths of the fields that differ between `before` and `after`, walked as `fieldChanges` walks them. */
export function changedPaths(before: unknown, after: unknown, at: string[] = []): string[][] {
  if (isDict(before) && isDict(after))
    return [...new Set([...Object.keys(before), ...Object.keys(after)])].flatMap((key) =>
      changedPaths(before[key], after[key], [...at, key]),
    );
  if (Array.isArray(before) && Array.isArray(after))
    return Array.from({ length: Math.max(before.length, after.length) }, (_, index) =>
      changedPaths(before[index], after[index], [...at, String(index)]),
    ).flat();
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [at];
}
