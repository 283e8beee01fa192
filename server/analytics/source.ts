/**
 * Where a visit came from, reduced to what is counted: the referring site's host (never the full
 * address), and utm_source, utm_medium, utm_campaign cleaned and cut. Whatever a client sends (forged,
 * malformed, huge, control characters) ends up as one of a few short labels or "andere".
 */
import {
  OTHER_MEDIUM,
  UTM_MEDIUM_ALIASES,
  UTM_MEDIUMS,
  VISIT_SOURCE_FIELDS,
  VISIT_SOURCE_MAX_LENGTH,
} from "../../common/visit-source";

export interface VisitSource {
  /** utm_source, else the referring host without "www.", else "direkt". */
  source: string;
  /** utm_medium (one of UTM_MEDIUMS or "sonstige") and utm_campaign, "" when not given. */
  medium: string;
  campaign: string;
}

/** The label everything is folded into that cannot be kept apart: unknown paths, junk, sources past the cap. */
export const OTHER = "andere";
/** A form post that says nothing about its visit's source (sent without JavaScript, from an address without utm_source). */
export const UNKNOWN = "unbekannt";
/** A visit without a referring site or utm_source. */
export const DIRECT = "direkt";

/** What the Referer says: no other site, this site itself, or another site's host. */
export type Referrer = { kind: "none" } | { kind: "own" } | { kind: "host"; host: string };

const HOST_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;
const MAX_HOST_LENGTH = 100;
/** Longer Referer values are not parsed: no browser sends them for a page of this site. */
const MAX_REFERRER_LENGTH = 2048;

/** The host of a Referer (or a page's document.referrer), lower case and without "www."; "andere" when unusable. */
export function readReferrer(raw: string | undefined, ownHosts: readonly string[]): Referrer {
  if (raw === undefined || raw === "") return { kind: "none" };
  if (raw.length > MAX_REFERRER_LENGTH) return { kind: "host", host: OTHER };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { kind: "host", host: OTHER };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { kind: "host", host: OTHER };
  if (ownHosts.includes(url.host)) return { kind: "own" };
  const host = url.hostname.replace(/^www\./, "");
  if (host.length > MAX_HOST_LENGTH || !HOST_PATTERN.test(host)) return { kind: "host", host: OTHER };
  return { kind: "host", host };
}

/** Characters a utm value keeps: letters, digits, spaces and „._+-“; the rest (slashes, „=“, „%“, emoji …) goes. */
const NOT_KEPT = /[^\p{L}\p{M}\p{N} ._+-]/gu;

/**
 * A utm value as counted: Unicode normalised, control and invisible characters removed, white space
 * collapsed, lower case, only letters, digits, spaces and „._+-“, at most VISIT_SOURCE_MAX_LENGTH
 * characters; "andere" when it holds an e-mail address (an „@“); undefined when nothing is left.
 */
export function cleanLabel(raw: unknown): string | undefined {
  if (typeof raw !== "string" || raw === "") return undefined;
  const normalised = raw
    .slice(0, VISIT_SOURCE_MAX_LENGTH * 4)
    .normalize("NFC")
    .replace(/\p{C}/gu, "")
    .replace(/\s+/gu, " ")
    .toLowerCase();
  if (normalised.includes("@")) return OTHER;
  const cleaned = normalised.replace(NOT_KEPT, "").replace(/ {2,}/g, " ").trim();
  if (cleaned === "") return undefined;
  const characters = Array.from(cleaned);
  return characters.length > VISIT_SOURCE_MAX_LENGTH ? characters.slice(0, VISIT_SOURCE_MAX_LENGTH).join("").trim() : cleaned;
}

const KNOWN_MEDIUMS: ReadonlySet<string> = new Set(UTM_MEDIUMS);

/**
 * utm_medium as counted and stored: one of UTM_MEDIUMS (common/visit-source.ts), a usual spelling of one
 * read as it („e-mail“ is „email“), else "sonstige"; undefined when not given. A value of one's own
 * choosing cannot pass, so utm_medium carries no identifier.
 */
export function cleanMedium(raw: unknown): string | undefined {
  const label = cleanLabel(raw);
  if (label === undefined) return undefined;
  if (KNOWN_MEDIUMS.has(label)) return label;
  return UTM_MEDIUM_ALIASES.get(label) ?? OTHER_MEDIUM;
}

export interface Campaign {
  source?: string;
  medium?: string;
  campaign?: string;
}

/** utm_source, utm_medium and utm_campaign of an address's query string ("" or "?…"). */
export function campaignOfQuery(query: string): Campaign {
  if (!query.includes("utm_")) return {};
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(query);
  } catch {
    return {};
  }
  return {
    source: cleanLabel(params.get(VISIT_SOURCE_FIELDS.source) ?? undefined),
    medium: cleanMedium(params.get(VISIT_SOURCE_FIELDS.medium) ?? undefined),
    campaign: cleanLabel(params.get(VISIT_SOURCE_FIELDS.campaign) ?? undefined),
  };
}

/** The source of a visit from its campaign parameters and its referring site: utm_source wins. */
export function visitSource(campaign: Campaign, referrer: Referrer): VisitSource {
  const source = campaign.source ?? (referrer.kind === "host" ? referrer.host : DIRECT);
  return { source, medium: campaign.medium ?? "", campaign: campaign.campaign ?? "" };
}

/**
 * What a page's own request tells of its visit: the referring site and the utm_* parameters of its
 * address. undefined when it came from another page of this site without utm_source: then the visit
 * began elsewhere and this request does not know its source.
 */
export interface Entry {
  referrer: Referrer;
  campaign: Campaign;
}

export function entryOf(referer: string | undefined, query: string, ownHosts: readonly string[]): Entry | undefined {
  const referrer = readReferrer(referer, ownHosts);
  const campaign = campaignOfQuery(query);
  if (referrer.kind === "own" && campaign.source === undefined) return undefined;
  return { referrer: referrer.kind === "own" ? { kind: "none" } : referrer, campaign };
}

/**
 * The form fields (common/visit-source.ts) that tell a form post the source of `entry`, so that the post
 * gets the same source as the visit (postSource in index.ts reads them back): the utm_* values given and,
 * unless utm_source (which wins) is one of them, the referring host ("" for none). All are cleaned
 * already: host names or short labels. Every byte counts: the page carries them uncompressed.
 */
export function sourceFields(entry: Entry): [name: string, value: string][] {
  const fields: [string, string][] = [];
  if (entry.campaign.source === undefined) {
    fields.push([VISIT_SOURCE_FIELDS.referrer, entry.referrer.kind === "host" ? entry.referrer.host : ""]);
  }
  if (entry.campaign.source !== undefined) fields.push([VISIT_SOURCE_FIELDS.source, entry.campaign.source]);
  if (entry.campaign.medium !== undefined) fields.push([VISIT_SOURCE_FIELDS.medium, entry.campaign.medium]);
  if (entry.campaign.campaign !== undefined) fields.push([VISIT_SOURCE_FIELDS.campaign, entry.campaign.campaign]);
  return fields;
}
