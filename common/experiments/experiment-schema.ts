/**
 * content/experiments.json: the owner's experiments on the words of a page. Each names the page, the text it
 * varies (a dotted field of the page's content file, e.g. "hero.title"), one or two other texts beside the
 * original (variants B and C), the share of visits that takes part, and the days it runs. Which fields may
 * vary, and the checks a variant's text passes, are in experiment-problems.ts.
 */
import { array, number, object as yupObject, string, type ObjectShape } from "yup";
import { ALL_ROUTES, ROUTES } from "../routes";

export const EXPERIMENTS_FILE = "experiments.json";

/** The pages with a form or a call to action whose words an experiment may vary. */
export const EXPERIMENT_PAGES: readonly string[] = [
  ROUTES.home.path,
  ROUTES.movement.path,
  ROUTES.nutrition.path,
  ROUTES.recipes.path,
  ROUTES.contact.path,
];

/** Each page by its name, as the owner area's menus and the site's headings call it. */
const PAGE_NAMES = Object.fromEntries(
  EXPERIMENT_PAGES.map((page) => [page, ALL_ROUTES.find((route) => route.path === page)?.title ?? page]),
);

const STATUS_NAMES: Record<string, string> = {
  läuft: "läuft",
  beendet: "beendet – alle sehen das Original",
  übernommen: "übernommen – der Gewinner steht in der Seite",
};

const object = <S extends ObjectShape>(shape: S) => yupObject(shape).required("fehlt");
const text = () => string().strict().trim("darf nicht mit Leerzeichen beginnen oder enden").required("fehlt oder ist leer");
const day = () =>
  text()
    .matches(/^\d{4}-\d{2}-\d{2}$/, "muss ein Datum im Format JJJJ-MM-TT sein")
    .test("real-date", "ist kein gültiges Datum", (value) => !value || !Number.isNaN(Date.parse(value)));

export const experimentSchema = object({
  id: text()
    .matches(/^[a-z0-9][a-z0-9-]{1,39}$/, "nur Kleinbuchstaben, Ziffern und Bindestriche, 2 bis 40 Zeichen")
    .meta({
      title: "Kennung",
      description: "Ein kurzer Name, z. B. startseite-titel; unter ihm stehen die Zahlen in „Experimente“",
    }),
  page: text()
    .oneOf(
      [...EXPERIMENT_PAGES],
      `muss eine dieser Seiten sein: ${EXPERIMENT_PAGES.join(", ")} (Rechtstexte, E-Mails und die Seiten nach einem Formular testet kein Experiment)`,
    )
    .meta({
      title: "Seite",
      description: "Rechtstexte, E-Mails und die Seiten nach einem Formular testet kein Experiment",
      kind: "site-path",
      labels: PAGE_NAMES,
    }),
  field: text().meta({
    title: "Text der Seite",
    description: "Welcher Text der Seite wechselt: eine Überschrift, eine Einleitung, ein Abschnitt oder ein Knopf",
    kind: "page-field",
  }),
  variants: array(text())
    .min(1, "braucht einen oder zwei andere Texte (B, C) neben dem Original")
    .max(2, "höchstens zwei andere Texte (B, C) neben dem Original")
    .required("fehlt")
    .meta({
      title: "Andere Texte (B, C)",
      description: "Ein oder zwei andere Fassungen des Textes; das Original (A) bleibt in der Seite",
      itemNames: ["Variante B", "Variante C"],
    }),
  share: number()
    .strict()
    .typeError("muss eine Zahl sein (ohne Anführungszeichen)")
    .integer("muss eine ganze Zahl sein")
    .min(10, "mindestens 10 (Prozent der Besuche)")
    .max(100, "höchstens 100 (Prozent der Besuche)")
    .required("fehlt")
    .meta({
      title: "Anteil der Besuche (Prozent)",
      description: "Wie viel Prozent der Besuche teilnehmen; sie verteilen sich gleich auf Original und Varianten",
    }),
  start: day().meta({ title: "Beginn", description: "Der erste Tag, an dem es läuft (in Deutschland)" }),
  end: day().meta({ title: "Ende", description: "Der letzte Tag; danach sehen alle wieder das Original" }),
  status: text().oneOf(["läuft", "beendet", "übernommen"], "muss „läuft“, „beendet“ oder „übernommen“ sein").meta({
    title: "Stand",
    description: "Ein neues Experiment „läuft“; unter „Experimente“ beenden es die Inhaber oder übernehmen den Gewinner",
    labels: STATUS_NAMES,
  }),
}).meta({ type: "Experiment" });

export const experimentsFileSchema = object({
  experiments: array(experimentSchema).max(20, "höchstens 20 Experimente").required("fehlt").meta({ title: "Experimente" }),
});
