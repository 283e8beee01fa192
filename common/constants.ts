import { LEGAL_SLUGS, ROUTES } from "./routes";

/**
 * Fixed figures of the product specification. Content counts (testimonials, recipes, …) are
 * checked against these when the content is validated, so a page can never show a different number.
 */
export const REDIRECT_DELAY_MS = 800;

export const LIMITS = {
  name: 100,
  email: 255,
  message: 1000,
} as const;

export const HOME_TESTIMONIAL_COUNT = 6;
export const TESTIMONIAL_COUNT = 7;
export const RECIPE_COUNT = 8;
export const PRINCIPLE_COUNT = 5;
export const FAQ_COUNT = 4;
export const MOVEMENT_DURATIONS = [5, 10, 15, 5, 10, 20, 30] as const;

/**
 * Mail to an address typed into a form is bounded: one acknowledgment and one confirmation request per
 * address within this many hours; the address's hash that bounds the acknowledgment is kept as long
 * (server/services/form-mail-bounds.ts). The privacy texts quote it as `{{formMails.boundHours}}`.
 */
export const FORM_MAIL_BOUND_HOURS = 24;

/**
 * Hours an acknowledgment waits while the form mails' brake is on (server/services/form-mail-bounds.ts); the
 * privacy texts and the thank-you page quote it as `{{formMails.brakeHoldHours}}`.
 */
export const FORM_MAIL_BRAKE_HOLD_HOURS = 24;

/**
 * Days after which a contact request or sign-up marked as spam is deleted by the purge (server/services/privacy.ts);
 * the owner may erase them at once. The privacy texts quote it as `{{spam.keptDays}}`.
 */
export const SPAM_KEPT_DAYS = 30;

/** Hours between two runs of the retention purge (server/jobs.ts); the privacy texts quote it as `{{purge.intervalHours}}`. */
export const PURGE_INTERVAL_HOURS = 6;

/** Where both forms lead once sent. */
export const THANK_YOU_PATH = ROUTES.thanks.path;
export const INFO_FORM_ID = "info-form";

/** Numbered sections (`## 1. …`) each legal page must have. */
export const LEGAL_SECTION_COUNTS: Record<string, number> = {
  datenschutz: 6,
  "personenbezogene-daten": 11,
  agb: 12,
};
export { LEGAL_SLUGS };
