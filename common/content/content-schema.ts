/**
 * The shape of every content file an editor may change, described once: the content check before each
 * build, the GraphQL types (graphql-types.ts) and the editors' JSON Schemas (json-schemas.ts) follow from
 * it. `.meta()` adds what yup does not say: GraphQL type names, and German titles and hints for editors.
 */
import {
  array,
  number,
  object as yupObject,
  string,
  type AnyObject,
  type AnySchema,
  type ObjectSchema,
  type ObjectShape,
} from "yup";
import { EMAIL_PATTERN } from "../forms/schemas";
import { FAQ_COUNT, MOVEMENT_DURATIONS, PRINCIPLE_COUNT, RECIPE_COUNT, TESTIMONIAL_COUNT } from "../constants";
import { FOOTER_LEGAL_LINKS, FOOTER_QUICK_LINKS, HEADER_LINKS } from "../navigation";
import { ROUTES, type PageCopyType, type PageShape, type SiteRoute } from "../routes";
import { PRINCIPLE_ICONS } from "./principle-icons";
import { STATS_PERIODS } from "../visit-stats";
import { linkTargets } from "./linked-text";
import { germanToday, IMAGE_CREDITS_FILE, IMAGE_KINDS, recordConsentProblem, YES_NO } from "./image-credits";
import { experimentsFileSchema } from "../experiments/experiment-schema";

/** The shortest periods content/site.json may set: what the privacy texts' promises of proof rely on. */
export const RETENTION_FLOORS = { consentProofYears: 3, auditLogDays: 365 } as const;
/** Every object in a content file must be there: yup lets a missing one pass, GraphQL declares it non-null. */
const object = <S extends ObjectShape>(shape: S) => yupObject(shape).required("fehlt");
const text = () => string().strict().trim("darf nicht mit Leerzeichen beginnen oder enden").required("fehlt oder ist leer");
const wholeNumber = () =>
  number()
    .strict()
    .typeError("muss eine Zahl sein (ohne Anführungszeichen)")
    .integer("muss eine ganze Zahl sein")
    .required("fehlt");
const isoDate = () =>
  text()
    .matches(/^\d{4}-\d{2}-\d{2}$/, "muss ein Datum im Format JJJJ-MM-TT sein")
    .test("real-date", "ist kein gültiges Datum", (value) => !value || !Number.isNaN(Date.parse(value)))
    .meta({ graphql: "Date", directives: "@dateformat" });
const email = () => text().matches(EMAIL_PATTERN, "ist keine gültige E-Mail-Adresse");

export { PRINCIPLE_ICONS };

/** Context given to every validation, so an image path can be checked against the files on disk. */
export interface ContentContext {
  /** True when `relativePath` (relative to the JSON file's folder) names an existing file. */
  fileExists?: (relativePath: string) => boolean;
}

/** An image next to the content, e.g. "images/rezepte/haferbrei.jpg" (or "../images/…" from content/pages/). */
const IMAGE_PATH = /^[\w./-]+\.(jpe?g|png|webp|avif)$/i;
const imagePath = () =>
  text()
    .matches(IMAGE_PATH, "muss ein Bildpfad wie images/name.jpg sein (jpg, png, webp oder avif)")
    .test("image-exists", "", function exists(value) {
      const fileExists = (this.options.context as ContentContext | undefined)?.fileExists;
      if (!value || !IMAGE_PATH.test(value) || !fileExists || fileExists(value)) return true;
      return this.createError({ message: `Bilddatei „${value}“ gibt es nicht` });
    })
    // GraphQL resolves the path to the image file; null when it cannot.
    .meta({ kind: "picture", graphql: "File", directives: "@fileByRelativePath", graphqlNullable: true });

const SITE_PATHS = [...new Set([...HEADER_LINKS, ...FOOTER_QUICK_LINKS, ...FOOTER_LEGAL_LINKS].map((link) => link.to))];
/** A link inside the site: one of the pages the navigation knows. */
const sitePath = () =>
  text()
    .oneOf(SITE_PATHS, `muss eine Seite der Website sein: ${SITE_PATHS.join(", ")}`)
    .meta({ kind: "site-path" });
/** A sentence that may link with `[label](/seite)` to a page of the site or with `[label](mailto:{{email}})`. */
const linkedText = () =>
  text()
    .meta({ description: "Links schreibst du als [Linktext](/seite) oder [Linktext](mailto:{{email}})" })
    .test("links", "", function links(value) {
      const wrong = linkTargets(value ?? "").filter((target) => !SITE_PATHS.includes(target) && !target.startsWith("mailto:"));
      if (wrong.length === 0) return true;
      return this.createError({
        message: `Link auf „${wrong[0]}“: muss eine Seite der Website (${SITE_PATHS.join(", ")}) oder mailto: sein`,
      });
    });
/** A deployment fact: may stay empty until it is known (see DEPLOYMENT_OPTIONAL and the production check). */
const deploymentFact = () =>
  string().strict().trim("darf nicht mit Leerzeichen beginnen oder enden").defined("fehlt (leer lassen, solange unbekannt)");
/** The form's names for a yes or no the file keeps as „ja“ and „nein“. */
const YES_NO_LABELS = { ja: "Ja", nein: "Nein" };
const yesOrNo = () =>
  deploymentFact()
    .oneOf(["", "ja", "nein"], "muss „ja“ oder „nein“ sein (oder leer, solange unbekannt)")
    .meta({ labels: { "": "Noch nicht bekannt", ...YES_NO_LABELS } });
