/**
 * Rules for what the copy may say, beyond its shape: every statistic stands with its basis (§ 5 UWG),
 * German typography, and no deployment fact left empty once the site goes live.
 */
import { DEPLOYMENT_OPTIONAL, TRANSFER_RECIPIENTS } from "./content-schema";

/** A value of a content file with the dotted path to it ("hero.lead", "items[2].text"). */
export type CopyString = [field: string, text: string];

const PERCENT = /\d\s*(%|Prozent\b)/;
/** Quantities of people that claim a share without a figure and a basis. */
const VAGUE_SHARE = /\b(die meisten|fast alle|nahezu alle|so gut wie alle)\b/i;

/** A figure the site proves: its percentage, the basis it stands on and where that basis is kept. */
export interface KnownStat {
  percent: number;
  basis: string;
  /** "content/site.json, Feld „stats.weekTwoBasis“" */
  where: string;
}

const PERCENTAGES = /(\d+)\s*(?:%|Prozent\b)/g;
/** „1.240 Teilnehmern“: how many people a text says the figure rests on. */
const PEOPLE = /([\d.]+)\s+Teilnehmern\b/;

/**
 * A text may repeat a proven figure (`known`) when it says where the figure's basis stands („Grundlage“) and, if it
 * names the number of people, names the answers of that basis; undefined when a percentage is not a proven figure.
 */
function knownFigureProblems(at: string, text: string, known: readonly KnownStat[]): string[] | undefined {
  const stats = [...text.matchAll(PERCENTAGES)].map((match) => known.find((stat) => stat.percent === Number(match[1])));
  if (stats.length === 0 || stats.some((stat) => stat === undefined)) return undefined;
  const problems: string[] = [];
  for (const stat of new Set(stats as KnownStat[])) {
    if (!/\bGrundlage\b/.test(text))
      problems.push(
        `${at}: nennt ${stat.percent}\u00a0% ohne Hinweis auf die Grundlage; sag, wo sie steht (z.\u00a0B. „die Grundlage steht auf unserer Startseite“)`,
      );
    const people = PEOPLE.exec(text)?.[1];
    const answers = ANSWERS.exec(stat.basis)?.[1];
    // A basis without its answers is named as the basis's own problem (statBasisProblems).
    if (people !== undefined && answers !== undefined && people !== answers)
      problems.push(
        `${at}: nennt ${people} Teilnehmer, die Grundlage der ${stat.percent}\u00a0% (${stat.where}) aber ${answers} Antworten; beide müssen dieselbe Zahl nennen`,
      );
  }
  return problems;
}

/** Figures and shares belong in site.json (stats) or results.json, each with its basis; a proven figure may be repeated with a pointer to it. */
export function statisticProblems(where: string, strings: CopyString[], known: readonly KnownStat[] = []): string[] {
  return strings.flatMap(([field, text]) => {
    const at = `${where}, Feld „${field}“`;
    if (PERCENT.test(text))
      return (
        knownFigureProblems(at, text, known) ?? [
          `${at}: nennt eine Prozentzahl ohne Grundlage; Zahlen gehören mit ihrer Grundlage in content/site.json (stats) oder content/results.json`,
        ]
      );
    const vague = VAGUE_SHARE.exec(text);
    if (vague)
      return [`${at}: „${vague[0]}“ behauptet einen Anteil ohne Grundlage; nenne eine belegte Zahl oder formuliere ohne Anteil`];
    return [];
  });
}

interface Stats {
  users?: unknown;
  usersBasis?: unknown;
  weekTwoBasis?: unknown;
  weekTwoEvidence?: { answers?: unknown };
}

/** „Antworten von 1.240 Teilnehmern“: the number a basis names as answers. */
const ANSWERS = /Antworten von ([\d.]+) /;

/**
 * A survey's basis names the answers it rests on („Antworten von … Teilnehmern“, not „Befragung von …“, which
 * reads as the people asked), and once the record is filled in, the same number as its `answers` (§ 5 UWG).
 */
