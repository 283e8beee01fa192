/**
 * The two forms' rules and every German message, shared by the browser (Formik) and the server.
 */
import { object, string, type InferType } from "yup";
import { LIMITS } from "../constants";
import { API_PATHS } from "../routes";

/** No spaces, exactly one @, and a domain of dot-separated parts. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** The same rule for the HTML `pattern` attribute (anchored by the browser). */
export const EMAIL_HTML_PATTERN = "[^\\s@]+@[^\\s@.]+(\\.[^\\s@.]+)+";

/** Where each form is sent; also the `action` of the plain HTML form. */
export const FORM_ENDPOINTS = {
  lead: API_PATHS.leads,
  contact: API_PATHS.contact,
} as const;

/** The honeypot: people never see or fill it, so any value marks a bot. */
export const HONEYPOT_FIELD = "website";

export const MESSAGES = {
  leadEmail: "Bitte gib eine gültige E-Mail-Adresse ein.",
  leadName: "Bitte gib deinen Vornamen ein.",
  nameWithLink: "Bitte gib nur deinen Namen ein – ohne Links, Web- oder E-Mail-Adressen.",
  contactEmail: "Ungültige E-Mail-Adresse",
  contactName: `Name erforderlich (max. ${LIMITS.name} Zeichen)`,
  contactMessage: `Nachricht erforderlich (max. ${LIMITS.message} Zeichen)`,
} as const;

/**
 * What makes a name a link or an address: „www.“, „://“, „@“ or a domain-like word (beispiel.de,
 * GEWINN.COM; „Dr.Schmidt“ or „Anna.Maria“, whose second part is capitalized, are names). The name is the one thing a visitor writes that reaches a mail to the address they
 * give, so a name like that would let anyone send a stranger a link under this site's domain.
 */
export const NAME_WITH_LINK = /[wW]{3}\.|:\/\/|@|[^\s.]\.(?:[a-z]{2,24}|[A-Z]{2,24}|xn--[a-z0-9-]+)(?![A-Za-z0-9\u00C0-\u024F])/;

const personName = (message: string) =>
  trimmed(message)
    .max(LIMITS.name, message)
    .test("no-link", MESSAGES.nameWithLink, (value) => !value || !NAME_WITH_LINK.test(value));

const trimmed = (message: string) =>
  string()
    .transform((value: unknown) => (typeof value === "string" ? value.trim() : value))
    .typeError(message)
    .required(message);

export const leadSchema = object({
  name: personName(MESSAGES.leadName),
  email: trimmed(MESSAGES.leadEmail).max(LIMITS.email, MESSAGES.leadEmail).matches(EMAIL_PATTERN, MESSAGES.leadEmail),
});

export const contactSchema = object({
  name: personName(MESSAGES.contactName),
  email: trimmed(MESSAGES.contactEmail).max(LIMITS.email, MESSAGES.contactEmail).matches(EMAIL_PATTERN, MESSAGES.contactEmail),
  message: trimmed(MESSAGES.contactMessage).max(LIMITS.message, MESSAGES.contactMessage),
});

export type LeadValues = InferType<typeof leadSchema>;
export type ContactValues = InferType<typeof contactSchema>;
export type FieldErrors = Record<string, string>;
