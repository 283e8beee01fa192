/**
 * Checks rendered JSON-LD for the properties search engines need before they use it (Google Search
 * Central's required and recommended fields for Organization, Recipe and FAQPage). The builders are
 * typed with schema-dts; this catches what types cannot: empty text, relative URLs, bad durations.
 */
type Entity = Record<string, unknown>;

const isText = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";
const isAbsoluteUrl = (value: unknown) => isText(value) && /^https:\/\/[^/\s]+/.test(value);
const ISO_DURATION = /^PT(?=\d)(\d+H)?(\d+M)?$/;

function asEntity(value: unknown): Entity | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Entity) : undefined;
}

function organizationProblems(org: Entity): string[] {
  const problems: string[] = [];
  for (const key of ["name", "legalName", "email", "telephone"])
    if (!isText(org[key])) problems.push(`Organization.${key} fehlt`);
  for (const key of ["url", "logo"])
    if (!isAbsoluteUrl(org[key])) problems.push(`Organization.${key} ist keine absolute https-Adresse`);
  const address = asEntity(org.address);
  if (address?.["@type"] !== "PostalAddress") problems.push("Organization.address ist keine PostalAddress");
  for (const key of ["streetAddress", "postalCode", "addressLocality", "addressCountry"]) {
    if (!isText(address?.[key])) problems.push(`Organization.address.${key} fehlt`);
  }
  return problems;
}

function recipeProblems(recipe: Entity): string[] {
  const name = isText(recipe.name) ? recipe.name : "(ohne Namen)";
  const problems: string[] = [];
  if (!isText(recipe.name)) problems.push("Recipe.name fehlt");
  if (!isText(recipe.description)) problems.push(`Recipe „${name}“: description fehlt`);
  const images = Array.isArray(recipe.image) ? recipe.image : [recipe.image];
  if (images.length === 0 || !images.every(isAbsoluteUrl))
    problems.push(`Recipe „${name}“: image fehlt oder ist keine absolute https-Adresse`);
  const ingredients = recipe.recipeIngredient;
  if (!Array.isArray(ingredients) || ingredients.length === 0 || !ingredients.every(isText))
    problems.push(`Recipe „${name}“: recipeIngredient fehlt`);
  if (!isText(recipe.totalTime) || !ISO_DURATION.test(recipe.totalTime))
    problems.push(`Recipe „${name}“: totalTime ist keine ISO-8601-Dauer`);
  if (!isText(asEntity(recipe.author)?.name)) problems.push(`Recipe „${name}“: author.name fehlt`);
  return problems;
}

function faqPageProblems(faq: Entity): string[] {
  const questions = faq.mainEntity;
  if (!Array.isArray(questions) || questions.length === 0) return ["FAQPage.mainEntity hat keine Fragen"];
  return questions.flatMap((item, index) => {
    const question = asEntity(item);
    const answer = asEntity(question?.acceptedAnswer);
    const problems: string[] = [];
    if (question?.["@type"] !== "Question" || !isText(question.name))
      problems.push(`FAQPage-Frage ${index + 1}: Question.name fehlt`);
    if (answer?.["@type"] !== "Answer" || !isText(answer.text))
      problems.push(`FAQPage-Frage ${index + 1}: acceptedAnswer.text fehlt`);
    return problems;
  });
}

const CHECKS: Record<string, (entity: Entity) => string[]> = {
  Organization: organizationProblems,
  Recipe: recipeProblems,
  FAQPage: faqPageProblems,
};

/** The entities of one JSON-LD document (a single one, or those of its `@graph`). */
export function entitiesOf(document: unknown): Entity[] {
  const root = asEntity(document);
  if (!root) return [];
  const graph = root["@graph"];
  return Array.isArray(graph) ? graph.map(asEntity).filter((e): e is Entity => e !== undefined) : [root];
}

/** Every problem of one parsed JSON-LD document; an empty list means search engines can use it. */
export function structuredDataProblems(document: unknown): string[] {
  const root = asEntity(document);
  if (root?.["@context"] !== "https://schema.org") return ['"@context" ist nicht https://schema.org'];
  const entities = entitiesOf(root);
  if (entities.length === 0) return ["keine Einträge"];
  return entities.flatMap((entity) => {
    const type = String(entity["@type"]);
    const check = CHECKS[type];
    return check ? check(entity) : [`unerwarteter Typ ${type}`];
  });
}
