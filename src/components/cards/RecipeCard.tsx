import React from "react";
import { graphql } from "gatsby";
import { ContentImage } from "../sections/ContentImage";
import { CaffeineNote } from "./CaffeineNote";
import type { NoticesData, RecipeData } from "../sections/types";

export interface RecipeCardLabels {
  readonly ingredientsLabel: string;
  readonly stepsLabel: string;
  readonly timeLabel: string;
  readonly servingsLabel: string;
}

interface RecipeCardProps {
  recipe: RecipeData;
  labels: RecipeCardLabels;
  notices: NoticesData;
}

/** One recipe: picture, category, title, time, benefit, ingredients, and the steps behind a disclosure. */
export function RecipeCard({ recipe, labels, notices }: RecipeCardProps) {
  return (
    <article className="card flex h-full flex-col overflow-hidden">
      <ContentImage image={recipe.image} alt={recipe.imageAlt} />
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <p className="kicker text-xs">{recipe.category}</p>
        <h3 className="h3 mt-1">{recipe.title}</h3>
        <p className="fine-print mt-2">
          <span className="sr-only">{labels.timeLabel}: </span>
          {recipe.time} Min. · <span className="sr-only">{labels.servingsLabel}: </span>
          {recipe.servings === 1 ? "1 Portion" : `${recipe.servings} Portionen`}
        </p>
        <p className="mt-3 leading-relaxed text-forest-800">{recipe.benefit}</p>
        <h4 className="kicker mt-4 text-bark-700">{labels.ingredientsLabel}</h4>
        <ul className="mt-2 flex-1 list-disc space-y-1 pl-5 text-sm leading-relaxed marker:text-ember-500">
          {recipe.ingredients.map((ingredient) => (
            <li key={ingredient}>{ingredient}</li>
          ))}
        </ul>
        <CaffeineNote mgPerLitre={recipe.caffeineMgPerLitre} warning={notices.caffeineWarning} />
        <details className="disclosure mt-5 border-t border-cream-200 pt-4">
          <summary className="text-forest-700">{labels.stepsLabel}</summary>
          <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm leading-relaxed marker:font-semibold">
            {recipe.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </details>
      </div>
    </article>
  );
}

/**
 * The recipe fields the card shows (and the recipes' structured data reads); a new field goes here and in the card.
 * @public Gatsby reads the fragment from the source; nothing imports it.
 */
export const recipeFields = graphql`
  fragment RecipeFields on Recipe {
    id
    title
    category
    servings
    ingredients
    steps
    time
    benefit
    caffeineMgPerLitre
    imageAlt
  }
`;
