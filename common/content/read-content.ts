/**
 * Reads the editors' content files and checks them against content-schema.ts. Used by the Gatsby build,
 * `npm run check:content` and the server, so all three agree on what a valid file is.
 */
import fs from "node:fs";
import path from "node:path";
import { ObjectSchema, ValidationError, type AnySchema, type InferType } from "yup";
import { LIST_FILES, RECORD_FILES, siteSchema, type ContentContext } from "./content-schema";
import { templateBlockProblems, unknownPlaceholders } from "./placeholders";
import { schemaReference } from "./json-schemas";
import { syntaxErrorPosition } from "./json-positions";
import {
  deploymentProblems,
  heroDrinkProblems,
  nutritionClaimProblems,
  drinkClaimProblems,
  retentionProblems,
  statBasisProblems,
  statisticProblems,
  surveyLabelProblems,
  resultEffectProblems,
  typographyProblems,
  RESULTS_BASIS,
  type KnownStat,
} from "./editorial-checks";
import { evidenceProblems } from "./evidence";
import { IMAGE_CREDITS_FILE } from "./image-credits";

export type SiteSettings = InferType<typeof siteSchema>;

/** Problems as the build, the content check and the server show them: a heading and one line each. */
export function problemReport(problems: readonly string[], heading = "Fehler in den Inhaltsdateien"): string {
  return `${heading}:\n${problems.map((p) => `  • ${p}`).join("\n")}`;
}

export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(problemReport(problems));
    this.name = "ContentError";
  }
}

/** The file's content without its "$schema" key, which only tells editors where the file's JSON Schema is. */
function withoutSchemaKey(value: unknown): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value) || !("$schema" in value)) return value;
  const { $schema: _schema, ...rest } = value as Record<string, unknown>;
  return rest;
}

function readJson(dir: string, file: string): { value?: unknown; problem?: string } {
  const full = path.join(dir, file);
  const shown = `content/${file}`;
  if (!fs.existsSync(full)) return { problem: `${shown}: Datei fehlt` };
  let value: unknown;
  const text = fs.readFileSync(full, "utf8");
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message.replace(/ \(line \d+ column \d+\)$/, "");
    const at = syntaxErrorPosition(text, message);
    const where = at ? ` in Zeile ${at.line}, Spalte ${at.column}` : "";
    return { problem: `${shown}: kein gültiges JSON${where} (${message})` };
  }
  const schemaKey = (value as { $schema?: unknown } | null)?.$schema;
  const expected = schemaReference(file);
  if (schemaKey !== undefined && schemaKey !== expected)
    return { problem: `${shown}, Feld „$schema“: muss „${expected}“ sein (oder fehlen)` };
  return { value: withoutSchemaKey(value) };
}

/** "rating" or "address.city" or "ingredients[2]" → a field name an editor recognises. */
function fieldProblems(error: unknown, where: string): string[] {
  if (!(error instanceof ValidationError)) throw error;
  const all = error.inner.length > 0 ? error.inner : [error];
  return all.map((e) => (e.path ? `${where}, Feld „${e.path}“: ${e.message}` : `${where}: ${e.message}`));
}

/** Image paths in a file are relative to that file's folder, as Gatsby resolves them. */
function contextFor(dir: string, file: string): ContentContext {
  const folder = path.dirname(path.join(dir, file));
  return {
    fileExists: (relative) =>
      fs.existsSync(path.resolve(folder, relative)) && fs.statSync(path.resolve(folder, relative)).isFile(),
  };
}

function validate(
  schema: { validateSync(value: unknown, options: object): unknown },
  value: unknown,
  where: string,
  context: ContentContext = {},
): string[] {
  try {
    schema.validateSync(value, { abortEarly: false, strict: true, context });
    return [];
  } catch (error) {
    return fieldProblems(error, where);
  }
}

/** The message for fields no schema names (a typo, mostly); yup lists them in `unknown`, comma-separated. */
const UNKNOWN_FIELD = ({ unknown }: { unknown: string }) =>
  unknown.includes(",") ? `unbekannte Felder: ${unknown}` : `unbekanntes Feld: ${unknown}`;

/** A list entry's schema that refuses fields it does not name, like the object files do. */
function withoutUnknown(entry: AnySchema): AnySchema {
  return entry instanceof ObjectSchema ? entry.noUnknown(UNKNOWN_FIELD) : entry;
}

export function siteSettingsProblems(dir: string): string[] {
  const { value, problem } = readJson(dir, "site.json");
  if (problem) return [problem];
  if (!value || typeof value !== "object" || Array.isArray(value)) return ["content/site.json: muss ein Objekt { … } sein"];
  return validate(siteSchema.noUnknown(UNKNOWN_FIELD), value, "content/site.json");
}

