/**
 * The content check's German messages as GitHub Actions annotations (`npm run check:content -- --github`):
 * `::error file=content/testimonials.json,line=6::…`, shown on the file and line of a pull request. The line
 * is where the named field stands (in the named entry of a list); without a field, the file's first line.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

const PROBLEM = /^(content\/[^,:]+)(?:, Eintrag (\d+)[^,:]*)?(?:, Feld „([^“]+)“)?/;

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
    const line = lineOf(text, field, entry === undefined ? undefined : Number(entry));
    return `::error file=${escapeProperty(file!)},line=${line},title=Inhaltsprüfung::${escapeData(problem)}`;
  });
}
