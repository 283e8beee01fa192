import React from "react";
import { Link } from "gatsby";
import { SectionHeading } from "./SectionHeading";
import { Icon } from "./Icon";
import type { SectionIntroData } from "./types";
import { Basis, RESULTS_ID, percent } from "./ResultsSection";
import type { ShownEvidence } from "../../../common/content/evidence-text";

interface WeekTwoSectionProps extends SectionIntroData {
  basisLabel: string;
  weekTwoPercent: number;
  weekTwoLabel: string;
  weekTwoText: string;
  weekTwoBasis: string;
  weekTwoEvidence?: ShownEvidence | null;
  /** A sentence about the results after three months and the link to the page that shows them. */
  reference: string;
  referenceLink: { to: string; label: string };
}

/** The home page's figure after two weeks, with its basis, and a short reference to the results after three months. */
export function WeekTwoSection({
  basisLabel,
  weekTwoPercent,
  weekTwoLabel,
  weekTwoText,
  weekTwoBasis,
  weekTwoEvidence,
  reference,
  referenceLink,
  ...intro
}: WeekTwoSectionProps) {
  return (
    <section aria-labelledby="zwei-wochen-title" className="section bg-forest-900">
      <div className="container-page">
        <SectionHeading id="zwei-wochen-title" {...intro} inverted />
        <div className="mt-10 grid gap-6 rounded-2xl bg-ember-300 p-7 sm:p-9 md:grid-cols-2 md:items-center md:gap-10">
          <p className="text-xl font-semibold text-forest-900">
            <span className="block font-serif text-6xl sm:text-7xl">{percent(weekTwoPercent)}</span> {weekTwoLabel}
          </p>
          <div className="leading-relaxed">
            <p>{weekTwoText}</p>
            <p className="mt-3 text-sm">
              <Basis label={basisLabel} basis={weekTwoBasis} evidence={weekTwoEvidence} />
            </p>
          </div>
        </div>
        <p className="mt-8 max-w-3xl leading-relaxed text-cream-200">
          {reference}{" "}
          <Link
            to={`${referenceLink.to}#${RESULTS_ID}`}
            className="inline-flex items-center gap-1 font-semibold text-ember-300 underline underline-offset-2 hover:text-white"
          >
            {referenceLink.label}
            <Icon name="arrow" className="icon-sm" />
          </Link>
        </p>
      </div>
    </section>
  );
}
