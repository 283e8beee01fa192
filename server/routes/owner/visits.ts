/** Besucher: the visit statistics of the last 30 or 90 days (server/analytics), as JSON and as CSV. */
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { VisitsQuery } from "../../../common/owner/schemas";
import { VisitsAnswer } from "../../../common/owner/responses";
import { STATS_PERIODS } from "../../../common/visit-stats";
import { SOURCE_HEADER, routeRow, sourceRow, statsForDays } from "../../analytics/report";
import { toCsv } from "../../cli/csv";

const periodOf = (value: string | undefined): number => (value === undefined ? STATS_PERIODS[0] : Number(value));

export default async function visitRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const timeZone = app.mail.site.timeZone;

  const withPeriod = { schema: { querystring: VisitsQuery } };
  app.get("/besucher", { schema: { querystring: VisitsQuery, response: { 200: VisitsAnswer } } }, async (request) => {
    const days = periodOf(request.query.tage);
    return { ...(await statsForDays(app.db, days, timeZone)), counting: app.visitStats !== null };
  });

  app.get("/besucher/export.csv", withPeriod, async (request, reply) => {
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