/** Recipients that may process data outside the EU/EEA: each has a `…Country` and a `…Safeguard` field. */
export const TRANSFER_RECIPIENTS = ["hosting", "cdn", "mail", "mailbox", "webhook", "contentRepository"] as const;
/** Deployment facts that may stay empty in production: an empty one means "none". */
export const DEPLOYMENT_OPTIONAL = [
  "webhookRecipients",
  "webhookRetention",
  // Needed only with CONTENT_GIT_REMOTE: the production start asks for it then (server/config.ts).
  "contentRepository",
  ...TRANSFER_RECIPIENTS.flatMap((recipient) => [`${recipient}Country`, `${recipient}Safeguard`]),
] as const;
/** A day that may stay empty until the owner knows it (JJJJ-MM-TT); the production check refuses it empty. */
const ownerDate = () =>
  deploymentFact()
    .matches(/^(\d{4}-\d{2}-\d{2})?$/, "muss ein Datum im Format JJJJ-MM-TT sein (oder leer, solange unbekannt)")
    .test("real-date", "ist kein gültiges Datum", (value) => !value || !Number.isNaN(Date.parse(value)));
const ownerCount = () =>
  deploymentFact().matches(/^(\d+)?$/, "muss eine ganze Zahl ohne Punkt sein, z.\u00a0B. 1240 (oder leer)");

/**
 * The record behind a survey figure (§ 5 UWG: who claims a figure must prove it): when the survey ran,
 * how many people were asked, how many answered, and where the documents are kept. Only the owner can
 * fill it in; empty fields stop a production start (evidence.ts), filled ones show beside the figure.
 */
export const surveyEvidence = () =>
  object({
    /** First day of the survey, JJJJ-MM-TT. */
    surveyFrom: ownerDate().meta({ title: "Befragung vom (JJJJ-MM-TT)" }),
    /** Last day of the survey, JJJJ-MM-TT. */
    surveyTo: ownerDate().meta({ title: "Befragung bis (JJJJ-MM-TT)" }),
    /** People invited to answer. */
    asked: ownerCount().meta({ title: "Befragte (eingeladen)" }),
    /** People who answered. */
    answers: ownerCount().meta({ title: "Antworten" }),
    /** Where the questionnaire, the invitation list and the export are kept, e.g. "Ordner „Befragungen 2026“, Büro München". */
    documentation: deploymentFact().meta({ title: "Wo die Unterlagen liegen" }),
  }).meta({
    type: "SurveyEvidence",
    title: "Nachweis der Zahl",
    description:
      "Zeitraum, Befragte, Antworten und Ablageort der Unterlagen; leer lassen, solange unbekannt – vor dem Livegang ausfüllen",
  });

/** „braucht mindestens einen Eintrag“, „… 3 Einträge“. */
const atLeast = (min: number) => `braucht mindestens ${min === 1 ? "einen Eintrag" : `${min} Einträge`}`;
const textList = (min = 1) => array(text()).min(min, atLeast(min)).required("fehlt");

