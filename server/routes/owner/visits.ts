/** Besucher: the visit statistics of the last 30 or 90 days (server/analytics), as JSON and as CSV. */
import type { FastifyInstance } from "fastify";
import { STATS_PERIODS } from "../../../common/visit-stats";
import { SOURCE_HEADER, routeRow, sourceRow, statsForDays } from "../../analytics/report";
import { toCsv } from "../../cli/csv";
import { sendError } from "../../http/errors";
import { OWNER_MESSAGES } from "./messages";

function periodOf(value: unknown): number | undefined {
  if (value === undefined) return STATS_PERIODS[0];
  return STATS_PERIODS.find((days) => String(days) === value);
}

export default async function visitRoutes(app: FastifyInstance): Promise<void> {
  const timeZone = app.mail.site.timeZone;

  app.get<{ Querystring: Record<string, unknown> }>("/api/verwaltung/besucher", async (request, reply) => {
    const days = periodOf(request.query.tage);
    if (!days) return sendError(request, reply, { status: 400, message: OWNER_MESSAGES.badPeriod });
    return { ...(await statsForDays(app.db, days, timeZone)), counting: app.visitStats !== null };
  });

  app.get<{ Querystring: Record<string, unknown> }>("/api/verwaltung/besucher/export.csv", async (request, reply) => {
    const days = periodOf(request.query.tage);
    if (!days) return sendError(request, reply, { status: 400, message: OWNER_MESSAGES.badPeriod });
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