function answersProblems(where: string, basis: unknown, answers: unknown, required: boolean): string[] {
  if (typeof basis !== "string") return [];
  const named = ANSWERS.exec(basis)?.[1];
  if (named === undefined)
    return required || (typeof answers === "string" && answers !== "")
      ? [`${where}: muss sagen, auf wie vielen Antworten die Zahl beruht („Antworten von 1.240 Teilnehmern, befragt …“)`]
      : [];
  if (typeof answers !== "string" || answers === "") return [];
  const shown = Number(answers).toLocaleString("de-DE");
  return named === shown
    ? []
    : [`${where}: nennt ${named} Antworten, der Nachweis („evidence.answers“) aber ${shown}; beide müssen dieselbe Zahl nennen`];
}

/** Where the basis of the three results after three months stands: once, under all three. */
export const RESULTS_BASIS = "content/pages/ernaehrung-traditionell.json, Feld „results.basis“";

/** The basis of each figure says when it was measured, and the user count's basis names the figure shown. */
export function statBasisProblems(
  stats: Stats | undefined,
  results: { basis?: unknown; evidence?: { answers?: unknown } } | undefined,
): string[] {
  const problems: string[] = [];
  const needsDate = (where: string, basis: unknown) => {
    if (typeof basis === "string" && !/\bStand\b/.test(basis))
      problems.push(`${where}: muss sagen, auf welchem Stand die Zahl ist (z.\u00a0B. „Stand: Oktober 2026“)`);
  };
  if (stats) {
    needsDate("content/site.json, Feld „stats.usersBasis“", stats.usersBasis);
    needsDate("content/site.json, Feld „stats.weekTwoBasis“", stats.weekTwoBasis);
    problems.push(
      ...answersProblems(
        "content/site.json, Feld „stats.weekTwoBasis“",
        stats.weekTwoBasis,
        stats.weekTwoEvidence?.answers,
        true,
      ),
    );
    if (typeof stats.users === "number" && typeof stats.usersBasis === "string") {
      const shown = stats.users.toLocaleString("de-DE");
      if (!stats.usersBasis.includes(shown))
        problems.push(
          `content/site.json, Feld „stats.usersBasis“: muss die Zahl ${shown} nennen, die die Startseite zeigt („über ${shown}“)`,
        );
    }
  }
  if (results) {
    needsDate(RESULTS_BASIS, results.basis);
    problems.push(...answersProblems(RESULTS_BASIS, results.basis, results.evidence?.answers, true));
  }
  return problems;
}

const NBSP = "\u00a0";
/** A number from a placeholder and its unit keep together, as a written „24\u00a0Stunden“ does. */
const PLACEHOLDER_UNIT = /\}\}[ \t](Tage|Tagen|Tag|Stunden|Stunde|Jahre|Jahren|Minuten|Monate|Monaten)\b/;

/** "z. B." and "7:30 Uhr" keep together on one line; quotes are German „…“ (or ‚…‘), never "…". */
export function typographyProblems(where: string, strings: CopyString[], { markdown = false } = {}): string[] {
  const space = markdown ? `(?:${NBSP}|&nbsp;)` : NBSP;
  return strings.flatMap(([field, raw]) => {
    // Markdown may hold HTML (href="…"); its attributes are not text.
    const text = markdown ? raw.replace(/<[^>]*>/g, "") : raw;
    const at = field ? `${where}, Feld „${field}“` : where;
    const problems: string[] = [];
    if (new RegExp(`z\\.(?!${space}B\\.)\\s*B\\.`).test(text))
      problems.push(`${at}: „z. B.“ mit geschütztem Leerzeichen schreiben (z.${markdown ? "&nbsp;" : "\\u00a0"}B.)`);
    if (/(\d|\}\})[ \t]Uhr\b/.test(text))
      problems.push(
        `${at}: vor „Uhr“ gehört ein geschütztes Leerzeichen (${markdown ? "&nbsp;" : "\\u00a0"}), nicht ein normales`,
      );
    const unit = PLACEHOLDER_UNIT.exec(text);
    if (unit)
      problems.push(
        `${at}: zwischen Platzhalter und Einheit („${unit[0]}“) gehört ein geschütztes Leerzeichen (${markdown ? "&nbsp;" : "\\u00a0"}), damit Zahl und Einheit nicht getrennt werden`,
      );
    if (text.includes('"')) problems.push(`${at}: gerade Anführungszeichen "…"; im Deutschen „…“ verwenden`);
    return problems;
  });
}

