import React from "react";
import { ContentImage } from "./ContentImage";
import { SectionHeading } from "./SectionHeading";
import { CaffeineNote } from "../cards/CaffeineNote";
import type { NoticesData, RecipeData, SectionIntroData } from "./types";

interface DrinkFeatureProps extends SectionIntroData {
  ingredientsTitle: string;
  stepsTitle: string;
  recipe: RecipeData;
  notices: NoticesData;
}

/** The nutrition page's energy drink: picture, ingredients, steps and what it contains in caffeine. */
export function DrinkFeature({ ingredientsTitle, stepsTitle, recipe, notices, ...intro }: DrinkFeatureProps) {
  return (
    <section aria-labelledby="drink-title" className="section">
      <div className="container-page grid items-start gap-10 lg:grid-cols-2 lg:gap-16">
        <div className="overflow-hidden rounded-3xl shadow-lg">
          <ContentImage image={recipe.image} alt={recipe.imageAlt} />
        </div>
        <div>
          <SectionHeading id="drink-title" {...intro} />
          <h3 className="mt-8 text-2xl font-bold">{recipe.title}</h3>
          <p className="muted mt-1">
            {`${recipe.time}\u00a0Minuten`} · {recipe.servings === 1 ? "1 Glas" : `${recipe.servings} Gläser`}
          </p>
          <div className="mt-6 grid gap-8 sm:grid-cols-2">
            <div>
              <h4 className="h3">{ingredientsTitle}</h4>
              <ul className="mt-3 list-disc space-y-1.5 pl-5 marker:text-ember-500">
                {recipe.ingredients.map((ingredient) => (
                  <li key={ingredient}>{ingredient}</li>
                ))}
              </ul>
            </div>
            <div>
              <h4 className="h3">{stepsTitle}</h4>
              <ol className="mt-3 list-decimal space-y-1.5 pl-5 marker:font-semibold">
                {recipe.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </div>
          </div>
          <CaffeineNote mgPerLitre={recipe.caffeineMgPerLitre} warning={notices.caffeineWarning} />
        </div>
      </div>
    </section>
  );
}
