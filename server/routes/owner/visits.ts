/** Besucher: the visit statistics of the last 30 or 90 days (server/analytics), as JSON and as CSV. */
import type { FastifyInstance } from "fastify";
import { OWNER_API } from "../../../common/owner/api";
import { STATS_PERIODS } from "../../../common/visit-stats";
import { SOURCE_HEADER, routeRow, sourceRow, statsForDays } from "../../analytics/report";
import { toCsv } from "../../cli/csv";
import { ownerRoute } from "./route";

const periodOf = (value: string | undefined): number => (value === undefined ? STATS_PERIODS[0] : Number(value));

export default async function visitRoutes(app: FastifyInstance): Promise<void> {
  const route = ownerRoute(app);
  const timeZone = app.mail.site.timeZone;

  route(OWNER_API.visits, async (request) => {
    const days = periodOf(request.query.tage);
    return { ...(await statsForDays(app.db, days, timeZone)), counting: app.visitStats !== null };
  });

  route(OWNER_API.visitsExport, async (request, reply) => {
    const days = periodOf(request.query.tage);
    const stats = await statsForDays(app.db, days, timeZone);
    const rows = [
      ...stats.routes.map((row) => {
        const [page, ...figures] = routeRow(row);
        return ["Seite", page!, "", "", ...figures];
      }),
      ...stats.sources.map((row) => ["Quelle", ...sourceRow(row)]),
    ];
    const header = ["Art", "Seite oder Quelle", "Medium", "Kampagne", "Aufrufe oder Besuche", ...SOURCE_HEADER.slice(4)];
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="besucher-${stats.from}-bis-${stats.to}.csv"`)
      .send(toCsv(header, rows));
  });
}