/** What to do about an empty fact that is more than a value to copy from a contract. */
const EMPTY_FACT: Record<string, string> = {
  checkedOn:
    "ist noch leer; trag den Tag ein, an dem du diese Angaben mit den Verträgen deiner Dienstleister abgeglichen hast (JJJJ-MM-TT) – vorher geht die Website nicht live",
  marketSurveillance:
    "ist noch leer; die Erklärung zur Barrierefreiheit nennt die zuständige Marktüberwachungsstelle (§ 14 BFSG): die MLBF in Magdeburg mit ihrer aktuellen Anschrift von ihrer Website – vor dem Livegang eintragen",
  accessibilityCheckedOn:
    "ist noch leer; die Erklärung zur Barrierefreiheit nennt den Tag der letzten Prüfung von Hand. Geh alle Seiten und beide Formulare nur mit der Tastatur durch, auf 320 Pixel Breite und mit einem Screenreader, und trag den Tag ein (JJJJ-MM-TT) – vorher geht die Website nicht live",
  dataProtectionOfficer:
    "ist noch leer; die Datenschutztexte sagen, ob ihr einen Datenschutzbeauftragten habt. Zählt, wie viele Personen ständig mit personenbezogenen Daten umgehen: unter 20 (und keine Verarbeitung, die eine Folgenabschätzung braucht) trag „keiner“ ein, sonst Name und Kontakt der benannten Person (§ 38 BDSG, Art. 37 DSGVO) – vorher geht die Website nicht live",
  mailTrackingOffOn:
    "ist noch leer; die Datenschutztexte sagen, dass wir Öffnungen und Klicks nicht messen. Schalte die Öffnungs- und Klickzählung beim Versanddienst ab, schick dir mit „npm run leads -- mail-check ADRESSE“ eine E-Mail jeder Art und prüf ihren Quelltext: kein Bild, das die Website nicht selbst eingefügt hat, kein Link, der auf eine fremde Adresse umgeschrieben ist. Trag dann den Tag der Prüfung ein (JJJJ-MM-TT) – vorher geht die Website nicht live",
};

const deploymentField = (key: string) => `content/site.json, Feld „deployment.${key}“`;

/**
 * In a production build (SITE_URL set) every deployment fact the privacy texts state must be filled in,
 * and the facts must agree: a country outside the EU/EEA with its safeguard, „euOnly“ matching them,
 * a webhook receiver with how long it keeps the data.
 */
