/**
 * The content check's German messages as GitHub Actions annotations (`npm run check:content -- --github`):
 * `::error file=content/testimonials.json,line=6,col=5::…`, shown on the file, line and column of a pull
 * request. The place is where the named field's key stands (in the named entry of a list, an unknown field's
 * key too), or where a JSON syntax error was found; without either, the file's first line.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { jsonPaths, positionAt, type TextPosition } from "../common/content/json-positions";

const PROBLEM = /^(content\/[^,:]+)(?:, Eintrag (\d+)(?: \(„[^“]*“\))?)?(?:, Feld „([^“]+)“)?/;
const UNKNOWN = /unbekannte(?:s Feld| Felder): ([^,\s]+)/;
const SYNTAX = /kein gültiges JSON in Zeile (\d+), Spalte (\d+)/;

/** GitHub's workflow commands end a value at a newline and read % specially. */
function escapeData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

export function lineOf(text: string, field: string | undefined, entry: number | undefined): number {
  const lines = text.split("\n");
  const key = field
    ?.split(/[.[\]]/)
    .filter(Boolean)
    .at(-1);
  if (!key) return 1;
  const hits = lines.flatMap((line, index) => (line.includes(`"${key}"`) ? [index + 1] : []));
  if (hits.length === 0) return 1;
  return hits[Math.min((entry ?? 1) - 1, hits.length - 1)] ?? 1;
}

/** The place a problem names in a JSON file's text; undefined when it names none that is there. */
export function positionOf(text: string, problem: string): TextPosition | undefined {
  const syntax = SYNTAX.exec(problem);
  if (syntax) return { line: Number(syntax[1]), column: Number(syntax[2]) };
  const match = PROBLEM.exec(problem);
  if (!match) return undefined;
  const [, , entry, fieldName] = match;
  const field = fieldName ?? UNKNOWN.exec(problem)?.[1];
  const entryPath = entry === undefined ? "" : `[${Number(entry) - 1}]`;
  const fieldPath = field === undefined ? "" : field.startsWith("[") || !entryPath ? field : `.${field}`;
  const wanted = `${entryPath}${fieldPath}`;
  if (!wanted) return undefined;
  const offset = jsonPaths(text).get(wanted);
  return offset === undefined ? undefined : positionAt(text, offset);
}

export function githubAnnotations(problems: readonly string[], projectDir: string): string[] {
  return problems.map((problem) => {
    const match = PROBLEM.exec(problem);
    if (!match) return `::error title=Inhaltsprüfung::${escapeData(problem)}`;
    const [, file, entry, field] = match;
    let text = "";
    try {
      text = readFileSync(path.join(projectDir, file!), "utf8");
    } catch {
      text = "";
    }
    const exact = file!.endsWith(".json") ? positionOf(text, problem) : undefined;
    const place = exact
      ? `line=${exact.line},col=${exact.column}`
      : `line=${lineOf(text, field, entry === undefined ? undefined : Number(entry))}`;
    return `::error file=${escapeProperty(file!)},${place},title=Inhaltsprüfung::${escapeData(problem)}`;
  });
}
