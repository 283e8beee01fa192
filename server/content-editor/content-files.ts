/**
 * A content file as its form sees it and back: JSON files as their data (without "$schema", which is put
 * back on writing), legal texts and e-mail templates as their head fields plus `body`. Only the files of
 * EDITABLE_FILES and pictures under content/images/ are ever touched, and never through a symbolic link.
 */
import { lstat } from "node:fs/promises";
import path from "node:path";
import { editableFile, type EditableFile } from "../../common/content/editable-files";
import { readFrontMatter } from "../../common/content/front-matter";
import { schemaReference } from "../../common/content/json-schemas";
import { FINGERPRINTED_LEGAL, renderedFingerprint } from "../../common/content/rendered-fingerprint";

import type { FormData } from "../../common/content/content-forms";

export { formDataOf, formSchemaFor } from "../../common/content/content-forms";

/** The folder inside the work tree that holds the content. */
export const CONTENT_DIR = "content";

/** "testimonials.json" → "content/testimonials.json", for files of EDITABLE_FILES only. */
export function contentPath(file: string): string {
  if (!editableFile(file)) throw new Error(`not an editable file: ${file}`);
  return `${CONTENT_DIR}/${file}`;
}

/**
 * True when no part of `relative` below the work tree is a symbolic link (a missing last part is fine:
 * a new file). Called before every read and write of the tree.
 */
export async function withoutSymlinks(workTree: string, relative: string): Promise<boolean> {
  const parts = relative.split("/");
  let current = workTree;
  for (const part of parts) {
    if (!part || part === "." || part === "..") return false;
    current = path.join(current, part);
    const info = await lstat(current).catch(() => undefined);
    if (!info) return true;
    if (info.isSymbolicLink()) return false;
  }
  return true;
}

/** Formats JSON as the project's Prettier does, when Prettier is there; else plain two-space JSON. */
async function formatJson(text: string, file: string): Promise<string> {
  try {
    const prettier = await import("prettier");
    const options = (await prettier.resolveConfig(file)) ?? {};
    return await prettier.format(text, { ...options, filepath: file });
  } catch {
    return text;
  }
}

const INVISIBLE = /[\u00a0\u00ad\u2009\u200b\u2011\u202f\u2060]/g;

const escapeOf = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** Each string literal of a JSON text as written, by the path of its value (keys and indexes as JSON). */
function literalsByPath(text: string): Map<string, string> {
  const literals = new Map<string, string>();
  try {
    JSON.parse(text);
  } catch {
    return literals;
  }
  let at = 0;
  const space = () => {
    while (/\s/.test(text[at] ?? "")) at++;
  };
  const string = () => {
    const start = at++;
    while (text[at] !== '"') at += text[at] === "\\" ? 2 : 1;
    at++;
    return text.slice(start, at);
  };
  const value = (where: (string | number)[]): void => {
    space();
    const first = text[at];
    if (first === '"') literals.set(JSON.stringify(where), string());
    else if (first === "{" || first === "[") {
      const close = first === "{" ? "}" : "]";
      at++;
      space();
      for (let index = 0; text[at] !== close; index++) {
        if (first === "{") {
          const key = JSON.parse(string()) as string;
          space();
          at++; // the colon
          value([...where, key]);
        } else value([...where, index]);
        space();
        if (text[at] === ",") at++;
        space();
      }
      at++;
    } else while (at < text.length && !/[\s,\]}]/.test(text[at]!)) at++;
  };
  value([]);
  return literals;
}

/** A JSON string literal's spelling of each UTF-16 unit of its value ("\u00a0", "\\n", "ä" …). */
function unitsOf(literal: string): string[] {
  const units: string[] = [];
  for (let at = 1; at < literal.length - 1;) {
    const size = literal[at] !== "\\" ? 1 : literal[at + 1] === "u" ? 6 : 2;
    units.push(literal.slice(at, at + size));
    at += size;
  }
  return units;
}

const isHigh = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLow = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * JSON with two spaces as JSON.stringify writes it, but each string spelled as in the original file: what
 * the editor left as it was keeps its characters (a raw no-break space stays raw, "\u00a0" stays "\u00a0",
 * also in a changed string around the change); in what is new, an invisible space is written as the string
 * wrote it before, else as the file mostly does, else as "\u00a0" (visible in the file, as the content is
 * written by hand).
 */
