/**
 * Where a visit came from, as a form post may tell the server: optional fields beside the form's own.
 * The server puts them into each page it answers to a visit's first request, as hidden inputs at the end
 * of the page that belong to the form by its id (VISIT_SOURCE_FORM_ID): the referring site's host and the
 * utm_* parameters of the address (server/analytics/page-source.ts). A form sent without JavaScript carries
 * them; with JavaScript, src/forms/entry-source.ts reads them once and the form sends them with its JSON,
 * also after navigating inside the site. Nothing is read from or stored on the visitor's device. The
 * server reads them (server/analytics/source.ts), bounded and cleaned, and falls back to the utm_*
 * parameters in the post's Referer (the form page's own address) when they are missing.
 */
export const VISIT_SOURCE_FIELDS = {
  /** The host of the site that led to the visit ("" for none: a direct visit). */
  referrer: "quelle_seite",
  source: "utm_source",
  medium: "utm_medium",
  campaign: "utm_campaign",
} as const;

/** The id of the form on a page (each page has at most one form): the source fields name it in `form`. */
export const VISIT_SOURCE_FORM_ID = "formular";

/** Longest source, medium or campaign kept, in characters; longer values are cut. */
export const VISIT_SOURCE_MAX_LENGTH = 60;
