import React from "react";
import { ContentImage } from "./ContentImage";
import { InfoFormCta } from "./InfoFormCta";
import type { HeroData } from "./types";

/**
 * The top of a page: kicker, the page's only <h1>, lead and actions, with the page's picture beside them.
 * `cta` is the label of a button to the info form on the home page.
 */
export function PageHero({ hero, cta, children }: { hero: HeroData; cta?: string; children?: React.ReactNode }) {
  const image = hero.image?.childImageSharp && hero.image;
  return (
    <section aria-labelledby="seitentitel" className="overflow-hidden bg-forest-900 text-cream-100">
      <div
        className={`container-page grid items-center gap-10 py-12 sm:py-16 lg:gap-16 lg:py-20 ${image ? "lg:grid-cols-[1.05fr_1fr]" : ""}`}
      >
        <div className="max-w-3xl">
          <p className="kicker-light">{hero.kicker}</p>
          <h1
            id="seitentitel"
            className="mt-3 text-4xl leading-[1.1] font-bold text-white hyphens-auto sm:text-5xl lg:text-[3.4rem]"
          >
            {hero.title}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed sm:text-xl">{hero.lead}</p>
          {cta && (
            <div className="mt-8">
              <InfoFormCta>{cta}</InfoFormCta>
            </div>
          )}
          {children}
        </div>
        {image && (
          <div className="overflow-hidden rounded-3xl shadow-2xl ring-1 ring-white/10">
            <ContentImage image={image} alt={hero.imageAlt ?? ""} eager />
          </div>
        )}
      </div>
    </section>
  );
}
