/**
 * The built pages' visible text, to find the pages that show a content file's texts: for the content
 * path's check (each changed text appears on a page) and for the preview comment's links.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { builtPages } from "../../rig/audit/pages";
import type { ContentChange } from "./changes";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

export function visibleTextOf(html: string): string {
  return html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
      if (code.startsWith("#x") || code.startsWith("#X")) return String.fromCodePoint(parseInt(code.slice(2), 16));
      if (code.startsWith("#")) return String.fromCodePoint(Number(code.slice(1)));
      return ENTITIES[code.toLowerCase()] ?? whole;
    })
    .replace(/[\s\u00a0\u00ad]+/g, " ");
}

/** Every built page (path → visible text). */
export function pageTexts(publicDir: string): Map<string, string> {
  return new Map(
    builtPages(publicDir).map((page) => {
      const file = page === "/" ? "index.html" : path.join(page.slice(1), "index.html");
      return [page, visibleTextOf(readFileSync(path.join(publicDir, file), "utf8"))];
    }),
  );
}

export interface ShownChange extends ContentChange {
  /** The pages showing at least one of the change's texts, in the build's order. */
  pages: string[];
  /** Texts no page shows. */
  missing: string[];
}

export function whereShown(changes: readonly ContentChange[], pages: Map<string, string>): ShownChange[] {
  const normalized = (text: string) => text.replace(/\s+/g, " ").trim();
  return changes.map((change) => {
    const shownOn = new Set<string>();
    const missing: string[] = [];
    for (const text of change.texts) {
      const wanted = normalized(text);
      const on = [...pages].filter(([, pageText]) => pageText.includes(wanted)).map(([page]) => page);
      if (on.length === 0) missing.push(text);
      for (const page of on) shownOn.add(page);
    }
    return { ...change, pages: [...shownOn], missing };
  });
}
