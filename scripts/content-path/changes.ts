/**
 * What a commit range changed, for the content path (`npm run ci:release`) and the pull request's preview
 * comment: the changed files, whether all of them are content, and per content file the texts that are new
 * and one German line on what changed.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { FIELD_TITLES } from "../../common/content/field-titles";
import { stringsIn } from "../../common/content/read-content";

export interface ContentChange {
  /** Relative to the project, e.g. "content/testimonials.json". */
  file: string;
  /** One German line: which entries and fields changed, or that the file is new or gone. */
  summary: string;
  /** Texts of the new version that the old one did not have (sentences and titles, links as their label). */
  texts: string[];
}

function git(projectDir: string, args: string[]): string {
  return execFileSync("git", args, { cwd: projectDir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 << 20 });
}

/** Files changed between `base` and the working tree's HEAD; undefined when `base` is unknown here. */
export function changedFiles(projectDir: string, base: string | undefined, head = "HEAD"): string[] | undefined {
  if (!base || /^0+$/.test(base)) return undefined;
  try {
    git(projectDir, ["cat-file", "-e", `${base}^{commit}`]);
  } catch {
    return undefined;
  }
  return git(projectDir, ["diff", "--name-only", "--no-renames", base, head])
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

/** A change is content-only when every changed file lies under content/ (texts, lists, legal texts, mails, pictures). */
export function isContentOnly(files: readonly string[]): boolean {
  return files.length > 0 && files.every((file) => file.startsWith("content/"));
}

function oldVersion(projectDir: string, base: string, file: string): string | undefined {
  try {
    return git(projectDir, ["show", `${base}:${file}`]);
  } catch {
    return undefined;
  }
}

function scalarsIn(value: unknown, at = ""): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (item: unknown, where: string) => {
    if (Array.isArray(item)) item.forEach((entry, index) => walk(entry, `${where}[${index}]`));
    else if (item && typeof item === "object")
      for (const [key, entry] of Object.entries(item)) walk(entry, where ? `${where}.${key}` : key);
    else found.set(where, JSON.stringify(item));
  };
  walk(value, at);
  return found;
}

/**
 * A changed field as the editor knows it, with the German names of the content description:
 * "[1].text" → "Eintrag 2, Text"; "hero.lead" → "Kopfbereich › Einleitung" (a name without a title stays).
 */
export function readablePath(field: string): string {
  const parts = [...field.matchAll(/\[(\d+)\]|([^.[\]]+)/g)].map(([, index, key]) =>
    index !== undefined ? `Eintrag ${Number(index) + 1}` : (FIELD_TITLES[key!] ?? key!),
  );
  return parts.reduce(
    (text, part, at) => (at === 0 ? part : `${text}${/^Eintrag \d+$/.test(parts[at - 1]!) ? ", " : " › "}${part}`),
    "",
  );
}

/** `[label](/seite)` shows as its label; placeholders and paths are no text to look for. */
export function visibleText(value: string): string | undefined {
  const text = value
    .replace(/\[([^\]]+)\]\([^)]+\)/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
  if (text.includes("{{") || !text.includes(" ") || text.length < 8) return undefined;
  return text;
}

function parse(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

function jsonChange(file: string, before: string | undefined, after: string): ContentChange {
  const oldValue = parse(before);
  const newValue = parse(after);
  const oldScalars = scalarsIn(oldValue);
  const newScalars = scalarsIn(newValue);
  const changed = [...new Set([...oldScalars.keys(), ...newScalars.keys()])].filter(
    (key) => key !== "$schema" && oldScalars.get(key) !== newScalars.get(key),
  );
  const oldTexts = new Set(stringsIn(oldValue).map(([, text]) => text));
  const texts = stringsIn(newValue)
    .filter(([field, text]) => field !== "$schema" && !oldTexts.has(text))
    .map(([, text]) => visibleText(text))
    .filter((text): text is string => text !== undefined);
  const shown = changed.slice(0, 4).map(readablePath).join("; ");
  const summary =
    before === undefined
      ? "neue Datei"
      : changed.length === 0
        ? "nur Formatierung geändert"
        : `geändert: ${shown}${changed.length > 4 ? ` und ${changed.length - 4} weitere` : ""}`;
  return { file, summary, texts: [...new Set(texts)] };
}

/** Markdown: the new lines' text, without the marks (#, *, links), as the page shows it. */
function markdownChange(file: string, before: string | undefined, after: string): ContentChange {
  const oldLines = new Set((before ?? "").split("\n").map((line) => line.trim()));
  const added = after
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !oldLines.has(line) && !line.startsWith("---") && !line.includes("|") && !/^[a-z]+:/.test(line));
  const texts = added
    .map((line) =>
      visibleText(
        line
          .replace(/^(#+|[-*]|\d+\.)\s+/, "")
          .replace(/[*_`]/g, "")
          .replace(/\s+/g, " "),
      ),
    )
    .filter((text): text is string => text !== undefined);
  const summary = before === undefined ? "neue Datei" : `${added.length} Zeile${added.length === 1 ? "" : "n"} neu oder geändert`;
  return { file, summary, texts: [...new Set(texts)] };
}

/** Per changed content file (a picture, a removed file: with a summary and no texts). */
export function contentChanges(projectDir: string, base: string, files: readonly string[]): ContentChange[] {
  return files
    .filter((file) => file.startsWith("content/") && !file.startsWith("content/schemas/"))
    .map((file) => {
      const full = path.join(projectDir, file);
      if (!existsSync(full)) return { file, summary: "entfernt", texts: [] };
      const before = oldVersion(projectDir, base, file);
      if (file.endsWith(".json")) return jsonChange(file, before, readFileSync(full, "utf8"));
      if (file.endsWith(".md") && !file.startsWith("content/emails/"))
        return markdownChange(file, before, readFileSync(full, "utf8"));
      return { file, summary: before === undefined ? "neue Datei" : "geändert", texts: [] };
    });
}
