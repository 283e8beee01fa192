/**
 * The shape of every content file an editor may change. Checked before each build, so a typo fails
 * `gatsby build` with a message naming the file, the entry and the field.
 */
import { array, number, object, string, type AnySchema } from "yup";
import { EMAIL_PATTERN } from "../forms/schemas";
import { FAQ_COUNT, MOVEMENT_DURATIONS, PRINCIPLE_COUNT, RECIPE_COUNT, TESTIMONIAL_COUNT } from "../constants";

const text = () => string().strict().trim("darf nicht mit Leerzeichen beginnen oder enden").required("fehlt oder ist leer");
const wholeNumber = () =>
  number().strict().typeError("muss eine Zahl sein (ohne Anführungszeichen)").integer("muss eine ganze Zahl sein").required("fehlt");
const isoDate = () =>
  text().matches(/^\d{4}-\d{2}-\d{2}$/, "muss ein Datum im Format JJJJ-MM-TT sein").test(
    "real-date",
    "ist kein gültiges Datum",
    (value) => !value || !Number.isNaN(Date.parse(value)),
  );
const email = () => text().matches(EMAIL_PATTERN, "ist keine gültige E-Mail-Adresse");

export const PRINCIPLE_ICONS = ["wheat", "leaf", "jar", "clock", "drop", "flame", "sun", "heart"] as const;

export const siteSchema = object({
  brand: text(),
  tagline: text(),
  description: text(),
  blurb: text(),
  siteUrl: text().matches(/^https?:\/\/[^/\s]+$/, "muss eine Adresse wie https://www.beispiel.de ohne / am Ende sein"),
  email: email(),
  phone: text(),
  mailFrom: object({ name: text(), address: email() }),
  address: object({ street: text(), postalCode: text().matches(/^\d{5}$/, "muss eine fünfstellige Postleitzahl sein"), city: text(), country: text() }),
  openingHours: array(object({ days: text(), hours: text() })).min(1, "braucht mindestens einen Eintrag").required("fehlt"),
  replyWithinHours: wholeNumber().positive("muss größer als 0 sein"),
  legal: object({
    company: text(),
    representatives: array(text()).min(1, "braucht mindestens einen Namen").required("fehlt"),
    registerCourt: text(),
    registerNumber: text(),
    vatId: text(),
    editorialResponsible: text(),
  }),
  stats: object({
    users: wholeNumber().positive("muss größer als 0 sein"),
    usersBasis: text(),
    weekTwoPercent: wholeNumber().min(0, "muss zwischen 0 und 100 liegen").max(100, "muss zwischen 0 und 100 liegen"),
    weekTwoBasis: text(),
  }),
  consent: object({ version: text(), text: text() }),
  retention: object({
    confirmLinkHours: wholeNumber().positive("muss größer als 0 sein"),
    unconfirmedLeadDays: wholeNumber().positive("muss größer als 0 sein"),
    contactRequestDays: wholeNumber().positive("muss größer als 0 sein"),
    sentMailDays: wholeNumber().positive("muss größer als 0 sein"),
  }),
});

export const testimonialSchema = object({
  name: text(),
  location: text(),
  rating: wholeNumber().min(1, "muss zwischen 1 und 5 liegen").max(5, "muss zwischen 1 und 5 liegen"),
  text: text(),
  date: isoDate(),
});

export const recipeSchema = object({
  title: text(),
  ingredients: array(text()).min(1, "braucht mindestens eine Zutat").required("fehlt"),
  time: wholeNumber().positive("muss eine Zubereitungszeit in Minuten größer als 0 sein"),
  benefit: text(),
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
  icon: text().oneOf([...PRINCIPLE_ICONS], `muss eines dieser Symbole sein: ${PRINCIPLE_ICONS.join(", ")}`),
});

export const faqSchema = object({ question: text(), answer: text() });

export const resultSchema = object({
  percent: wholeNumber().min(0, "muss zwischen 0 und 100 liegen").max(100, "muss zwischen 0 und 100 liegen"),
  label: text(),
  basis: text(),
});

/** One entry per list file: its entry schema, how many entries the pages need, and which field names an entry. */
export interface ListFile {
  file: string;
  entry: AnySchema;
  count: number;
  labelField: string;
  /** Checks across entries, e.g. the movement plan's fixed durations. Returns messages. */
  check?: (entries: Record<string, unknown>[]) => string[];
}

export const LIST_FILES: ListFile[] = [
  { file: "testimonials.json", entry: testimonialSchema, count: TESTIMONIAL_COUNT, labelField: "name" },
  { file: "recipes.json", entry: recipeSchema, count: RECIPE_COUNT, labelField: "title" },
  {
    file: "movement-plan.json",
    entry: movementDaySchema,
    count: MOVEMENT_DURATIONS.length,
    labelField: "activity",
    check: (entries) =>
      entries.flatMap((entry, index) => {
        const problems: string[] = [];
        if (entry.day !== index + 1) problems.push(`Eintrag ${index + 1}, Feld „day“: muss ${index + 1} sein (Tage der Reihe nach)`);
        if (entry.duration !== MOVEMENT_DURATIONS[index])
          problems.push(`Eintrag ${index + 1}, Feld „duration“: muss ${MOVEMENT_DURATIONS[index]} Minuten sein`);
        return problems;
      }),
  },
  { file: "principles.json", entry: principleSchema, count: PRINCIPLE_COUNT, labelField: "title" },
  { file: "faq.json", entry: faqSchema, count: FAQ_COUNT, labelField: "question" },
  { file: "results.json", entry: resultSchema, count: 3, labelField: "label" },
];