export const siteSchema = object({
  brand: text(),
  tagline: text(),
  /**
   * The day the owner checked that the energy words of the tagline and the home page's title („Natürliche
   * Energie“) stand on no drink product of the company without an authorised specific health claim (Art. 10
   * Abs. 3 HCVO); a production start refuses it empty while those texts speak of energy (evidence.ts).
   */
  taglineCheckedOn: ownerDate().meta({
    description:
      "Der Tag (JJJJ-MM-TT), an dem du geprüft hast, dass kein Drink von Urkraft mit „Energie“ aus dem Slogan oder der Überschrift der Startseite wirbt, ohne dass eine zugelassene gesundheitsbezogene Angabe dabeisteht (Art. 10 Abs. 3 HCVO); leer lassen, bis du es geprüft hast",
  }),
  description: text(),
  blurb: text(),
  siteUrl: text().matches(/^https?:\/\/[^/\s]+$/, "muss eine Adresse wie https://www.beispiel.de ohne / am Ende sein"),
  email: email(),
  phone: text(),
  mailFrom: object({ name: text(), address: email() }).meta({ type: "MailFrom" }),
  address: object({
    street: text(),
    postalCode: text().matches(/^\d{5}$/, "muss eine fünfstellige Postleitzahl sein"),
    city: text(),
    country: text(),
  }).meta({ type: "PostalAddress" }),
  openingHours: array(object({ days: text(), hours: text() }).meta({ type: "OpeningHours" }))
    .min(1, "braucht mindestens einen Eintrag")
    .required("fehlt"),
  replyWithinHours: wholeNumber().positive("muss größer als 0 sein"),
  /** After this many hours an unanswered contact request gets the owners one reminder mail. */
  replyReminderHours: wholeNumber().positive("muss größer als 0 sein"),
  /** "link": the owner notification names the sender and links to the request; "full" adds the message. */
  ownerNotification: text()
    .oneOf(["link", "full"], "muss „link“ oder „full“ sein")
    .meta({ labels: { link: "Absender und Link zur Anfrage", full: "Absender, Link und die ganze Nachricht" } }),
  /** Local time of day (HH:MM, time zone `timeZone`) at which the daily plan mails are sent. */
  /** As running text writes it: "7:30" rather than "07:30". */
  planMailTime: text().matches(/^([01]?\d|2[0-3]):[0-5]\d$/, "muss eine Uhrzeit wie 7:30 sein"),
  timeZone: text().test("time-zone", "ist keine Zeitzone wie Europe/Berlin", (value) => {
    try {
      new Intl.DateTimeFormat("de-DE", { timeZone: value });
      return true;
    } catch {
      return false;
    }
  }),
  legal: object({
    company: text(),
    representatives: array(text()).min(1, "braucht mindestens einen Namen").required("fehlt"),
    registerCourt: text(),
    registerNumber: text(),
    vatId: text(),
    editorialResponsible: text(),
  }).meta({ type: "LegalEntity" }),
  stats: object({
    users: wholeNumber().positive("muss größer als 0 sein"),
    usersBasis: text(),
    usersEvidence: surveyEvidence(),
    weekTwoPercent: wholeNumber().min(0, "muss zwischen 0 und 100 liegen").max(100, "muss zwischen 0 und 100 liegen"),
    weekTwoBasis: text(),
    weekTwoEvidence: surveyEvidence(),
  }).meta({ type: "Stats" }),
  consent: object({
    version: text(),
    text: text(),
    /** Newsletters a recipient gets at most per calendar month; the consent text states the same number. */
    newslettersPerMonth: wholeNumber().positive("muss größer als 0 sein"),
  }).meta({ type: "Consent" }),
  /**
   * Facts of the running installation that the privacy texts state. Empty means "not known yet": the
   * texts then show a note to fill it in, and a production build (SITE_URL set) refuses to start.
   */
  deployment: object({
    /** The day the owner checked these facts against the contracts (JJJJ-MM-TT); a production start needs it. */
    checkedOn: ownerDate(),
    /**
     * The day the owner switched off open and click tracking at the mail provider and checked a test mail's raw
     * source (JJJJ-MM-TT; `npm run leads -- mail-check`): the privacy texts say no mail is measured.
     */
    mailTrackingOffOn: ownerDate().meta({
      description:
        "Erst eintragen, wenn beim Versanddienst die Öffnungs- und Klickzählung abgeschaltet ist und eine Testmail jeder Art im Quelltext kein fremdes Bild und keinen umgeschriebenen Link zeigt (npm run leads -- mail-check ADRESSE)",
    }),
    /**
     * „keiner“ where the company need not appoint a data protection officer (§ 38 BDSG: fewer than 20 people
     * regularly handling personal data, Art. 37 DSGVO), else the officer's name and how to reach them.
     */
    dataProtectionOfficer: deploymentFact().meta({
      description:
        "„keiner“, wenn ihr keinen benennen müsst (weniger als 20 Personen, die ständig mit personenbezogenen Daten umgehen, § 38 BDSG); sonst Name und Kontakt, z. B. „Erika Muster, datenschutz@urkraft.de“",
    }),
    /** Name and address of the hosting provider, e.g. "Beispiel Hosting GmbH, Musterstraße 1, 12345 Musterstadt". */
    hostingProvider: deploymentFact(),
    /** Country of the servers, e.g. "Deutschland". */
    serverLocation: deploymentFact(),
    /** Days after which the proxy's access logs (with IP addresses) are deleted, e.g. "7". */
    accessLogDays: deploymentFact().matches(/^(\d+)?$/, "muss eine Zahl von Tagen sein, z.\u00a0B. 7"),
    /** "ja" when HTTP is redirected to HTTPS and HSTS is sent (TRUST_PROXY set, see docs/production.md). */
    httpsEnforced: yesOrNo(),
    /** Name and address of the CDN in front of the server, or "keines". */
    cdn: deploymentFact(),
    /** Name and address of the SMTP provider that delivers the mails. */
    mailProvider: deploymentFact(),
    /** Name and address of the provider of the mailbox that receives the owner's mails. */
    mailboxProvider: deploymentFact(),
    /** "ja" when every provider above processes data only in the EU/EEA; else name country and safeguard above. */
    euOnly: yesOrNo(),
    /** Where the nightly database backups are kept, as a phrase: "auf einem zweiten Server von Hetzner in Falkenstein". */
    backupLocation: deploymentFact().meta({
      description: "Als Satzteil nach „Sie liegen …“, z.\u00a0B. „auf einem zweiten Server von Hetzner in Falkenstein“",
    }),
    /** Days after which a backup is deleted (the rotation in docs/production.md), e.g. "14". */
    backupDays: deploymentFact().matches(/^(\d+)?$/, "muss eine Zahl von Tagen sein, z.\u00a0B. 14"),
    /** Name and address of the provider that stores the backups (may be the hosting provider). */
    backupProvider: deploymentFact(),
    /**
     * The market surveillance authority for accessibility (§ 14 BFSG with Anlage 3), as the accessibility statement
     * names it: „Marktüberwachungsstelle der Länder für die Barrierefreiheit von Produkten und Dienstleistungen (MLBF),
     * …, Magdeburg“ with its current address.
     */
    marketSurveillance: deploymentFact().meta({
      description:
        "Name und Anschrift der Marktüberwachungsstelle, wie die Erklärung zur Barrierefreiheit sie nennt; die aktuelle Anschrift der MLBF in Magdeburg auf ihrer Website nachsehen",
    }),
    /** The day the site was last checked by hand (keyboard, zoom, screen reader) for the accessibility statement. */
    accessibilityCheckedOn: ownerDate().meta({
      description:
        "Der Tag, an dem jemand die Website von Hand geprüft hat: alle Seiten und beide Formulare nur mit der Tastatur, auf 320 Pixel Breite und mit einem Screenreader. Die automatische Prüfung läuft ohnehin vor jeder Programmänderung",
    }),
    /** Optional: name and address of the CRM or newsletter tool that receives WEBHOOK_URLS' events; empty when none. */
    webhookRecipients: deploymentFact(),
    /** How long the webhook receiver keeps the data, as a phrase: "bis zu deiner Abmeldung oder Löschung". */
    webhookRetention: deploymentFact(),
    /**
     * Who keeps the content repository's history (CONTENT_GIT_REMOTE) and where: texts, testimonials and their
     * every earlier version, e.g. „GitHub Inc., 88 Colin P. Kelly Jr. Street, San Francisco, USA“.
     */
    contentRepository: deploymentFact().meta({
      description:
        "Anbieter und Anschrift des Servers, auf dem die Versionsgeschichte der Inhalte liegt (CONTENT_GIT_REMOTE); mit CONTENT_GIT_REMOTE vor dem Livegang ausfüllen",
    }),
    /** Optional: country outside the EU/EEA where the hosting provider processes data, e.g. "USA"; empty: EU/EEA only. */
    hostingCountry: deploymentFact(),
    /** The safeguard (Art. 44 ff. DSGVO) for the hosting provider's country, e.g. "EU-US Data Privacy Framework". */
    hostingSafeguard: deploymentFact(),
    /** Optional: country outside the EU/EEA where the CDN processes data, e.g. "USA"; empty: EU/EEA only. */
    cdnCountry: deploymentFact(),
    /** The safeguard (Art. 44 ff. DSGVO) for the CDN's country, e.g. "EU-US Data Privacy Framework". */
    cdnSafeguard: deploymentFact(),
    /** Optional: country outside the EU/EEA where the mail provider processes data, e.g. "USA"; empty: EU/EEA only. */
    mailCountry: deploymentFact(),
    /** The safeguard (Art. 44 ff. DSGVO) for the mail provider's country, e.g. "EU-US Data Privacy Framework". */
    mailSafeguard: deploymentFact(),
    /** Optional: country outside the EU/EEA where the mailbox provider processes data, e.g. "USA"; empty: EU/EEA only. */
    mailboxCountry: deploymentFact(),
    /** The safeguard (Art. 44 ff. DSGVO) for the mailbox provider's country, e.g. "EU-US Data Privacy Framework". */
    mailboxSafeguard: deploymentFact(),
    /** Optional: country outside the EU/EEA where the webhook receiver processes data, e.g. "USA"; empty: EU/EEA only. */
    webhookCountry: deploymentFact(),
    /** The safeguard (Art. 44 ff. DSGVO) for the webhook receiver's country, e.g. "EU-US Data Privacy Framework". */
    webhookSafeguard: deploymentFact(),
    /** Optional: country outside the EU/EEA where the content repository is kept, e.g. "USA"; empty: EU/EEA only. */
    contentRepositoryCountry: deploymentFact(),
    /** The safeguard (Art. 44 ff. DSGVO) for the content repository's country, e.g. "EU-US Data Privacy Framework". */
    contentRepositorySafeguard: deploymentFact(),
  }).meta({ type: "Deployment" }),
  retention: object({
    confirmLinkHours: wholeNumber().positive("muss größer als 0 sein"),
    unconfirmedLeadDays: wholeNumber().positive("muss größer als 0 sein"),
    contactRequestDays: wholeNumber().positive("muss größer als 0 sein"),
    sentMailDays: wholeNumber().positive("muss größer als 0 sein"),
    /** At least the regular limitation period: the proof must outlast any claim it answers. */
    consentProofYears: wholeNumber().min(
      RETENTION_FLOORS.consentProofYears,
      `muss mindestens ${RETENTION_FLOORS.consentProofYears} sein: so lange kann jemand eine Einwilligung bestreiten (regelmäßige Verjährung)`,
    ),
    /** At least a year: the log is the proof of who did what in the owner area. */
    auditLogDays: wholeNumber().min(
      RETENTION_FLOORS.auditLogDays,
      `muss mindestens ${RETENTION_FLOORS.auditLogDays} sein: das Protokoll belegt, wer in der Verwaltung was getan hat`,
    ),
    /** Days the visit statistics (sums per day, server/analytics) are kept. */
    visitStatsDays: wholeNumber().positive("muss größer als 0 sein"),
    /** Days after confirming that a sign-up keeps the source of its visit: as far back as the owner's statistics read. */
    leadSourceDays: wholeNumber().min(
      Math.max(...STATS_PERIODS),
      `muss mindestens ${Math.max(...STATS_PERIODS)} sein: so weit reicht die Auswertung der Quellen in der Verwaltung zurück`,
    ),
    /** Days after which an address refused for good („unzustellbar“) counts as unsubscribed. */
    undeliverableDays: wholeNumber().positive("muss größer als 0 sein"),
  }).meta({ type: "Retention" }),
});

