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
    // Invisible spaces stay visible in the file, as the content is written by hand: "\u00a0", not " ".
    const json = JSON.stringify(value, null, 2).replace(
      INVISIBLE,
      (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
    );
    return formatJson(`${json}\n`, `${CONTENT_DIR}/${entry.file}`);
  }
  const fields = (data ?? {}) as Record<string, unknown>;
  const body = typeof fields.body === "string" ? fields.body.replace(/\r\n/g, "\n") : "";
  const compose = (head: [string, unknown][]) => {
    const lines = headLines(original ?? "", head);
    const text = `${lines.length > 0 ? `---\n${lines.join("\n")}\n---\n` : ""}${entry.kind === "legal" ? "\n" : ""}${body}`;
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
