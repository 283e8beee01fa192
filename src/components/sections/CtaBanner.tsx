import React from "react";
import { InfoFormCta } from "./InfoFormCta";
import { ArrowIcon } from "./section-icons";
import type { CallToActionData } from "./types";

/** The closing call to action of a sub-page: leads to the info form on the home page. */
export function CtaBanner({ cta }: { cta: CallToActionData }) {
  return (
    <section aria-labelledby="cta-title" className="container-page py-16 sm:py-20">
      <div className="relative overflow-hidden rounded-3xl bg-forest-800 px-6 py-12 text-center sm:px-12 sm:py-16">
        <div aria-hidden="true" className="pointer-events-none absolute -bottom-24 -left-24 h-72 w-72 rounded-full bg-ember-500/20 blur-2xl" />
        <div aria-hidden="true" className="pointer-events-none absolute -top-24 -right-16 h-64 w-64 rounded-full bg-forest-600/50 blur-2xl" />
        <div className="relative mx-auto max-w-2xl">
          <h2 id="cta-title" className="text-3xl font-bold text-white sm:text-4xl">
            {cta.title}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-cream-100">{cta.text}</p>
          <InfoFormCta className="btn-primary mt-8">
            {cta.button}
            <ArrowIcon className="h-5 w-5" />
          </InfoFormCta>
        </div>
      </div>
    </section>
  );
}