/** Which sub-page also shows a testimonial: the movement page or the nutrition page. */
export const TESTIMONIAL_TOPICS = ["bewegung", "ernaehrung"] as const;
/** Each sub-page shows at least this many testimonials of its topic. */
export const MIN_TESTIMONIALS_PER_TOPIC = 2;

export const testimonialSchema = object({
  name: text(),
  location: text(),
  rating: wholeNumber().min(1, "muss zwischen 1 und 5 liegen").max(5, "muss zwischen 1 und 5 liegen"),
  text: text(),
  date: isoDate(),
  /** The day the person agreed in writing to publication (§ 5b Abs. 3 UWG, Art. 7 DSGVO); empty stops a production start. */
  consentDate: ownerDate().meta({
    title: "Einwilligung zur Veröffentlichung am (JJJJ-MM-TT)",
    description: "Tag der schriftlichen Einwilligung der Person; leer lassen, solange unbekannt – vor dem Livegang ausfüllen",
  }),
  topic: text()
    .oneOf([...TESTIMONIAL_TOPICS], `muss eines davon sein: ${TESTIMONIAL_TOPICS.join(", ")}`)
    .meta({
      description: "Auf welcher Unterseite der Bericht auch erscheint: Bewegung oder Ernährung",
      labels: { bewegung: "Bewegung", ernaehrung: "Ernährung" },
    }),
});

export const RECIPE_CATEGORIES = ["Frühstück", "Hauptgericht", "Suppe", "Salat", "Drink"] as const;
/** The nutrition page features the one recipe of this category. */
export const DRINK_CATEGORY = "Drink";

