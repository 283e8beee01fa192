import React from "react";
import { getSrc, type IGatsbyImageData } from "gatsby-plugin-image";
import { useSiteSettings } from "../hooks/useSiteSettings";
import { JsonLd } from "./JsonLd";
import { recipesJsonLd, type RecipeCard } from "./recipe";

/** A recipe as the page query returns it: the card's fields and its image file. */
export type RecipeNode = Omit<RecipeCard, "imageSrc"> & {
  image?: { childImageSharp: { gatsbyImageData: IGatsbyImageData } | null } | null;
};

/** `Recipe` structured data for the recipe cards of a page, with each card's picture. */
export function RecipesJsonLd({ recipes }: { recipes: readonly RecipeNode[] }) {
  const { brand, siteUrl } = useSiteSettings();
  const cards = recipes.map(({ image, ...card }) => {
    const data = image?.childImageSharp?.gatsbyImageData;
    return { ...card, imageSrc: data ? getSrc(data) : null };
  });
  return <JsonLd data={recipesJsonLd(cards, { brand, siteUrl })} />;
}