export function listFileProblems(dir: string): string[] {
  return LIST_FILES.flatMap(({ file, entry, count, labelField, check }) => {
    const shown = `content/${file}`;
    const { value, problem } = readJson(dir, file);
    if (problem) return [problem];
    if (!Array.isArray(value)) return [`${shown}: muss eine Liste [ … ] sein`];
    const problems: string[] = [];
    if (value.length !== count) problems.push(`${shown}: braucht genau ${count} Einträge, hat ${value.length}`);
    value.forEach((item, index) => {
      const label = item && typeof item === "object" && typeof item[labelField] === "string" ? ` („${item[labelField]}“)` : "";
      const where = `${shown}, Eintrag ${index + 1}${label}`;
      if (!item || typeof item !== "object" || Array.isArray(item)) problems.push(`${where}: muss ein Objekt { … } sein`);
      else problems.push(...validate(withoutUnknown(entry), item, where, contextFor(dir, file)));
    });
    if (problems.length === 0 && check) problems.push(...check(value).map((p) => `${shown}, ${p}`));
    return problems;
  });
}

/** Every string in a JSON value with the dotted path that leads to it ("hero.lead", "items[2].text"). */
export function stringsIn(value: unknown, at = ""): [string, string][] {
  if (typeof value === "string") return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsIn(item, `${at}[${index}]`));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) => stringsIn(item, at ? `${at}.${key}` : key));
  return [];
}

/** The shared notices and the copy of each page (content/pages/*.json). */
export function objectFileProblems(dir: string): string[] {
  const site = readJson(dir, "site.json").value;
  const siteIsValid = site !== undefined && siteSettingsProblems(dir).length === 0;
  return RECORD_FILES.flatMap(({ file, schema, check }) => {
    const shown = `content/${file}`;
    const { value, problem } = readJson(dir, file);
    if (problem) return [problem];
    if (!value || typeof value !== "object" || Array.isArray(value)) return [`${shown}: muss ein Objekt { … } sein`];
    const problems = validate(schema.noUnknown(UNKNOWN_FIELD), value, shown, contextFor(dir, file));
    // Against a valid site.json only: a value missing there is reported once, as site.json's problem.
    for (const [field, textValue] of stringsIn(value))
      for (const block of templateBlockProblems(textValue))
        problems.push(`${shown}, Feld „${field}“: ${block.message.replace(/ aus Zeile \d+/, "")}`);
    if (siteIsValid)
      for (const [field, textValue] of stringsIn(value))
        for (const name of new Set(unknownPlaceholders(textValue, site)))
          problems.push(`${shown}, Feld „${field}“: den Platzhalter {{${name}}} gibt es nicht in content/site.json`);
    if (problems.length === 0 && check) problems.push(...check(value as Record<string, unknown>).map((p) => `${shown}, ${p}`));
    return problems;
  });
}

/** List files whose text is copy the pages show (statistics and typography rules apply). */
const COPY_LIST_FILES = ["testimonials.json", "recipes.json", "movement-plan.json", "principles.json", "faq.json"];
/** Fields of site.json that are shown as copy. */
const SITE_COPY_FIELDS = ["tagline", "description", "blurb"];

/** Texts about the drink even where they do not name it: the drink recipe's entry and the drink section of the nutrition page. */
function drinkStrings(file: string, value: unknown): [string, string][] {
  if (file === "recipes.json" && Array.isArray(value))
    return value.flatMap((recipe: { category?: unknown }, index) =>
      recipe?.category === "Drink" ? stringsIn(recipe, `[${index}]`) : [],
    );
  if (file === "pages/ernaehrung-traditionell.json" && value && typeof value === "object")
    return stringsIn((value as { drink?: unknown }).drink, "drink");
  return [];
}

/** The figures the site proves, each with its basis: the week-two figure and the three results after three months. */
function knownStats(dir: string, site: Record<string, unknown>): KnownStat[] {
  const stats = (site.stats ?? {}) as { weekTwoPercent?: unknown; weekTwoBasis?: unknown };
  const known: KnownStat[] = [];
  if (typeof stats.weekTwoPercent === "number" && typeof stats.weekTwoBasis === "string")
    known.push({
      percent: stats.weekTwoPercent,
      basis: stats.weekTwoBasis,
      where: "content/site.json, Feld „stats.weekTwoBasis“",
    });
  const results = readJson(dir, "results.json").value;
  const basis = (readJson(dir, "pages/ernaehrung-traditionell.json").value as { results?: { basis?: unknown } } | undefined)
    ?.results?.basis;
  if (Array.isArray(results) && typeof basis === "string")
    for (const result of results as { percent?: unknown }[])
      if (typeof result?.percent === "number") known.push({ percent: result.percent, basis, where: RESULTS_BASIS });
  return known;
}