export const recipeSchema = object({
  title: text(),
  category: text()
    .oneOf([...RECIPE_CATEGORIES], `muss eines davon sein: ${RECIPE_CATEGORIES.join(", ")}`)
    // The categories are the words the page shows.
    .meta({ labels: Object.fromEntries(RECIPE_CATEGORIES.map((category) => [category, category])) }),
  servings: wholeNumber().positive("muss eine Zahl von Portionen größer als 0 sein"),
  ingredients: array(text()).min(1, "braucht mindestens eine Zutat").required("fehlt"),
  steps: array(text()).min(1, "braucht mindestens einen Zubereitungsschritt").required("fehlt"),
  time: wholeNumber().positive("muss eine Zubereitungszeit in Minuten größer als 0 sein"),
  benefit: text(),
  caffeineMgPerLitre: number()
    .strict()
    .typeError("muss eine Zahl sein (ohne Anführungszeichen)")
    .integer("muss eine ganze Zahl sein")
    .min(0, "darf nicht negativ sein")
    .optional()
    .meta({
      description: "Nur bei Drinks: Koffein in mg pro Liter (0 für koffeinfrei); über 150 zeigt die Seite den Pflichthinweis",
    }),
  image: imagePath(),
  imageAlt: text(),
});

export const movementDaySchema = object({
  day: wholeNumber().min(1, "muss zwischen 1 und 7 liegen").max(7, "muss zwischen 1 und 7 liegen"),
  activity: text(),
  duration: wholeNumber().positive("muss eine Dauer in Minuten größer als 0 sein"),
  benefit: text(),
});

export const principleSchema = object({
  title: text(),
  description: text(),
  icon: text()
    .oneOf([...PRINCIPLE_ICONS], `muss eines dieser Symbole sein: ${PRINCIPLE_ICONS.join(", ")}`)
    .meta({
      labels: {
        wheat: "Ähre",
        leaf: "Blatt",
        jar: "Einmachglas",
        clock: "Uhr",
        drop: "Tropfen",
        flame: "Flamme",
        sun: "Sonne",
        heart: "Herz",
      },
    }),
});

export const faqSchema = object({ question: text(), answer: text() });

/**
 * A result after three months, on the nutrition page beside food and a drink recipe: the label says what the
 * participants do, never an effect on the body (the content check refuses energy, sleep, endurance …).
 */
export const resultSchema = object({
  percent: wholeNumber().min(0, "muss zwischen 0 und 100 liegen").max(100, "muss zwischen 0 und 100 liegen"),
  label: text().meta({
    description:
      "Was die Befragten tun, z.\u00a0B. „der Befragten gaben an, an mindestens vier Tagen der Woche selbst zu kochen“ – keine Wirkung auf Energie, Schlaf oder Ausdauer: die Zahl steht neben Essen und einem Drink-Rezept (HCVO)",
  }),
  /** The one question behind this figure; the survey's basis and record stand once for all three (nutrition page copy). */
  question: text().meta({
    title: "Frage der Befragung",
    description:
      "Die Frage, wie sie gestellt wurde, z.\u00a0B. „An wie vielen Tagen der Woche kochst du selbst?“; steht klein unter der Zahl",
  }),
});

/** What every content file says about itself: its path under content/, its GraphQL type, its German name. */
export interface ContentFileInfo {
  /** Path relative to content/, e.g. "recipes.json" or "pages/home.json". */
  file: string;
  /** GraphQL node type of the file (object files) or of each entry (list files). */
  type: string;
  /** German title and hint shown in the editor. */
  title: string;
  description?: string;
}

/** One entry per list file: its entry schema, how many entries the pages need, and which field names an entry. */
export interface ListFile extends ContentFileInfo {
  entry: AnySchema;
  count: number;
  labelField: string;
  /** Checks across entries, e.g. the movement plan's fixed durations. Returns messages. */
  check?: (entries: Record<string, unknown>[]) => string[];
}

export const LIST_FILES: ListFile[] = [
  {
    file: "testimonials.json",
    type: "Testimonial",
    title: "Erfahrungsberichte",
    description: "Berichte von Teilnehmern mit Name, Ort, Bewertung, Datum und Thema",
    entry: testimonialSchema,
    count: TESTIMONIAL_COUNT,
    labelField: "name",
    check: (entries) =>
      TESTIMONIAL_TOPICS.flatMap((topic) => {
        const found = entries.filter((entry) => entry.topic === topic).length;
        return found >= MIN_TESTIMONIALS_PER_TOPIC
          ? []
          : [`Feld „topic“: mindestens ${MIN_TESTIMONIALS_PER_TOPIC} Einträge brauchen „${topic}“, gefunden: ${found}`];
      }),
  },
  {
    file: "recipes.json",
    type: "Recipe",
    title: "Rezepte",
    description: "Die Rezeptkarten; genau eines ist ein Drink (für die Ernährungsseite)",
    entry: recipeSchema,
    count: RECIPE_COUNT,
    labelField: "title",
    check: (entries) => {
      const drinks = entries.filter((entry) => entry.category === DRINK_CATEGORY);
      const problems =
        drinks.length === 1
          ? []
          : [
              `Feld „category“: genau ein Rezept braucht „${DRINK_CATEGORY}“ (für die Ernährungsseite), gefunden: ${drinks.length}`,
            ];
      entries.forEach((entry, index) => {
        if (entry.category === DRINK_CATEGORY && entry.caffeineMgPerLitre === undefined)
          problems.push(
            `Eintrag ${index + 1}, Feld „caffeineMgPerLitre“: Drinks brauchen den Koffeingehalt in mg pro Liter (0 für koffeinfrei)`,
          );
      });
      return problems;
    },
  },
  {
    file: "movement-plan.json",
    type: "MovementDay",
    title: "7-Tage-Bewegungsplan",
    description: "Ein Eintrag pro Tag, der Reihe nach; die Dauer jedes Tages ist vorgegeben",
    entry: movementDaySchema,
    count: MOVEMENT_DURATIONS.length,
    labelField: "activity",
    check: (entries) =>
      entries.flatMap((entry, index) => {
        const problems: string[] = [];
        if (entry.day !== index + 1)
          problems.push(`Eintrag ${index + 1}, Feld „day“: muss ${index + 1} sein (Tage der Reihe nach)`);
        if (entry.duration !== MOVEMENT_DURATIONS[index])
          problems.push(`Eintrag ${index + 1}, Feld „duration“: muss ${MOVEMENT_DURATIONS[index]} Minuten sein`);
        return problems;
      }),
  },
  {
    file: "principles.json",
    type: "Principle",
    title: "Prinzipien der traditionellen Ernährung",
    entry: principleSchema,
    count: PRINCIPLE_COUNT,
    labelField: "title",
  },
  {
    file: "faq.json",
    type: "Faq",
    title: "Häufige Fragen (Kontaktseite)",
    entry: faqSchema,
    count: FAQ_COUNT,
    labelField: "question",
  },
  {
    file: "results.json",
    type: "Result",
    title: "Ergebnisse nach drei Monaten (Ernährungsseite)",
    entry: resultSchema,
    count: 3,
    labelField: "label",
  },
];