export function deploymentProblems(deployment: Record<string, unknown> | undefined, production: boolean): string[] {
  if (!production || !deployment) return [];
  const problems = Object.entries(deployment)
    .filter(([key, value]) => value === "" && !(DEPLOYMENT_OPTIONAL as readonly string[]).includes(key))
    .map(
      ([key]) =>
        `${deploymentField(key)}: ${EMPTY_FACT[key] ?? "ist noch leer; die Datenschutztexte nennen diesen Wert – vor dem Livegang eintragen"}`,
    );
  const filled = (key: string) => typeof deployment[key] === "string" && deployment[key] !== "";
  const abroad = TRANSFER_RECIPIENTS.filter((recipient) => filled(`${recipient}Country`));
  for (const recipient of TRANSFER_RECIPIENTS) {
    const country = `${recipient}Country`;
    const safeguard = `${recipient}Safeguard`;
    if (filled(country) && !filled(safeguard))
      problems.push(
        `${deploymentField(safeguard)}: fehlt; zu einem Land außerhalb der EU gehört die Garantie (z.\u00a0B. „Standardvertragsklauseln“)`,
      );
    if (!filled(country) && filled(safeguard))
      problems.push(`${deploymentField(country)}: fehlt; die Garantie in „deployment.${safeguard}“ braucht ihr Land`);
  }
  if (deployment.euOnly === "ja" && abroad.length > 0)
    problems.push(
      `${deploymentField("euOnly")}: ist „ja“, aber ${abroad.map((r) => `„deployment.${r}Country“`).join(", ")} nennt ein Land außerhalb der EU`,
    );
  if (deployment.euOnly === "nein" && abroad.length === 0)
    problems.push(
      `${deploymentField("euOnly")}: ist „nein“, aber kein Feld „deployment.…Country“ nennt ein Land außerhalb der EU; trag Land und Garantie beim Dienstleister ein`,
    );
  const recipientFields = [
    ["webhookRecipients", "webhook"],
    ["cdn", "cdn"],
    ["contentRepository", "contentRepository"],
  ] as const;
  for (const [name, prefix] of recipientFields)
    if ((!filled(name) || deployment[name] === "keines") && filled(`${prefix}Country`))
      problems.push(
        `${deploymentField(`${prefix}Country`)}: nennt ein Land, aber „deployment.${name}“ nennt keinen Dienstleister`,
      );
  if (filled("webhookRecipients") && !filled("webhookRetention"))
    problems.push(
      `${deploymentField("webhookRetention")}: fehlt; die Datenschutztexte sagen, wie lange der Webhook-Empfänger die Angaben speichert (z.\u00a0B. „bis zu deiner Abmeldung oder Löschung“)`,
    );
  return problems;
}

/** A newsletter's rows count for the monthly limit this many days (server/services/privacy.ts). */
export const NEWSLETTER_RECORD_DAYS = 32;

/**
 * The privacy texts say newsletter records go after 32 days, the time they prove the monthly limit; mail
 * records kept longer (`retention.sentMailDays`) would keep them longer too.
 */
export function retentionProblems(retention: Record<string, unknown> | undefined): string[] {
  if (typeof retention?.sentMailDays !== "number" || retention.sentMailDays <= NEWSLETTER_RECORD_DAYS) return [];
  return [
    `content/site.json, Feld „retention.sentMailDays“: höchstens ${NEWSLETTER_RECORD_DAYS}; die Datenschutztexte sagen, dass Versandeinträge eines Newsletters nach ${NEWSLETTER_RECORD_DAYS} Tagen gelöscht werden`,
  ];
}

/** Empty deployment facts, for a warning outside production builds. */
export function emptyDeploymentFacts(deployment: Record<string, unknown> | undefined): string[] {
  if (!deployment) return [];
  return Object.entries(deployment)
    .filter(([key, value]) => value === "" && !(DEPLOYMENT_OPTIONAL as readonly string[]).includes(key))
    .map(([key]) => `deployment.${key}`);
}

/** The drink is a recipe, not an energy source (HCVO Art. 10): no energy-drink name, no caffeine contrast, no cure for a slump. */
const ENERGY_DRINK = /energie-?drink|energy-?drink/i;
const DRINK = /\bdrinks?\b|-drinks?\b/i;
const DRINK_CLAIM = /koffein|energie|gegen das\s+(\w+)?tief|\bwach(er)?\b|\bfitter\b|muntermacher|power/i;

/**
 * Copy about the drink stays a recipe: „Energiedrink“ is refused everywhere, and a text about the drink
 * (`drinkStrings`, or any text that names a drink) may not tie it to caffeine, energy or the afternoon slump.
 */
