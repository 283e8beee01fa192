/**
 * Where a visit came from, as a form post may tell the server: optional hidden fields beside the form's
 * own. The page knows them without storing anything: the entry page's address (its utm_* parameters) and
 * document.referrer. The server reads them (server/analytics/source.ts), bounded and cleaned, and falls
 * back to the utm_* parameters in the post's Referer (the form page's own address) when they are missing.
 */
export const VISIT_SOURCE_FIELDS = {
  /** The address (or only the host) of the page that led to the visit: document.referrer of the entry page. */
  referrer: "quelle_seite",
  source: "utm_source",
  medium: "utm_medium",
  campaign: "utm_campaign",
} as const;

/** Longest source, medium or campaign kept, in characters; longer values are cut. */
export const VISIT_SOURCE_MAX_LENGTH = 60;