/* ---------- Single-object files: shared notices and the copy of each page ---------- */

export const noticesSchema = object({
  disclaimer: text(),
  disclaimerDetail: text(),
  testimonialCheck: text(),
  caffeineWarning: text(),
});

const heroWithImage = () =>
  object({ kicker: text(), title: text(), lead: text(), image: imagePath(), imageAlt: text() }).meta({ type: "PageHero" });
const heroWithoutImage = () => object({ kicker: text(), title: text(), lead: text() }).meta({ type: "PageHero" });
const sectionIntro = () => object({ kicker: text(), title: text(), intro: text() }).meta({ type: "SectionIntro" });
const callToAction = () => object({ title: text(), text: text(), button: text() }).meta({ type: "CallToAction" });
const titledText = () => object({ title: text(), text: text() }).meta({ type: "TitledText" });
const titledList = (min: number) =>
  object({ title: text(), items: array(titledText()).min(min, atLeast(min)).required("fehlt") }).meta({
    type: "TitledList",
  });

/** Title and description of a page for search engines and link previews. */
const pageSeo = () => object({ title: text(), description: text() }).meta({ type: "PageSeo" });

export const homeCopySchema = object({
  /** The title names the brand first („Urkraft – …“), so it stands as it is, without „| Urkraft“ (Seo.tsx). */
  seo: pageSeo(),
  hero: heroWithImage(),
  heroButton: text(),
  heroLink: object({ to: sitePath(), label: text() }).meta({ type: "PageLink" }),
  heroPoints: textList(),
  badges: object({
    usersLabel: text(),
    usersText: text(),
    items: array(titledText()).min(1, "braucht mindestens einen Eintrag").required("fehlt"),
  }).meta({ type: "HomeBadges" }),
  /**
   * The week-two figure, beside the badge, and a short reference to the three results after three months,
   * which stand on the nutrition page (specification §2).
   */
  results: object({
    kicker: text(),
    title: text(),
    intro: text(),
    weekTwoLabel: text(),
    weekTwoText: text(),
    basisLabel: text(),
    reference: text(),
    referenceLink: object({ to: sitePath(), label: text() }).meta({ type: "PageLink" }),
  }).meta({ type: "WeekTwoCopy" }),
  story: object({
    kicker: text(),
    title: text(),
    paragraphs: textList(),
    quote: text(),
    quoteAuthor: text(),
    image: imagePath(),
    imageAlt: text(),
  }).meta({ type: "HomeStory" }),
  pillars: object({
    kicker: text(),
    title: text(),
    intro: text(),
    items: array(object({ title: text(), text: text(), to: sitePath(), linkLabel: text() }).meta({ type: "HomePillar" }))
      .min(1, "braucht mindestens einen Eintrag")
      .required("fehlt"),
  }).meta({ type: "HomePillars" }),
  testimonials: sectionIntro(),
  form: object({ kicker: text(), title: text(), intro: text(), points: textList(), note: text() }).meta({ type: "HomeForm" }),
});

export const movementCopySchema = object({
  seo: pageSeo(),
  hero: heroWithImage(),
  heroButton: text(),
  story: object({ kicker: text(), title: text(), paragraphs: textList() }).meta({ type: "TextSection" }),
  plan: object({ kicker: text(), title: text(), intro: text(), totalLabel: text(), note: text() }).meta({
    type: "MovementPlanCopy",
  }),
  tips: titledList(1),
  testimonials: sectionIntro(),
  cta: callToAction(),
});

