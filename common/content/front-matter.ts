/**
 * The one reader of the front matter of the Markdown content (legal texts, e-mail templates): the YAML
 * block between the two `---` lines, and the text after it.
 */
import matter from "gray-matter";

export interface FrontMatter {
  data: Record<string, unknown>;
  content: string;
}

export class FrontMatterError extends Error {}

/** A file without front matter has empty data; broken YAML throws a FrontMatterError with a German message. */
export function readFrontMatter(source: string): FrontMatter {
  if (/^---\r?\n/.test(source) && !/\r?\n---(\r?\n|$)/.test(source.slice(3))) {
    throw new FrontMatterError("Kopfbereich (--- … ---) ist nicht abgeschlossen");
  }
  let parsed: { data: unknown; content: string };
  try {
    // A fresh options object bypasses gray-matter's cache, which keeps the first result of a text.
    parsed = matter(source, {});
  } catch (error) {
    throw new FrontMatterError(
      `kein gültiges YAML (${(error as Error).message.split("\n")[0]}); Texte mit „:“ in Anführungszeichen setzen`,
    );
  }
  if (!parsed.data || typeof parsed.data !== "object" || Array.isArray(parsed.data)) {
    throw new FrontMatterError("Zeile im Kopfbereich nicht lesbar; jede Zeile braucht die Form „name: Wert“");
  }
  return { data: parsed.data as Record<string, unknown>, content: parsed.content };
}
