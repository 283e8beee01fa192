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

/**
 * The values of utm_medium that are kept as they are: the usual kinds of channel. Any other value could
 * carry whatever the link's author put in it (a subscriber's id, say), so it is counted and stored as
 * OTHER_MEDIUM; a few common spellings are read as the value they mean (UTM_MEDIUM_ALIASES).
 */
export const UTM_MEDIUMS = [
  "email",
  "newsletter",
  "social",
  "cpc",
  "paid",
  "display",
  "affiliate",
  "referral",
  "organic",
  "print",
  "qr",
  "podcast",
  "video",
  "sms",
] as const;

export type UtmMedium = (typeof UTM_MEDIUMS)[number];

/** The medium every unknown utm_medium is counted and stored as. */
export const OTHER_MEDIUM = "sonstige";

/** Spellings of a known medium, as cleaned (lower case): „E-Mail“ is „email“. */
export const UTM_MEDIUM_ALIASES: ReadonlyMap<string, UtmMedium> = new Map(
  Object.entries({
    "e-mail": "email",
    mail: "email",
    mailing: "email",
    "social-media": "social",
    social_media: "social",
    "social media": "social",
    socialmedia: "social",
    ppc: "cpc",
    "paid-social": "paid",
    paid_social: "paid",
    paidsocial: "paid",
    banner: "display",
    referrer: "referral",
    flyer: "print",
    "qr-code": "qr",
    qrcode: "qr",
  } satisfies Record<string, UtmMedium>),
);
