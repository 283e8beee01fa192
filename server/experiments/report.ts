/**
 * An experiment's results as the owner area, the command line (`leads stats`) and the metrics show them: per
 * variant views, sign-ups, confirmed sign-ups (the goal), the rate with its interval, the probability of
 * beating the original and contact requests (the second goal), with where the experiment stands and the
 * warning while it is too early to decide.
 */
import fs from "node:fs";
import path from "node:path";
import type { Queryable } from "../db/types";
import { EXPERIMENTS_FILE } from "../../common/experiments/experiment-schema";
import { VARIANT_NAMES } from "../../common/experiments/variant-pages";
import { experimentTextName } from "../../common/experiments/experiment-form";
import { GERMAN_MONTHS } from "../../common/german-months";
import { stateOf, type BuiltExperiment, type ExperimentState } from "./built";
import { earlyWarning, variantResults, type VariantResult } from "./statistics";
import { readVariantFigures } from "./store";

export interface ExperimentReport {
  id: string;
  page: string;
  field: string;
  /** The page's title and the text's name in its form („Startseite“, „Kopfbereich › Titel“). */
  pageTitle: string;
  fieldName: string;
  share: number;
  start: string;
  end: string;
  state: ExperimentState;
  /** Where it stands, in German. */
  note: string;
  daysRun: number;
  /** The texts of B and C (the original is the page's). */
  variants: string[];
  results: VariantResult[];
  warning?: string;
}

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/** „2026-12-04“ as a German reads it: „4. Dezember 2026“. */
const day = (iso: string) => {
  const [year, month, date] = iso.split("-").map(Number);
  return month && date ? `${date}. ${GERMAN_MONTHS[month - 1]} ${year}` : iso;
};

const NOTES: Record<ExperimentState, (experiment: BuiltExperiment) => string> = {
  läuft: (e) => `läuft seit ${day(e.start)}, bis ${day(e.end)}`,
  geplant: (e) => `beginnt am ${day(e.start)}`,
  abgelaufen: (e) => `am ${day(e.end)} abgelaufen und von selbst beendet: alle sehen wieder das Original`,
  beendet: () => "beendet: alle sehen das Original",
  übernommen: () => "Gewinner übernommen: der Text steht jetzt in der Seite",
};

/** content/experiments.json as the command line reads it (the server reads its build's list, built.ts). */
export function readExperimentsFile(contentDir: string): BuiltExperiment[] {
  try {
    const value = JSON.parse(fs.readFileSync(path.join(contentDir, EXPERIMENTS_FILE), "utf8")) as { experiments?: unknown };
    return Array.isArray(value.experiments) ? (value.experiments as BuiltExperiment[]) : [];
  } catch {
    return [];
  }
}

export async function experimentReports(
  db: Queryable,
  experiments: readonly BuiltExperiment[],
  today: string,
): Promise<ExperimentReport[]> {
  const reports: ExperimentReport[] = [];
  for (const experiment of experiments) {
    const names = VARIANT_NAMES.slice(0, experiment.variants.length + 1);
    const results = variantResults(await readVariantFigures(db, experiment.id, names));
    const state = stateOf(experiment, today);
    const last = today < experiment.end ? today : experiment.end;
    const daysRun = state === "geplant" ? 0 : Math.max(0, daysBetween(experiment.start, last) + 1);
    reports.push({
      id: experiment.id,
      page: experiment.page,
      field: experiment.field,
      ...experimentTextName(experiment.page, experiment.field),
      share: experiment.share,
      start: experiment.start,
      end: experiment.end,
      state,
      note: NOTES[state](experiment),
      daysRun,
      variants: experiment.variants,
      results,
      warning: earlyWarning(results, daysRun),
    });
  }
  return reports;
}

const percent = (value: number) =>
  `${(value * 100).toLocaleString("de-DE", { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;

export const EXPERIMENT_HEADER = [
  "Variante",
  "Aufrufe",
  "Anmeldungen",
  "Bestätigt",
  "Rate",
  "95-%-Intervall",
  "schlägt das Original",
  "Anfragen",
];

export function experimentRows(report: ExperimentReport): string[][] {
  return report.results.map((result) => [
    result.variant === "A" ? "A (Original)" : result.variant,
    String(result.views),
    String(result.leads),
    String(result.confirmed),
    percent(result.rate),
    `${percent(result.interval.low)} – ${percent(result.interval.high)}`,
    result.beatsOriginal === undefined ? "–" : percent(result.beatsOriginal),
    String(result.contacts),
  ]);
}