/** What the copy says: statistics with their basis, German typography, deployment facts before going live. */
export function editorialProblems(dir: string, production: boolean): string[] {
  const site = readJson(dir, "site.json").value as Record<string, unknown> | undefined;
  if (!site || typeof site !== "object") return [];
  const problems: string[] = [];
  const siteCopy = stringsIn(Object.fromEntries(SITE_COPY_FIELDS.map((key) => [key, site[key]])));
  problems.push(...statisticProblems("content/site.json", siteCopy));
  problems.push(...typographyProblems("content/site.json", stringsIn(site)));
  const copyFiles = [...COPY_LIST_FILES, ...RECORD_FILES.map((entry) => entry.file)];
  const known = knownStats(dir, site);
  for (const file of copyFiles) {
    const { value } = readJson(dir, file);
    if (value === undefined) continue;
    const strings = stringsIn(value);
    // A picture's licence may well name a percentage or a share („100 % eigene Aufnahme“): it is a record, not a claim.
    if (file !== IMAGE_CREDITS_FILE) problems.push(...statisticProblems(`content/${file}`, strings, known));
    problems.push(...typographyProblems(`content/${file}`, strings));
  }
  for (const file of [...copyFiles, "results.json"]) {
    const { value } = readJson(dir, file);
    // The caffeine notices are the labels the law asks for, not claims.
    const strings = stringsIn(value).filter(([field]) => !(file === "notices.json" && field.startsWith("caffeine")));
    if (value !== undefined) problems.push(...drinkClaimProblems(`content/${file}`, strings, drinkStrings(file, value)));
  }
  problems.push(...drinkClaimProblems("content/site.json", siteCopy));
  const results = readJson(dir, "results.json").value;
  if (results !== undefined) problems.push(...typographyProblems("content/results.json", stringsIn(results)));
  if (Array.isArray(results)) {
    const labels = results.map((result: { label?: unknown }, index): [string, string] => [
      `[${index}].label`,
      String(result?.label ?? ""),
    ]);
    problems.push(
      ...surveyLabelProblems(labels, "content/results.json"),
      ...resultEffectProblems(labels, "content/results.json"),
    );
  }
  const home = readJson(dir, "pages/home.json").value as
    { hero?: { title?: unknown; lead?: unknown }; results?: { weekTwoLabel?: unknown } } | undefined;
  problems.push(...heroDrinkProblems(home?.hero));
  const recipes = readJson(dir, "recipes.json").value;
  if (Array.isArray(recipes))
    problems.push(
      ...nutritionClaimProblems(
        "content/recipes.json",
        recipes.map((recipe: { benefit?: unknown }, index) => [`[${index}].benefit`, String(recipe?.benefit ?? "")]),
      ),
    );
  if (typeof home?.results?.weekTwoLabel === "string")
    problems.push(...surveyLabelProblems([["results.weekTwoLabel", home.results.weekTwoLabel]], "content/pages/home.json"));
  const nutrition = readJson(dir, "pages/ernaehrung-traditionell.json").value as { results?: { basis?: unknown } } | undefined;
  problems.push(...statBasisProblems(site.stats as Record<string, unknown> | undefined, nutrition?.results));
  problems.push(...deploymentProblems(site.deployment as Record<string, unknown> | undefined, production));
  problems.push(...evidenceProblems(dir, { production }));
  problems.push(...retentionProblems(site.retention as Record<string, unknown> | undefined));
  return problems;
}

export interface CheckOptions {
  /** A production build (SITE_URL set): deployment facts must be filled in. */
  production?: boolean;
}

/** Every problem in every content file; an empty list means the content can be built. */
export function contentProblems(dir: string, { production = Boolean(process.env.SITE_URL) }: CheckOptions = {}): string[] {
  const shape = [...siteSettingsProblems(dir), ...listFileProblems(dir), ...objectFileProblems(dir)];
  return [...shape, ...editorialProblems(dir, production)];
}

/** One content file as its data (without "$schema"); a missing or broken file throws with the German problem. */
export function readContentFile<T>(dir: string, file: string): T {
  const { value, problem } = readJson(dir, file);
  if (problem) throw new ContentError([problem]);
  return value as T;
}

export function readSiteSettings(dir: string): SiteSettings {
  const problems = siteSettingsProblems(dir);
  if (problems.length > 0) throw new ContentError(problems);
  return withoutSchemaKey(JSON.parse(fs.readFileSync(path.join(dir, "site.json"), "utf8"))) as SiteSettings;
}
