import React from "react";
import { ContentImage } from "../sections/ContentImage";
import { CaffeineNote } from "./CaffeineNote";
import { ServingsIcon, TimerIcon } from "../sections/section-icons";
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
  notices: Pick<NoticesData, "caffeineWarning" | "caffeineFree">;
}

/** One recipe: picture, category, title, time, benefit, ingredients, and the steps behind a disclosure. */
export function RecipeCard({ recipe, labels, notices }: RecipeCardProps) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-cream-200" data-testid="recipe-card">
      <div className="aspect-[4/3] overflow-hidden bg-cream-200">
        <ContentImage image={recipe.image} alt={recipe.imageAlt} className="aspect-[4/3] object-cover" />
      </div>
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <p className="text-xs font-semibold tracking-wider text-ember-700 uppercase">{recipe.category}</p>
        <h3 className="mt-1 text-xl leading-snug font-bold hyphens-auto">{recipe.title}</h3>
        <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-bark-700">
          <div className="inline-flex items-center gap-1.5">
            <dt>
              <TimerIcon className="h-4 w-4 text-forest-700" />
              <span className="sr-only">{labels.timeLabel}</span>
            </dt>
            <dd>{recipe.time} Min.</dd>
          </div>
          <div className="inline-flex items-center gap-1.5">
            <dt>
              <ServingsIcon className="h-4 w-4 text-forest-700" />
              <span className="sr-only">{labels.servingsLabel}</span>
            </dt>
            <dd>{recipe.servings === 1 ? "1 Portion" : `${recipe.servings} Portionen`}</dd>
          </div>
        </dl>
        <p className="mt-3 leading-relaxed text-forest-800">{recipe.benefit}</p>
        <h4 className="mt-4 text-sm font-semibold tracking-wider text-bark-700 uppercase">{labels.ingredientsLabel}</h4>
        <ul className="mt-2 flex-1 space-y-1 text-sm leading-relaxed text-bark-900">
          {recipe.ingredients.map((ingredient) => (
            <li key={ingredient} className="flex gap-2">
              <span aria-hidden="true" className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-ember-500" />
              {ingredient}
            </li>
          ))}
        </ul>
        <CaffeineNote mgPerLitre={recipe.caffeineMgPerLitre} warning={notices.caffeineWarning} free={notices.caffeineFree} className="mt-4" />
        <details className="group mt-5 border-t border-cream-200 pt-4">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-2 font-semibold text-forest-700 hover:text-forest-900 [&::-webkit-details-marker]:hidden">
            {labels.stepsLabel}
            <span aria-hidden="true" className="text-xl leading-none transition-transform group-open:rotate-45">
              +
            </span>
          </summary>
          <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm leading-relaxed text-bark-900 marker:font-semibold marker:text-forest-700">
            {recipe.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </details>
      </div>
    </article>
  );
}
