import React from "react";
import { SectionHeading } from "./SectionHeading";
import { RecipeCard, type RecipeCardLabels } from "../cards/RecipeCard";
import type { NoticesData, RecipeData, SectionIntroData } from "./types";

interface RecipeGridProps {
  intro: SectionIntroData;
  labels: RecipeCardLabels;
  recipes: readonly RecipeData[];
  notices: NoticesData;
}

/** Every recipe as a card: one column on phones, two on tablets, four on wide screens. */
export function RecipeGrid({ intro, labels, recipes, notices }: RecipeGridProps) {
  return (
    <section aria-labelledby="rezepte-title" className="section">
      <div className="container-page">
        <SectionHeading id="rezepte-title" {...intro} />
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {recipes.map((recipe) => (
            <li key={recipe.id}>
              <RecipeCard recipe={recipe} labels={labels} notices={notices} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
