import React from "react";
import { getSrc, type ImageDataLike } from "gatsby-plugin-image";
import { useSiteSettings } from "../hooks/useSiteSettings";
import { JsonLd } from "./JsonLd";
import { recipesJsonLd, type RecipeCard } from "./recipe";

export type RecipeNode = Omit<RecipeCard, "imageSrc"> & { image?: ImageDataLike | null };

/** `Recipe` structured data for the recipe cards of a page, with each card's picture. */
export function RecipesJsonLd({ recipes }: { recipes: readonly RecipeNode[] }) {
  const { brand, siteUrl } = useSiteSettings();
  const cards = recipes.map(({ image, ...card }) => ({ ...card, imageSrc: image ? getSrc(image) : null }));
  return <JsonLd data={recipesJsonLd(cards, { brand, siteUrl })} />;
}