function jsonLike(value: unknown, original: string | undefined): string {
  const literals = literalsByPath(original ?? "");
  const source = original ?? "";
  const count = (text: string, part: string) => text.split(part).length - 1;
  const rawIn = (text: string, char: string): boolean | undefined => {
    const raw = count(text, char);
    const escaped = count(text.toLowerCase(), escapeOf(char));
    return raw === escaped ? undefined : raw > escaped;
  };
  const stringLiteral = (text: string, where: (string | number)[]) => {
    const before = literals.get(JSON.stringify(where));
    const spell = (part: string) =>
      JSON.stringify(part)
        .slice(1, -1)
        .replace(INVISIBLE, (char) =>
          ((before && rawIn(before, char)) ?? rawIn(source, char) ?? false) ? char : escapeOf(char),
        );
    if (before === undefined) return `"${spell(text)}"`;
    const old = JSON.parse(before) as string;
    if (old === text) return before;
    const units = unitsOf(before);
    let head = 0;
    while (head < old.length && head < text.length && old[head] === text[head]) head++;
    if (head > 0 && isHigh(text.charCodeAt(head - 1))) head--;
    let tail = 0;
    while (tail < old.length - head && tail < text.length - head && old.at(-1 - tail) === text.at(-1 - tail)) tail++;
    if (tail > 0 && isLow(text.charCodeAt(text.length - tail))) tail--;
    const kept = (from: number, to: number) => units.slice(from, to).join("");
    return `"${kept(0, head)}${spell(text.slice(head, text.length - tail))}${kept(old.length - tail, old.length)}"`;
  };
  const render = (item: unknown, indent: string, where: (string | number)[]): string => {
    if (typeof item === "string") return stringLiteral(item, where);
    if (item === null || typeof item !== "object") return JSON.stringify(item) ?? "null";
    const inner = `${indent}  `;
    if (Array.isArray(item)) {
      if (item.length === 0) return "[]";
      const items = item.map((element, index) => `${inner}${render(element ?? null, inner, [...where, index])}`);
      return `[\n${items.join(",\n")}\n${indent}]`;
    }
    const entries = Object.entries(item).filter(([, field]) => field !== undefined && typeof field !== "function");
    if (entries.length === 0) return "{}";
    const fields = entries.map(([key, field]) => `${inner}${JSON.stringify(key)}: ${render(field, inner, [...where, key])}`);
    return `{\n${fields.join(",\n")}\n${indent}}`;
  };
  return render(value, "", []);
}

const yamlValue = (value: unknown) => JSON.stringify(value);

/**
 * A head line kept as it was when its value did not change, so a commit shows only what the editor changed.
 */
function headLines(original: string, values: [string, unknown][]): string[] {
  const before = new Map<string, string>();
  let previous: Record<string, unknown> = {};
  try {
    previous = readFrontMatter(original).data;
    for (const line of original.split(/\r?\n/).slice(1)) {
      if (line === "---") break;
      const key = /^([A-Za-z]+):/.exec(line)?.[1];
      if (key) before.set(key, line);
    }
  } catch {
    // a broken head is written anew
  }
  return values
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => (previous[key] === value && before.has(key) ? before.get(key)! : `${key}: ${yamlValue(value)}`));
}

/**
 * The file's new text from the form's data. `original` is the file's current text: untouched head fields
 * keep their lines, and "$schema" stays where it was. A privacy text whose words changed gets today's
 * „revised“ and its new fingerprint (the consent proof names that version), as the content check asks.
 */
export async function fileTextOf(
  entry: EditableFile,
  data: FormData,
  original: string | undefined,
  site: unknown,
  today: string,
): Promise<string> {
  if (entry.kind === "json") {
    let value = data;
    const hadSchema = original !== undefined && /"\$schema"\s*:/.test(original);
    if (hadSchema && value && typeof value === "object" && !Array.isArray(value))
      value = { $schema: schemaReference(entry.file), ...(value as Record<string, unknown>) };
    return formatJson(`${jsonLike(value, original)}\n`, `${CONTENT_DIR}/${entry.file}`);
  }
  const fields = (data ?? {}) as Record<string, unknown>;
  const body = typeof fields.body === "string" ? fields.body.replace(/\r\n/g, "\n") : "";
  const compose = (head: [string, unknown][]) => {
    const lines = headLines(original ?? "", head);
    // Always a head, even an empty one: so a body can never be read as the file's head (`---js` …).
    const text = `---\n${lines.map((line) => `${line}\n`).join("")}---\n${entry.kind === "legal" ? "\n" : ""}${body}`;
    return text.endsWith("\n") ? text : `${text}\n`;
  };
  if (entry.kind === "email")
    return compose(path.posix.basename(entry.file).startsWith("_") ? [] : [["subject", fields.subject]]);
  const slug = path.posix.basename(entry.file, ".md");
  const previous = original ? safeHead(original) : {};
  const legalHead = (revised: unknown, fingerprint: unknown): [string, unknown][] => [
    ["title", fields.title],
    ["slug", slug],
    ["description", fields.description],
    ["revised", revised],
    ["fingerprint", fingerprint],
  ];
  const text = compose(legalHead(fields.revised, previous.fingerprint));
  if (!(FINGERPRINTED_LEGAL as readonly string[]).includes(slug)) return text;
  const current = renderedFingerprint(readFrontMatter(text).content, site);
  return current === previous.fingerprint ? text : compose(legalHead(today, current));
}

function safeHead(source: string): Record<string, unknown> {
  try {
    return readFrontMatter(source).data;
  } catch {
    return {};
  }
}
