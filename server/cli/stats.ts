/** `leads stats`: views, visits by source, sign-ups, confirmations and contact requests of the last days. */
import path from "node:path";
import { readSiteSettings } from "../../common/content/read-content";
import { ROUTE_HEADER, SOURCE_HEADER, routeRow, sourceRow, statsForDays } from "../analytics/report";
import { dayClock } from "../analytics/day";
import { EXPERIMENT_HEADER, experimentReports, experimentRows, readExperimentsFile } from "../experiments/report";
import { option, rejectUnknown, UsageError, type Command } from "./command";
import { printable, table } from "./format";

const DEFAULT_DAYS = 30;
const MAX_DAYS = 3660;

export const statsCommand: Command = {
  name: "stats",
  usage: "stats [--days N] [--json]",
  summary: "zeigt Aufrufe, Quellen, Anmeldungen und Anfragen der letzten N Tage (Standard 30)",
  async run({ db, args, print, cwd }) {
    rejectUnknown(args, ["--days", "--json"]);
    const raw = option(args, "--days");
    const days = raw === undefined ? DEFAULT_DAYS : Number(raw);
    if (!/^\d+$/.test(raw ?? "30") || days < 1 || days > MAX_DAYS) {
      throw new UsageError(`--days braucht eine ganze Zahl von 1 bis ${MAX_DAYS}`);
    }
    const { timeZone } = readSiteSettings(path.join(cwd, "content"));
    const stats = await statsForDays(db, days, timeZone);
    // Experiments are shown whole, from their start (server/experiments/report.ts).
    const experiments = await experimentReports(db, readExperimentsFile(path.join(cwd, "content")), dayClock(timeZone)());
    if (args.includes("--json")) {
      const figures = (row: { views: number; leads: number; confirmed: number; contacts: number }) => ({
        views: row.views,
        leads: row.leads,
        confirmed: row.confirmed,
        contacts: row.contacts,
      });
      print(
        JSON.stringify(
          {
            days: stats.days,
            from: stats.from,
            to: stats.to,
            routes: stats.routes.map((row) => ({ route: row.route, ...figures(row) })),
            sources: stats.sources.map((row) => ({
              source: row.source,
              medium: row.medium,
              campaign: row.campaign,
              ...figures(row),
            })),
            experiments,
          },
          null,
          2,
        ),
      );
      return;
    }
    const total = (key: "views" | "visits" | "leads" | "confirmed" | "contacts") =>
      stats.perDay.reduce((sum, day) => sum + day[key], 0);
    print(`Besucher vom ${stats.from} bis ${stats.to} (${days} Tage)`);
    print(
      `${total("views")} Aufrufe, ${total("visits")} Besuche, ${total("leads")} Anmeldungen, ` +
        `${total("confirmed")} bestätigt, ${total("contacts")} Anfragen`,
    );
    print("");
    print("Seiten");
    print(stats.routes.length > 0 ? table(ROUTE_HEADER, stats.routes.map(routeRow)) : "(noch nichts gezählt)");
    print("");
    print("Quellen (Besuche: Aufrufe, die von außen kamen)");
    print(
      stats.sources.length > 0
        ? table(
            SOURCE_HEADER,
            stats.sources.map((row) => sourceRow(row).map(printable)),
          )
        : "(noch nichts gezählt)",
    );
    for (const report of experiments) {
      print("");
      print(
        `Experiment „${report.id}“: ${report.pageTitle} (${report.page}), ${report.fieldName} (${report.field}), ${report.share} % der Besuche: ${report.note}`,
      );
      print(table(EXPERIMENT_HEADER, experimentRows(report)));
      if (report.warning) print(report.warning);
    }
  },
};