export const nutritionCopySchema = object({
  seo: pageSeo(),
  hero: heroWithImage(),
  heroButton: text(),
  principles: sectionIntro(),
  /**
   * The results after three months (content/results.json), on this page as the specification puts them
   * (§2). Beside food and a drink they report what participants do – cook, eat at fixed times, keep the
   * principles – and no effect on energy, sleep or endurance (HCVO Art. 10; editorial-checks.ts).
   */
  results: object({
    kicker: text(),
    title: text(),
    intro: text(),
    basisLabel: text(),
    /** One survey behind all three figures: its basis stands once under the three cards, with its record. */
    basis: text().meta({
      title: "Grundlage aller drei Zahlen",
      description:
        "Wer wann gefragt wurde, mit „Antworten von … Teilnehmern“ und „Stand: Monat Jahr“; steht einmal unter den drei Zahlen",
    }),
    evidence: surveyEvidence(),
  }).meta({ type: "ResultsCopy" }),
  drink: object({ kicker: text(), title: text(), intro: text(), stepsTitle: text(), ingredientsTitle: text() }).meta({
    type: "DrinkCopy",
  }),
  comparison: object({
    kicker: text(),
    title: text(),
    intro: text(),
    topicLabel: text(),
    beforeLabel: text(),
    afterLabel: text(),
    rows: array(object({ topic: text(), before: text(), after: text() }).meta({ type: "ComparisonRow" }))
      .min(2, "braucht mindestens 2 Zeilen")
      .required("fehlt"),
  }).meta({ type: "ComparisonCopy" }),
  testimonials: sectionIntro(),
  cta: callToAction(),
});

export const recipesCopySchema = object({
  seo: pageSeo(),
  hero: heroWithImage(),
  heroButton: text(),
  grid: object({
    kicker: text(),
    title: text(),
    intro: text(),
    ingredientsLabel: text(),
    stepsLabel: text(),
    timeLabel: text(),
    servingsLabel: text(),
  }).meta({ type: "RecipeGridCopy" }),
  cta: callToAction(),
});

export const contactCopySchema = object({
  seo: pageSeo(),
  hero: heroWithoutImage(),
  email: object({ title: text(), note: text() }).meta({ type: "ContactEmailCopy" }),
  address: object({ title: text() }).meta({ type: "ContactTitle" }),
  hours: object({ title: text(), note: text() }).meta({ type: "ContactHoursCopy" }),
  faq: object({ title: text() }).meta({ type: "ContactTitle" }),
  form: object({ title: text(), intro: text() }).meta({ type: "ContactFormCopy" }),
  trust: array(titledText()).min(2, "braucht mindestens 2 Einträge").required("fehlt"),
});

/** Cards that link to pages of the site: title, then one card per page. */
const linkCards = () =>
  object({
    title: text(),
    items: array(object({ to: sitePath(), label: text(), text: text() }).meta({ type: "LinkCard" }))
      .min(1, "braucht mindestens einen Eintrag")
      .required("fehlt"),
  }).meta({ type: "ThanksLinks" });

/** A page that says what happens next and links on: the thank-you page (three steps at least) and the shape "next-steps". */
const nextStepsPage = (minSteps: number) =>
  object({
    seo: pageSeo(),
    hero: heroWithoutImage(),
    steps: titledList(minSteps),
    links: linkCards(),
  }).meta({ implements: "NextStepsPage" });

export const thanksCopySchema = nextStepsPage(3);

/**
 * The copy of every page whose row in common/routes.ts names a shape: such a page needs no schema here, only its
 * row, its component and its copy file.
 */
const PAGE_SHAPES: Record<PageShape, ObjectSchema<AnyObject>> = {
  "next-steps": nextStepsPage(1),
};

/** The pages the buttons of the link pages lead to: unsubscribed, and a link that does not work. */
export const unsubscribedCopySchema = object({
  seo: pageSeo(),
  hero: heroWithoutImage(),
  data: object({ title: text(), text: linkedText() }).meta({ type: "LinkedTextSection", title: "Abschnitt zu deinen Daten" }),
  again: callToAction().meta({ title: "Abschnitt „Wieder anmelden“" }),
  links: linkCards(),
});

export const invalidLinkCopySchema = object({
  seo: pageSeo(),
  hero: heroWithoutImage(),
  heroButton: text(),
  reasons: titledList(1).meta({ title: "Mögliche Gründe" }),
  unsubscribeHelp: linkedText().meta({ title: "Hilfe, wenn das Abmelden nicht klappt" }),
});

/** The pages a link in a lead mail opens: one button that posts the link's token. */
export const confirmSignupCopySchema = object({
  seo: pageSeo(),
  hero: heroWithoutImage(),
  button: text(),
  steps: titledList(1),
  note: text(),
});

export const unsubscribeCopySchema = object({
  seo: pageSeo(),
  hero: heroWithoutImage(),
  button: text(),
  note: text(),
});

/**
 * Where each picture comes from (image-credits.ts). The pictures drawn by tools/artwork have their records
 * too, as „eigene Illustration“, rather than counting every picture without one as the company's own: so a
 * picture that reaches content/images/ by any way, or a file replaced by a photo of another name, is refused
 * until someone says whose it is, and the Impressum can only say what the records say.
 */
export const imageCreditsSchema = object({
  images: array(
    object({
      image: imagePath().meta({ title: "Bild" }),
      kind: text()
        .oneOf([...IMAGE_KINDS], `muss eines davon sein: ${IMAGE_KINDS.join(", ")}`)
        .meta({
          title: "Art",
          description: "„Foto“ erscheint mit Urheber und Lizenz im Bildnachweis des Impressums",
          labels: { "eigene Illustration": "Eigene Illustration", Foto: "Foto" },
        }),
      author: text().meta({
        title: "Urheber oder Quelle",
        description: "Wer das Bild gemacht hat oder woher es stammt, z.\u00a0B. „Max Muster / Unsplash“",
      }),
      license: text().meta({
        title: "Lizenz oder Nutzungsrecht",
        description: "Steht im Bildnachweis, z.\u00a0B. „Unsplash-Lizenz“",
      }),
      proof: text().meta({
        title: "Nachweis der Lizenz",
        description: "Wo der Beleg liegt (Rechnung, Vertrag, Adresse der Lizenzseite); erscheint nicht auf der Website",
      }),
      showsPerson: text()
        .oneOf([...YES_NO], "muss „ja“ oder „nein“ sein")
        .meta({ title: "Zeigt das Bild eine erkennbare Person?", labels: YES_NO_LABELS }),
      consentDate: ownerDate().meta({
        title: "Einwilligung liegt vor am (JJJJ-MM-TT)",
        description: "Nur wenn das Bild eine erkennbare Person zeigt: der Tag ihrer Einwilligung",
      }),
    }).meta({ type: "ImageCredit" }),
  )
    .required("fehlt")
    .meta({ title: "Bilder" }),
});

