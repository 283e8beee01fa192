/**
 * What content/experiments.json must say beyond its shape (experiment-schema.ts): the field names a text of
 * the page that may vary (experiment-fields.ts), each variant differs from the original and passes the
 * checks the original's place has (the home page's headline and lead name no drink), the end is not before
 * the start, ids are unique and a page has one running experiment at a time. The general checks of the copy
 * (figures with their basis, placeholders, typography, health claims) run on the file like on every page's
 * (read-content.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { ALL_ROUTES, ROUTES } from "../routes";
import { heroDrinkProblems } from "../content/editorial-checks";
import { EXPERIMENT_PAGES, EXPERIMENTS_FILE } from "./experiment-schema";
import { VARIANT_NAMES } from "./variant-pages";
import { refusedField } from "./experiment-fields";
import { valueAt, withTextAt } from "./field-path";

export interface ExperimentEntry {
  id: string;
  page: string;
  field: string;
  variants: string[];
  share: number;
  start: string;
  end: string;
  status: "läuft" | "beendet" | "übernommen";
}

/** The content file of a page ("pages/home.json"), undefined for a path without one. */
export const pageFileOf = (page: string): string | undefined => ALL_ROUTES.find((route) => route.path === page)?.content;

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/** The problems of each experiment against the pages' files in `dir` (content/). */
export function experimentProblems(dir: string): string[] {
  const value = readJson(path.join(dir, EXPERIMENTS_FILE)) as { experiments?: unknown } | undefined;
  if (!value || !Array.isArray(value.experiments)) return []; // the schema check reports it
  return checkExperiments(value.experiments as ExperimentEntry[], (file) => readJson(path.join(dir, file)));
}

export function checkExperiments(experiments: readonly ExperimentEntry[], readPage: (file: string) => unknown): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const running = new Map<string, string>();
  experiments.forEach((experiment, index) => {
    const where = `content/${EXPERIMENTS_FILE}, Experiment ${index + 1} („${experiment.id}“)`;
    if (seen.has(experiment.id)) problems.push(`${where}, Feld „id“: gibt es schon; jedes Experiment braucht eine eigene`);
    seen.add(experiment.id);
    if (experiment.end < experiment.start) problems.push(`${where}, Feld „end“: liegt vor dem Start (${experiment.start})`);
    const file = pageFileOf(experiment.page);
    // Another page (a legal text, a mail's landing page) is refused by the schema already.
    if (!file || !EXPERIMENT_PAGES.includes(experiment.page)) return;
    const page = readPage(file);
    const current = valueAt(page, experiment.field);
    const refused = refusedField(experiment.field, current);
    if (refused) {
      problems.push(`${where}, Feld „field“: „${experiment.field}“ der Seite ${experiment.page} ${refused}`);
      return;
    }
    experiment.variants.forEach((text, variant) => {
      const at = `${where}, Feld „variants[${variant}]“ (Variante ${VARIANT_NAMES[variant + 1]})`;
      // After „Gewinner übernehmen“ the winner is the page's text: only a running experiment must differ from it.
      if (text === current && experiment.status === "läuft") problems.push(`${at}: ist derselbe Text wie das Original`);
      if (experiment.page === ROUTES.home.path && experiment.field.startsWith("hero.")) {
        const hero = (withTextAt(page, experiment.field, text) as { hero?: { title?: unknown; lead?: unknown } }).hero;
        problems.push(...heroDrinkProblems(hero).map((problem) => `${at}: ${problem.replace(/^[^:]*: /, "")}`));
      }
    });
    if (experiment.status === "läuft") {
      const other = running.get(experiment.page);
      if (other)
        problems.push(
          `${where}, Feld „status“: auf ${experiment.page} läuft schon „${other}“; eine Seite testet eins nach dem anderen`,
        );
      running.set(experiment.page, experiment.id);
    }
  });
  return problems;
}