export function drinkClaimProblems(where: string, strings: CopyString[], drinkStrings: CopyString[] = []): string[] {
  const problems: string[] = [];
  for (const [field, text] of strings) {
    const at = field ? `${where}, Feld „${field}“` : where;
    if (ENERGY_DRINK.test(text))
      problems.push(
        `${at}: „${ENERGY_DRINK.exec(text)?.[0]}“ – hier gibt es ein Drink-Rezept, keinen Energiedrink (HCVO); schreib „Ingwer-Hafer-Drink“ oder „Drink-Rezept“`,
      );
    else if (DRINK.test(text) && DRINK_CLAIM.test(text))
      problems.push(
        `${at}: verbindet den Drink mit „${DRINK_CLAIM.exec(text)?.[0]}“ – eine gesundheitsbezogene Angabe (HCVO); beschreib ihn als Rezept`,
      );
  }
  for (const [field, text] of drinkStrings) {
    if (ENERGY_DRINK.test(text) || DRINK.test(text)) continue; // already checked above
    const claim = DRINK_CLAIM.exec(text);
    if (claim)
      problems.push(
        `${where}, Feld „${field}“: verbindet den Drink mit „${claim[0]}“ – eine gesundheitsbezogene Angabe (HCVO); beschreib ihn als Rezept`,
      );
  }
  return problems;
}

/**
 * Under a headline of energy the hero names no drink: the only single food there would read as the energy's
 * source (Art. 10 Abs. 3 HCVO). Energy comes from habits: movement, meals, a day's rhythm.
 */
export function heroDrinkProblems(hero: { title?: unknown; lead?: unknown } | undefined): string[] {
  if (typeof hero?.title !== "string" || !/energie/i.test(hero.title) || typeof hero.lead !== "string") return [];
  const drink = DRINK.exec(hero.lead) ?? /getränk|\bsaft\b|smoothie/i.exec(hero.lead);
  return drink
    ? [
        `content/pages/home.json, Feld „hero.lead“: nennt „${drink[0]}“ unter der Überschrift „${hero.title}“ – so liest es sich, als komme die Energie aus einem Getränk (Art. 10 Abs. 3 HCVO); nenn hier nur Bewegung, Essen und Gewohnheiten`,
      ]
    : [];
}

/** Words the HCVO annex reserves for nutrition claims with conditions („leicht“ = „light“, like „reduziert“). */
const NUTRITION_CLAIM = /\b(leicht|light|kalorienarm|fettarm|zuckerfrei|ohne Zuckerzusatz|reich an \w+)\b/i;

/** A recipe's benefit describes taste and use, not a nutrition claim (HCVO Art. 8 with its annex). */
export function nutritionClaimProblems(where: string, strings: CopyString[]): string[] {
  return strings.flatMap(([field, text]) => {
    const claim = NUTRITION_CLAIM.exec(text);
    return claim
      ? [
          `${where}, Feld „${field}“: „${claim[0]}“ ist eine nährwertbezogene Angabe mit festen Bedingungen (HCVO, Anhang); beschreib Geschmack oder Zubereitung, z.\u00a0B. „knackig und frisch“`,
        ]
      : [];
  });
}

/** A survey figure reads as what respondents said: its label names „Befragte“ (§ 5 UWG). */
export function surveyLabelProblems(labels: CopyString[], where: string): string[] {
  return labels
    .filter(([, text]) => text !== "" && !/\bBefragten?\b/.test(text))
    .map(
      ([field]) =>
        `${where}, Feld „${field}“: eine Prozentzahl der Befragung muss als Angabe der Befragten dastehen (z.\u00a0B. „der Befragten gaben an, …“)`,
    );
}

/**
 * The results after three months stand on the nutrition page beside food and a drink recipe, so they report
 * what participants do (cook, eat at fixed times, keep the principles), never an effect on the body: energy,
 * sleep, endurance, fitness or tiredness there would be a health claim tied to food (HCVO Art. 10).
 */
const BODY_EFFECT = /energie|schlaf|ausdauer|\bfit(?:ter|ness)?\b|müde|wach\b|leistungsfähig|vitalität|gesünder/i;

export function resultEffectProblems(labels: CopyString[], where: string): string[] {
  return labels.flatMap(([field, text]) => {
    const effect = BODY_EFFECT.exec(text);
    return effect
      ? [
          `${where}, Feld „${field}“: „${effect[0]}“ – neben Essen und einem Drink-Rezept berichtet eine Zahl, was die Befragten tun (z.\u00a0B. selbst kochen, zu festen Zeiten essen), keine Wirkung auf den Körper (HCVO Art. 10)`,
        ]
      : [];
  });
}
