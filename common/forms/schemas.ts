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

/**
 * The forms' messages. The five field messages are the specification's error catalogue, word for word, in
 * the browser and in the server's answers alike; the refusal of a name with a link is an addition of ours.
 */
export const MESSAGES = {
  leadEmail: "Ungültige E-Mail",
  leadName: "Name erforderlich",
  nameWithLink: "Bitte gib nur deinen Namen ein – ohne Links, Web- oder E-Mail-Adressen.",
  contactEmail: "Ungültige E-Mail-Adresse",
  contactName: `Name erforderlich (max. ${LIMITS.name} Zeichen)`,
  contactMessage: `Nachricht erforderlich (max. ${LIMITS.message} Zeichen)`,
} as const;

/**
 * A friendlier second line under a field's message, keyed by the message: it says what to do, beside the
 * specified message, never instead of it.
 */
export const MESSAGE_HINTS: Readonly<Record<string, string>> = {
  [MESSAGES.leadEmail]: "So sieht eine Adresse aus: markus@beispiel.de – ohne Leerzeichen.",
  [MESSAGES.leadName]: "Dein Vorname genügt, damit wir dich in unseren E-Mails richtig ansprechen.",
  [MESSAGES.contactEmail]: "So sieht eine Adresse aus: thomas@beispiel.de – an sie schicken wir unsere Antwort.",
  [MESSAGES.contactName]: "So sprechen wir dich in unserer Antwort an.",
  [MESSAGES.contactMessage]:
    "Schreib uns in ein paar Sätzen, worum es geht; der Zähler unter dem Feld zeigt, wie viel Platz du noch hast.",
};

/**
 * Generic endings of web addresses that mail programs turn into links, besides every two-letter (country)
 * ending. Endings that are also abbreviations in German names and titles stay out, though some are real
 * endings (.med, .art, .ing, .vet, .phd): „Dr.med. Schmidt“ or „Mag.art. Berger“ are names.
 */
export const LINK_ENDINGS: readonly string[] = (
  "com net org info biz edu gov int mobi name pro tel asia xxx app dev page site online website shop " +
  "store club xyz top icu vip win bid loan link click live life world email blog cloud space tech fun " +
  "today news digital money cash bet casino poker party date download stream racing review trade webcam " +
  "men best guru agency company center media network systems support host wiki rocks buzz lol sbs cfd " +
  "quest monster cyou rest bond gmbh berlin bayern koeln hamburg wien swiss eus shopping sale deals " +
  "gift gratis free immobilien versicherung kaufen one zip mov"
).split(" ");

const ending = (letters: string) =>
  `[${letters}]{2}|${LINK_ENDINGS.map((end) => (letters === "a-z" ? end : end.toUpperCase())).join("|")}`;

/**
 * What makes a name a link or an address: „www.“, „://“, „@“, or a domain: a word, a dot and an ending of
 * LINK_ENDINGS or two letters, in lower or upper case alone (beispiel.de, GEWINN.COM, bit.ly/x), not
 * followed by more letters or by a dot and letters (gewinn.de.vu is caught at its last part). A name written
 * as one word that ends like a domain (gewinn.immobilien) is refused too. „Dr.Schmidt“, „Anna.Maria“ or
 * „St.Clair“, whose second part is capitalized, and „Dr.med. Schmidt“, whose ending is none, are names. The
 * name is the one thing a visitor writes that reaches a mail to the address they give, so a name like that
 * would let anyone send a stranger a link under this site's domain.
 */
export const NAME_WITH_LINK = new RegExp(
  [
    "[wW]{3}\\.",
    ":\\/\\/",
    "@",
    `[^\\s.]\\.(?:${ending("a-z")}|${ending("A-Z")}|xn--[a-z0-9-]+)(?![A-Za-z0-9\\u00C0-\\u024F]|\\.[A-Za-z0-9\\u00C0-\\u024F])`,
    "^\\S*[^\\s.]\\.(?:[a-z]{2,24}|[A-Z]{2,24})\\.?$",
  ].join("|"),
);

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
