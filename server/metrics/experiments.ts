/** The running experiments' figures per variant on each scrape (server/experiments/report.ts); ended ones drop out. */
import type { FastifyInstance } from "fastify";
import { experimentReports } from "../experiments/report";
import type { Collectors } from "./collectors";

export async function readExperimentGauges(app: FastifyInstance, metrics: Collectors): Promise<void> {
  const today = app.experiments.today();
  const running = (await app.experiments.list()).filter((experiment) => experiment.state === "läuft");
  const reports = await experimentReports(app.db, running, today);
  metrics.experimentFigures.reset();
  metrics.experimentBeatsOriginal.reset();
  for (const report of reports)
    for (const result of report.results) {
      const labels = { experiment: report.id, variant: result.variant };
      metrics.experimentFigures.set({ ...labels, figure: "views" }, result.views);
      metrics.experimentFigures.set({ ...labels, figure: "leads" }, result.leads);
      metrics.experimentFigures.set({ ...labels, figure: "confirmed" }, result.confirmed);
      metrics.experimentFigures.set({ ...labels, figure: "contacts" }, result.contacts);
      if (result.beatsOriginal !== undefined) metrics.experimentBeatsOriginal.set(labels, result.beatsOriginal);
    }
}
