/**
 * The experiments a build holds (its BUILT_EXPERIMENTS_FILE, written by gatsby-node.ts with each variant's
 * page), read again when the file changes, so a new release brings its experiments along. An experiment runs
 * while its status is „läuft“ and today (in the site's time zone) lies between its start and end; past its
 * end it stops by itself and every view gets the original.
 */
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { BUILT_EXPERIMENTS_FILE } from "../../common/experiments/variant-pages";
import type { ExperimentEntry } from "../../common/experiments/experiment-problems";

export type BuiltExperiment = ExperimentEntry;

export type ExperimentState = "läuft" | "geplant" | "abgelaufen" | "beendet" | "übernommen";

/** Where an experiment stands on `today` (YYYY-MM-DD). */
export function stateOf(experiment: BuiltExperiment, today: string): ExperimentState {
  if (experiment.status !== "läuft") return experiment.status;
  if (today < experiment.start) return "geplant";
  if (today > experiment.end) return "abgelaufen";
  return "läuft";
}

export class BuiltExperiments {
  private readonly known = new Map<string, { mtimeMs: number; experiments: BuiltExperiment[] }>();

  /** The experiments of the build in `publicDir`; none when it has no list or an unreadable one. */
  async all(publicDir: string): Promise<BuiltExperiment[]> {
    const file = path.join(publicDir, BUILT_EXPERIMENTS_FILE);
    const info = await stat(file).catch(() => undefined);
    const known = this.known.get(publicDir);
    if (known && known.mtimeMs === (info?.mtimeMs ?? -1)) return known.experiments;
    let experiments: BuiltExperiment[] = [];
    if (info) {
      try {
        const listed = (JSON.parse(await readFile(file, "utf8")) as { experiments?: unknown }).experiments;
        if (Array.isArray(listed)) experiments = listed as BuiltExperiment[];
      } catch {
        // an unreadable list runs no experiment: every page is sent as it is
      }
    }
    if (this.known.size > 20) this.known.clear();
    this.known.set(publicDir, { mtimeMs: info?.mtimeMs ?? -1, experiments });
    return experiments;
  }

  /** The experiment running on `page` today, if any. */
  async runningOn(publicDir: string, page: string, today: string): Promise<BuiltExperiment | undefined> {
    return (await this.all(publicDir)).find((experiment) => experiment.page === page && stateOf(experiment, today) === "läuft");
  }
}
