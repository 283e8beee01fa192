/**
 * The figures of the visit statistics as the server hands them to the owner area and the command line
 * (server/analytics/store.ts), and how a conversion rate is worked out from them.
 */
import type { VisitStats } from "./owner/responses";

/** Days after confirming that a funnel counts who is still subscribed. */
export const KEPT_AFTER_DAYS = 30;

/** Distinct sources (source, medium and campaign together) counted apart per day; later ones count as "andere". */
export const MAX_SOURCES_PER_DAY = 300;

/** The periods the owner area offers, in days. */
export const STATS_PERIODS = [30, 90] as const;

/** The figures as the owner API declares them (common/owner/responses.ts), with names for their parts. */
export type { VisitStats };
export type RouteFunnel = VisitStats["routes"][number];
export type SourceFunnel = VisitStats["sources"][number];
/** What a page's and a source's funnel share. */
export type FunnelRow = Omit<SourceFunnel, "source" | "medium" | "campaign">;

/** `part` of `whole` in per cent with one decimal, German style ("12,5 %"); "–" without a whole. */
export function rate(part: number, whole: number): string {
  if (whole <= 0) return "–";
  // A share is at most the whole: more sign-ups than views (several from one view, views not counted) read 100 %.
  return `${(Math.round(Math.min(1, part / whole) * 1000) / 10).toLocaleString("de-DE")} %`;
}
