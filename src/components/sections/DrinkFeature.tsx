import React from "react";
import { ContentImage } from "./ContentImage";
import { SectionHeading } from "./SectionHeading";
import { CaffeineNote } from "../cards/CaffeineNote";
import { ServingsIcon, TimerIcon } from "./section-icons";
import type { NoticesData, RecipeData } from "./types";

interface DrinkFeatureProps {
  kicker: string;
  title: string;
  intro: string;
  ingredientsTitle: string;
  stepsTitle: string;
  recipe: RecipeData;
  notices: Pick<NoticesData, "caffeineWarning" | "caffeineFree">;
}

/** The nutrition page's energy drink: picture, ingredients, steps and what it contains in caffeine. */
export function DrinkFeature({ kicker, title, intro, ingredientsTitle, stepsTitle, recipe, notices }: DrinkFeatureProps) {
  return (
    <section aria-labelledby="drink-title" className="py-16 sm:py-24">
      <div className="container-page grid items-start gap-10 lg:grid-cols-2 lg:gap-16">
        <div className="overflow-hidden rounded-3xl shadow-lg">
          <ContentImage image={recipe.image} alt={recipe.imageAlt} />
        </div>
        <div>
          <SectionHeading id="drink-title" kicker={kicker} title={title} intro={intro} />
          <h3 className="mt-8 text-2xl font-bold">{recipe.title}</h3>
          <p className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-bark-700">
            <span className="inline-flex items-center gap-1.5">
              <TimerIcon className="h-5 w-5 text-forest-700" />
              {recipe.time} Minuten
            </span>
            <span className="inline-flex items-center gap-1.5">
              <ServingsIcon className="h-5 w-5 text-forest-700" />
              {recipe.servings === 1 ? "1 großes Glas" : `${recipe.servings} Gläser`}
            </span>
          </p>
          <div className="mt-6 grid gap-8 sm:grid-cols-2">
            <div>
              <h4 className="font-serif text-lg font-bold text-forest-900">{ingredientsTitle}</h4>
              <ul className="mt-3 list-disc space-y-1.5 pl-5 leading-relaxed marker:text-ember-500">
                {recipe.ingredients.map((ingredient) => (
                  <li key={ingredient}>{ingredient}</li>
                ))}
              </ul>
            </div>
            <div>
              <h4 className="font-serif text-lg font-bold text-forest-900">{stepsTitle}</h4>
              <ol className="mt-3 list-decimal space-y-1.5 pl-5 leading-relaxed marker:font-semibold marker:text-forest-700">
                {recipe.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </div>
          </div>
          <CaffeineNote mgPerLitre={recipe.caffeineMgPerLitre} warning={notices.caffeineWarning} free={notices.caffeineFree} className="mt-8" />
        </div>
      </div>
    </section>
  );
}