/** A person on a picture without the day of consent, or with a day still to come (§ 22 KUG). */
function imageConsentProblems(value: Record<string, unknown>): string[] {
  const today = germanToday();
  const images = Array.isArray(value.images) ? (value.images as Record<string, unknown>[]) : [];
  return images.flatMap((record, index) => {
    const problem = recordConsentProblem(record, today);
    return problem ? [`Feld „images[${index}].consentDate“: ${problem}`] : [];
  });
}

/** One entry per single-object file (relative to content/). Strings may use {{…}} placeholders from site.json. */
export interface ObjectFile extends ContentFileInfo {
  schema: ObjectSchema<AnyObject>;
  /** Links each page must offer, checked beyond the schema (e.g. the thank-you page's four links). */
  check?: (value: Record<string, unknown>) => string[];
}

/** The thank-you page links to the three content pages and home (spec). */
export const THANKS_LINK_TARGETS = [ROUTES.movement.path, ROUTES.nutrition.path, ROUTES.recipes.path, ROUTES.home.path];

/** The schema of each page's copy, by the GraphQL type its row in common/routes.ts names, and checks beyond it. */
const PAGE_COPY: Record<PageCopyType, Pick<ObjectFile, "schema" | "check">> = {
  HomePageCopy: { schema: homeCopySchema },
  MovementPageCopy: { schema: movementCopySchema },
  NutritionPageCopy: { schema: nutritionCopySchema },
  RecipesPageCopy: { schema: recipesCopySchema },
  ContactPageCopy: { schema: contactCopySchema },
  ConfirmSignupPageCopy: { schema: confirmSignupCopySchema },
  UnsubscribePageCopy: { schema: unsubscribeCopySchema },
  UnsubscribedPageCopy: { schema: unsubscribedCopySchema },
  InvalidLinkPageCopy: { schema: invalidLinkCopySchema },
  ThanksPageCopy: {
    schema: thanksCopySchema,
    check: (value) => {
      const items = ((value.links as { items?: { to?: unknown }[] } | undefined)?.items ?? []).map((item) => item.to);
      return THANKS_LINK_TARGETS.filter((to) => !items.includes(to)).map(
        (to) => `Feld „links.items“: der Link auf „${to}“ fehlt`,
      );
    },
  },
};

/** The shared notices, then each page's copy in the order of the routes. */
export const OBJECT_FILES: ObjectFile[] = [
  {
    file: "notices.json",
    type: "Notices",
    title: "Hinweise",
    description: "Hinweistexte mehrerer Seiten: Haftung, Prüfung der Erfahrungsberichte, Koffein",
    schema: noticesSchema,
  },
  ...Object.values(ROUTES).flatMap((route: SiteRoute) =>
    route.content && route.type
      ? [
          {
            file: route.content,
            type: route.type,
            title: route.contentTitle ?? `Texte der Seite „${route.title}“`,
            ...(route.shape ? { schema: PAGE_SHAPES[route.shape] } : PAGE_COPY[route.type as PageCopyType]),
          },
        ]
      : [],
  ),
];

/** content/experiments.json: other words for a page's headline, lead or call, shown in turn (server/experiments/). */
const EXPERIMENTS: ObjectFile = {
  file: "experiments.json",
  type: "ExperimentList",
  title: "Experimente",
  description: "Andere Texte für eine Überschrift, eine Einleitung oder einen Aufruf einer Seite, im Wechsel gezeigt",
  schema: experimentsFileSchema,
};

/** content/image-credits.json: where each picture comes from; the Impressum's picture credits are written from it. */
const IMAGE_CREDITS: ObjectFile = {
  file: IMAGE_CREDITS_FILE,
  type: "ImageCredits",
  title: "Bildnachweise",
  description:
    "Woher jedes Bild stammt, mit Lizenz und Nachweis, und ob es eine erkennbare Person zeigt; daraus entsteht der Bildnachweis im Impressum",
  schema: imageCreditsSchema,
  check: imageConsentProblems,
};

/** content/site.json: settings and facts the whole site and the server use (checked on its own, see read-content.ts). */
export const SITE_FILE: ObjectFile = {
  file: "site.json",
  type: "SiteSettings",
  title: "Einstellungen der Website",
  description: "Marke, Kontakt, Adresse, Öffnungszeiten, Firmendaten, Statistiken, Einwilligung, Betrieb und Speicherfristen",
  schema: siteSchema,
};

/** Every JSON content file with its GraphQL type: the one table the build, the check and the editors' schemas read. */
export const CONTENT_FILES: (ListFile | ObjectFile)[] = [SITE_FILE, ...LIST_FILES, ...OBJECT_FILES, IMAGE_CREDITS, EXPERIMENTS];
/** Every JSON file checked as one object (all but the settings and the lists). */
export const RECORD_FILES: ObjectFile[] = [...OBJECT_FILES, IMAGE_CREDITS, EXPERIMENTS];

export const isListFile = (entry: ListFile | ObjectFile): entry is ListFile => "entry" in entry;

/** GraphQL type of a content file ("pages/home.json" → "HomePageCopy"); undefined for a file not in the table. */
export const contentTypeName = (file: string): string | undefined => CONTENT_FILES.find((entry) => entry.file === file)?.type;
