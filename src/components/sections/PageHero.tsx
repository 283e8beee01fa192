import React from "react";
import { ContentImage } from "./ContentImage";
import type { HeroData } from "./types";

interface PageHeroProps {
  hero: HeroData;
  /** Buttons and short points under the lead. */
  children?: React.ReactNode;
}

/** The top of a page: kicker, the page's only <h1>, lead and actions, with the page's picture beside them. */
export function PageHero({ hero, children }: PageHeroProps) {
  const hasImage = Boolean(hero.image?.childImageSharp);
  return (
    <section aria-labelledby="seitentitel" className="relative overflow-hidden bg-forest-900 text-cream-100">
      <div aria-hidden="true" className="pointer-events-none absolute -top-40 -right-40 h-[32rem] w-[32rem] rounded-full bg-forest-700/40 blur-3xl" />
      <div className={`container-page relative grid items-center gap-10 py-12 sm:py-16 lg:gap-16 lg:py-20 ${hasImage ? "lg:grid-cols-[1.05fr_1fr]" : ""}`}>
        <div className={hasImage ? "" : "max-w-3xl"}>
          <p className="text-sm font-semibold tracking-wider text-ember-300 uppercase">{hero.kicker}</p>
          <h1 id="seitentitel" className="mt-3 text-4xl leading-[1.1] font-bold text-white hyphens-auto sm:text-5xl lg:text-[3.4rem]">
            {hero.title}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-cream-100 sm:text-xl">{hero.lead}</p>
          {children}
        </div>
        {hasImage && (
          <div className="overflow-hidden rounded-3xl shadow-2xl ring-1 ring-white/10">
            <ContentImage image={hero.image} alt={hero.imageAlt ?? ""} eager />
          </div>
        )}
      </div>
    </section>
  );
}
