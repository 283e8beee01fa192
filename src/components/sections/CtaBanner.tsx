import React from "react";
import { InfoFormCta } from "./InfoFormCta";
import { Icon } from "./Icon";
import type { CallToActionData } from "./types";

/** The closing call to action of a sub-page: leads to the info form on the home page. */
export function CtaBanner({ cta }: { cta: CallToActionData }) {
  return (
    <section aria-labelledby="cta-title" className="container-page section">
      <div className="cta-band rounded-3xl px-6 py-12 text-center sm:px-12 sm:py-16">
        <h2 id="cta-title" className="h2 text-white">
          {cta.title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-cream-100">{cta.text}</p>
        <InfoFormCta className="btn-primary mt-8">
          {cta.button}
          <Icon name="arrow" className="icon-sm" />
        </InfoFormCta>
      </div>
    </section>
  );
}
