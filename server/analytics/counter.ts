/**
 * Counts in memory what store.ts writes every minute: views, sign-ups and contact requests per day,
 * route and device, and visits, sign-ups and requests per day and source. Both maps are bounded: routes
 * are the site's pages plus "andere" (request-kind.ts), and each day admits MAX_SOURCES_PER_DAY distinct
 * sources (source, medium and campaign together); later ones of that day are counted as "andere". So
 * neither memory nor the tables grow with junk referrers or utm values.
 */
import { MAX_SOURCES_PER_DAY } from "../../common/visit-stats";
import type { Device } from "./request-kind";
import { OTHER, type VisitSource } from "./source";

export type FormKind = "lead" | "contact";

export interface PageCount {
  day: string;
  route: string;
  device: Device;
  views: number;
  /** Of the views, those counted from page-data.json (inside the site). */
  inSite: number;
  leads: number;
  contacts: number;
}

export interface SourceCount extends VisitSource {
  day: string;
  visits: number;
  leads: number;
  contacts: number;
}

export interface CountBatch {
  pages: PageCount[];
  sources: SourceCount[];
}

const OTHER_SOURCE: VisitSource = { source: OTHER, medium: "", campaign: "" };
const SEPARATOR = "\u0000";

export class VisitCounter {
  private pages = new Map<string, PageCount>();
  private sources = new Map<string, SourceCount>();
  /** The sources each day has admitted so far (this day and the one before, for counts around midnight). */
  private readonly admitted = new Map<string, Set<string>>();

  constructor(
    /** The day a count belongs to, YYYY-MM-DD. */
    private readonly today: () => string,
    private readonly maxSourcesPerDay = MAX_SOURCES_PER_DAY,
  ) {}

  /** A page view; `entry` is the visit's source when the view starts a visit (it came from outside the site). */
  view(route: string, device: Device, entry?: VisitSource): void {
    const day = this.today();
    this.page(day, route, device).views += 1;
    if (entry) this.source(day, entry).visits += 1;
  }

  /** A page view counted from its page-data.json: a navigation inside the site (or a hovered link). */
  viewInSite(route: string, device: Device): void {
    const page = this.page(this.today(), route, device);
    page.views += 1;
    page.inSite += 1;
  }

  /** A sign-up or contact request accepted from the page `route`, from a visit of `source`. */
  post(kind: FormKind, route: string, device: Device, source: VisitSource): void {
    const day = this.today();
    const page = this.page(day, route, device);
    const counted = this.source(day, source);
    if (kind === "lead") {
      page.leads += 1;
      counted.leads += 1;
    } else {
      page.contacts += 1;
      counted.contacts += 1;
    }
  }

  /** Everything counted since the last take, leaving the counter empty. */
  take(): CountBatch {
    const batch = { pages: [...this.pages.values()], sources: [...this.sources.values()] };
    this.pages = new Map();
    this.sources = new Map();
    return batch;
  }

  /** Puts back a batch that could not be written, so the next write carries it. */
  restore(batch: CountBatch): void {
    for (const count of batch.pages) {
      const page = this.page(count.day, count.route, count.device);
      page.views += count.views;
      page.inSite += count.inSite;
      page.leads += count.leads;
      page.contacts += count.contacts;
    }
    for (const count of batch.sources) {
      const source = this.source(count.day, count);
      source.visits += count.visits;
      source.leads += count.leads;
      source.contacts += count.contacts;
    }
  }

  /** How many rows are waiting (for tests and the memory check). */
  size(): { pages: number; sources: number; admitted: number } {
    let admitted = 0;
    for (const set of this.admitted.values()) admitted += set.size;
    return { pages: this.pages.size, sources: this.sources.size, admitted };
  }

  private page(day: string, route: string, device: Device): PageCount {
    const key = day + SEPARATOR + route + SEPARATOR + device;
    let count = this.pages.get(key);
    if (!count) {
      count = { day, route, device, views: 0, inSite: 0, leads: 0, contacts: 0 };
      this.pages.set(key, count);
    }
    return count;
  }

  private source(day: string, wanted: VisitSource): SourceCount {
    const source = this.admit(day, wanted);
    const key = day + SEPARATOR + source.source + SEPARATOR + source.medium + SEPARATOR + source.campaign;
    let count = this.sources.get(key);
    if (!count) {
      count = { day, source: source.source, medium: source.medium, campaign: source.campaign, visits: 0, leads: 0, contacts: 0 };
      this.sources.set(key, count);
    }
    return count;
  }

  private admit(day: string, source: VisitSource): VisitSource {
    let admitted = this.admitted.get(day);
    if (!admitted) {
      admitted = new Set();
      this.admitted.set(day, admitted);
      for (const known of this.admitted.keys()) if (known < day && this.admitted.size > 2) this.admitted.delete(known);
    }
    const key = source.source + SEPARATOR + source.medium + SEPARATOR + source.campaign;
    if (admitted.has(key)) return source;
    if (admitted.size >= this.maxSourcesPerDay) return OTHER_SOURCE;
    admitted.add(key);
    return source;
  }
}
