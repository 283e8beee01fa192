import type { Graph, Recipe, WithContext } from "schema-dts";
import { absoluteUrl } from "./json-ld";
import { organizationId } from "./organization";

/** A recipe card as content/recipes.json holds it; `imageSrc` is the card picture's URL, if it has one. */
export interface RecipeCard {
  title: string;
  ingredients: readonly string[];
  /** Preparation time in minutes. */
  time: number;
  benefit: string;
  category?: string | null;
  servings?: number | null;
  steps?: readonly string[] | null;
  imageSrc?: string | null;
}

export interface RecipeSite {
  brand: string;
  siteUrl: string;
}

/** Minutes as an ISO 8601 duration, the form schema.org expects: 75 → "PT1H15M". */
export function isoDuration(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes <= 0)
    throw new Error(`Zubereitungszeit ${minutes} ist keine positive ganze Zahl von Minuten`);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${hours > 0 ? `${hours}H` : ""}${rest > 0 ? `${rest}M` : ""}`;
}

function recipeEntity(card: RecipeCard, site: RecipeSite): Recipe {
  return {
    "@type": "Recipe",
    name: card.title,
    description: card.benefit,
    recipeIngredient: [...card.ingredients],
    totalTime: isoDuration(card.time),
    inLanguage: "de-DE",
    ...(card.category ? { recipeCategory: card.category } : {}),
    ...(card.servings ? { recipeYield: `${card.servings} ${card.servings === 1 ? "Portion" : "Portionen"}` } : {}),
    ...(card.steps && card.steps.length > 0
      ? { recipeInstructions: card.steps.map((text, i) => ({ "@type": "HowToStep" as const, position: i + 1, text })) }
      : {}),
    author: {
      "@type": "Organization",
      "@id": organizationId(site.siteUrl),
      name: site.brand,
      url: absoluteUrl(site.siteUrl, "/"),
    },
    ...(card.imageSrc ? { image: [absoluteUrl(site.siteUrl, card.imageSrc)] } : {}),
  };
}

/** `Recipe` for one card. */
export function recipeJsonLd(card: RecipeCard, site: RecipeSite): WithContext<Recipe> {
  return { "@context": "https://schema.org", ...recipeEntity(card, site) } as WithContext<Recipe>;
}

/** Every card of a page as one document: a `Recipe` per card in an `@graph`. */
export function recipesJsonLd(cards: readonly RecipeCard[], site: RecipeSite): Graph {
  return { "@context": "https://schema.org", "@graph": cards.map((card) => recipeEntity(card, site)) };
}
