/**
 * The visit statistics as rows of text, shared by the command line (`leads stats`) and the owner area's
 * CSV export: one row per page and per source with its conversion rates.
 */
import { rate, type RouteFunnel, type SourceFunnel, type VisitStats } from "../../common/visit-stats";
import { dayClock } from "./day";
import type { Queryable } from "../db/types";
import { readVisitStats } from "./store";

export const ROUTE_HEADER = [
  "Seite",
  "Aufrufe",
  "Anmeldungen",
  "Anmelderate",
  "Bestätigt",
  "nach 30 Tagen noch dabei",
  "Anfragen",
];
export const SOURCE_HEADER = [
  "Quelle",
  "Medium",
  "Kampagne",
  "Besuche",
  "Anmeldungen",
  "Anmelderate",
  "Bestätigt",
  "nach 30 Tagen noch dabei",
  "Anfragen",
];

const kept = (row: RouteFunnel | SourceFunnel) =>
  row.confirmedLongAgo > 0 ? `${row.stillSubscribed} von ${row.confirmedLongAgo}` : "–";

/** A page's or a source's funnel as the CSV and the command line show it, after the columns that name it. */
const funnelFigures = (row: RouteFunnel | SourceFunnel): string[] => [
  String(row.views),
  String(row.leads),
  rate(row.leads, row.views),
  String(row.confirmed),
  kept(row),
  String(row.contacts),
];

export function routeRow(row: RouteFunnel): string[] {
  return [row.route, ...funnelFigures(row)];
}

export function sourceRow(row: SourceFunnel): string[] {
  return [row.source, row.medium, row.campaign, ...funnelFigures(row)];
}

/** The statistics of the last `days` days in the site's time zone (content/site.json `timeZone`). */
export function statsForDays(db: Queryable, days: number, timeZone: string): Promise<VisitStats> {
  return readVisitStats(db, days, dayClock(timeZone)(), timeZone);
}
