/**
 * The one reader of the front matter of the Markdown content (legal texts, e-mail templates): the YAML
 * block between the two `---` lines, and the text after it. Front matter is YAML and nothing else: a head
 * that names another language (`---js`, `---coffee`, `--- json`) is refused before anything reads it, and
 * gray-matter's other engines throw, so no content file can run code wherever it is read.
 */
import matter from "gray-matter";

export interface FrontMatter {
  data: Record<string, unknown>;
  content: string;
}

export class FrontMatterError extends Error {}

const OTHER_LANGUAGE = "Kopfbereich nur als YAML: die erste Zeile ist genau „---“, ohne Zusatz wie „---js“";

/** Every engine but YAML refuses, whatever name a head gives it. */
const refuse = () => {
  throw new FrontMatterError(OTHER_LANGUAGE);
};
const ONLY_YAML = {
  language: "yaml",
  engines: { js: refuse, javascript: refuse, coffee: refuse, coffeescript: refuse, cson: refuse, json: refuse, toml: refuse },
};

/** True when `source` starts with a head line other than a plain `---`. */
export const namesOtherLanguage = (source: string): boolean => /^---[^\S\r\n]*\S/.test(source.replace(/^\uFEFF/, ""));

/** A file without front matter has empty data; broken YAML throws a FrontMatterError with a German message. */
export function readFrontMatter(source: string): FrontMatter {
  if (namesOtherLanguage(source)) throw new FrontMatterError(OTHER_LANGUAGE);
  if (/^---\r?\n/.test(source) && !/\r?\n---(\r?\n|$)/.test(source.slice(3))) {
    throw new FrontMatterError("Kopfbereich (--- … ---) ist nicht abgeschlossen");
  }
  let parsed: { data: unknown; content: string };
  try {
    // A fresh options object bypasses gray-matter's cache, which keeps the first result of a text.
    parsed = matter(source, { ...ONLY_YAML });
  } catch (error) {
    if (error instanceof FrontMatterError) throw error;
    throw new FrontMatterError(
      `kein gültiges YAML (${(error as Error).message.split("\n")[0]}); Texte mit „:“ in Anführungszeichen setzen`,
    );
  }
  if (!parsed.data || typeof parsed.data !== "object" || Array.isArray(parsed.data)) {
    throw new FrontMatterError("Zeile im Kopfbereich nicht lesbar; jede Zeile braucht die Form „name: Wert“");
  }
  return { data: parsed.data as Record<string, unknown>, content: parsed.content };
}
