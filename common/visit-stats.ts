/**
 * The figures of the visit statistics as the server hands them to the owner area and the command line
 * (server/analytics/store.ts), and how a conversion rate is worked out from them.
 */

/** Days after confirming that a funnel counts who is still subscribed. */
export const KEPT_AFTER_DAYS = 30;

/** Distinct sources (source, medium and campaign together) counted apart per day; later ones count as "andere". */
export const MAX_SOURCES_PER_DAY = 300;

/** The periods the owner area offers, in days. */
export const STATS_PERIODS = [30, 90] as const;

/** One day: views of all pages, visits (views that came from outside), form posts, confirmations. */
export interface DayFigures {
  day: string;
  views: number;
  visits: number;
  leads: number;
  contacts: number;
  confirmed: number;
}

export interface FunnelRow {
  views: number;
  leads: number;
  contacts: number;
  /** Sign-ups from this page or source confirmed in the period. */
  confirmed: number;
  /** Of those confirmed at least KEPT_AFTER_DAYS ago: how many, and how many are still subscribed. */
  confirmedLongAgo: number;
  stillSubscribed: number;
}

export interface RouteFunnel extends FunnelRow {
  route: string;
  /** Of the views, those counted from Gatsby's page-data.json: inside the site, hovered links included. */
  inSite: number;
}

/** Per source, `views` are visits: views that came from outside the site or with utm_source. */
export interface SourceFunnel extends FunnelRow {
  source: string;
  medium: string;
  campaign: string;
}

export interface VisitStats {
  days: number;
  from: string;
  to: string;
  perDay: DayFigures[];
  routes: RouteFunnel[];
  sources: SourceFunnel[];
  devices: { device: string; views: number }[];
}

/** `part` of `whole` in per cent with one decimal, German style ("12,5 %"); "–" without a whole. */
export function rate(part: number, whole: number): string {
  if (whole <= 0) return "–";
  // A share is at most the whole: more sign-ups than views (several from one view, views not counted) read 100 %.
  return `${(Math.round(Math.min(1, part / whole) * 1000) / 10).toLocaleString("de-DE")} %`;
}
