/**
 * Where every picture of the site comes from (§§ 13, 97 UrhG; § 22 KUG): content/image-credits.json holds one
 * record per picture under content/images/ – who made it or where it is from, the licence with where its proof
 * is kept, and whether it shows a recognisable person, then with the day of that person's consent. An upload
 * in „Inhalte“ is refused without them, the content check refuses a picture without its record, and the
 * Impressum's „Bildnachweis“ is written from the records. No Node modules here: the upload form checks with it too.
 */

/** Relative to content/: beside content/images/, not inside, as the content check links that folder into its copy. */
export const IMAGE_CREDITS_FILE = "image-credits.json";

/** „eigene Illustration“: drawn by the company (tools/artwork); „Foto“: anything else, named in the Bildnachweis. */
export const IMAGE_KINDS = ["eigene Illustration", "Foto"] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];
export const PHOTO: ImageKind = "Foto";

export const YES_NO = ["ja", "nein"] as const;

/** One picture's record, as content/image-credits.json keeps it. */
export interface ImageCredit {
  /** Relative to content/, e.g. "images/rezepte/haferbrei.jpg". */
  image: string;
  kind: ImageKind;
  /** „Urheber oder Quelle“, as the Bildnachweis names it: „Anna Schmidt“ or „Max Muster / Unsplash“. */
  author: string;
  /** „Lizenz oder Nutzungsrecht“, as the Bildnachweis names it. */
  license: string;
  /** Where the proof of the licence is kept; not shown on the site. */
  proof: string;
  /** „ja“ when a recognisable person is on the picture. */
  showsPerson: (typeof YES_NO)[number];
  /** The day that person agreed to the picture being shown (JJJJ-MM-TT); "" when nobody is recognisable. */
  consentDate: string;
}

/** What an upload carries about its picture (the route and the upload form check it the same way). */
export type CreditInput = Partial<Record<"author" | "license" | "proof" | "showsPerson" | "consentDate", string>>;
export type CreditField = keyof CreditInput;

export const CREDIT_MAX_LENGTH = 300;

/** Today in Germany (JJJJ-MM-TT): a consent given this morning is not „in the future“ before midnight UTC. */
export const germanToday = (now = new Date()): string =>
  new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin" }).format(now);
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const isRealDay = (value: string) => ISO_DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** The German message for each missing or wrong fact of an upload; empty when the picture may be stored. */
export function creditInputProblems(input: CreditInput, today: string): Partial<Record<CreditField, string>> {
  const problems: Partial<Record<CreditField, string>> = {};
  const value = (field: CreditField) => (input[field] ?? "").trim();
  if (!value("author"))
    problems.author =
      "Bitte gib an, wer das Bild gemacht hat oder woher es stammt (Urheber oder Quelle), z.\u00a0B. „Anna Schmidt“ oder „Max Muster / Unsplash“.";
  if (!value("license"))
    problems.license =
      "Bitte gib an, unter welcher Lizenz oder mit welchem Nutzungsrecht wir das Bild zeigen dürfen, z.\u00a0B. „Unsplash-Lizenz“ oder „Nutzungsrecht vom Fotografen“.";
  if (!value("proof"))
    problems.proof =
      "Bitte gib an, wo der Nachweis der Lizenz liegt, z.\u00a0B. „Rechnung im Ordner Bildrechte“ oder die Adresse der Lizenzseite.";
  for (const field of ["author", "license", "proof"] as const)
    if (value(field).length > CREDIT_MAX_LENGTH)
      problems[field] = `Bitte fasse dich kürzer: höchstens ${CREDIT_MAX_LENGTH} Zeichen.`;
  const person = value("showsPerson");
  if (!(YES_NO as readonly string[]).includes(person))
    problems.showsPerson = "Bitte gib an, ob auf dem Bild eine Person zu erkennen ist (ja oder nein).";
  if (person === "ja") {
    const day = value("consentDate");
    if (!day)
      problems.consentDate =
        "Auf dem Bild ist eine Person zu erkennen: Bitte gib an, an welchem Tag sie eingewilligt hat, dass wir es zeigen. Ohne ihre Einwilligung darf das Bild nicht auf die Website.";
    else if (!isRealDay(day)) problems.consentDate = "Bitte gib den Tag der Einwilligung als Datum an.";
    else if (day > today)
      problems.consentDate =
        "Der Tag der Einwilligung liegt in der Zukunft. Bitte gib den Tag an, an dem die Person eingewilligt hat.";
  }
  return problems;
}

/**
 * A fact as the content check wants every text (editorial-checks.ts): German quotes for "…" and a no-break space
 * in „z. B.“, so a record typed with straight quotes cannot stop the next change from being published.
 */
const tidy = (text: string | undefined) =>
  (text ?? "")
    .trim()
    .replace(/"([^"]*)"/g, "„$1“")
    .replace(/"/g, "“")
    .replace(/z\.\s*B\./g, "z.\u00a0B.");

/** An upload's record once its facts are checked: a photo, the texts tidied, a consent date only with a person. */
export function photoCredit(image: string, input: CreditInput): ImageCredit {
  const showsPerson = input.showsPerson?.trim() === "ja" ? "ja" : "nein";
  return {
    image,
    kind: PHOTO,
    author: tidy(input.author),
    license: tidy(input.license),
    proof: tidy(input.proof),
    showsPerson,
    consentDate: showsPerson === "ja" ? (input.consentDate ?? "").trim() : "",
  };
}

/** A record's day of consent, the check's message when a person is shown without it or with a day to come. */
export function recordConsentProblem(record: Partial<ImageCredit>, today: string): string | undefined {
  if (record.showsPerson === "ja" && !record.consentDate)
    return "das Bild zeigt eine erkennbare Person, aber der Tag ihrer Einwilligung fehlt; ohne Einwilligung darf das Bild nicht auf die Website (§ 22 KUG)";
  if (typeof record.consentDate === "string" && record.consentDate > today)
    return `liegt in der Zukunft (${record.consentDate}); eintragen, an welchem Tag die Person eingewilligt hat`;
  return undefined;
}

/** The photos' credits as the Impressum names them: „Max Muster / Unsplash, Unsplash-Lizenz; …“, each once. */
export function photoCreditsText(records: readonly Partial<ImageCredit>[] | null | undefined): string {
  const credits = (records ?? [])
    .filter((record) => record.kind === PHOTO && record.author && record.license)
    .map((record) => `${record.author}, ${record.license}`);
  return [...new Set(credits)].join("; ");
}

/** What a legal text's placeholders are filled from: content/site.json and, as `imageCredits.photos`, the photos' credits. */
export function legalValues(site: unknown, credits: { images?: readonly Partial<ImageCredit>[] | null } | null | undefined) {
  return { ...(site && typeof site === "object" ? site : {}), imageCredits: { photos: photoCreditsText(credits?.images) } };
}
