import React from "react";
import { SectionHeading } from "./SectionHeading";
import type { SectionIntroData } from "./types";
import { evidenceText, type ShownEvidence } from "../../../common/content/evidence-text";

export type ResultData = Pick<Queries.Result, "percent" | "label" | "basis"> & { evidence?: ShownEvidence | null };

interface ResultsSectionProps extends SectionIntroData {
  basisLabel: string;
  results: readonly ResultData[];
  weekTwoPercent: number;
  weekTwoLabel: string;
  weekTwoText: string;
  weekTwoBasis: string;
  weekTwoEvidence?: ShownEvidence | null;
}

/** "85 %" with a no-break space, as German typesetting wants it. */
export const percent = (value: number) => `${value}\u00a0%`;

/** The survey results after three months and the week-two figure, each with the basis it stands on. */
export function ResultsSection({
  basisLabel,
  results,
  weekTwoPercent,
  weekTwoLabel,
  weekTwoText,
  weekTwoBasis,
  weekTwoEvidence,
  ...intro
}: ResultsSectionProps) {
  return (
    <section aria-labelledby="ergebnisse-title" className="section bg-forest-900">
      <div className="container-page">
        <SectionHeading id="ergebnisse-title" {...intro} inverted />
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {results.map((result) => (
            <li key={result.label} className="rounded-2xl bg-forest-800 p-7 text-cream-200">
              <p className="text-lg font-semibold text-white">
                <span className="block font-serif text-6xl text-ember-300">{percent(result.percent)}</span> {result.label}
              </p>
              <p className="mt-4 border-t border-white/15 pt-4 text-sm leading-relaxed">
                {basisLabel}: {result.basis}
                {evidenceText(result.evidence) && ` ${evidenceText(result.evidence)}`}
              </p>
            </li>
          ))}
        </ul>
        <div className="mt-8 grid gap-6 rounded-2xl bg-ember-300 p-7 sm:p-9 md:grid-cols-2 md:items-center md:gap-10">
          <p className="text-xl font-semibold text-forest-900">
            <span className="block font-serif text-6xl sm:text-7xl">{percent(weekTwoPercent)}</span> {weekTwoLabel}
          </p>
          <div className="leading-relaxed">
            <p>{weekTwoText}</p>
            <p className="mt-3 text-sm">
              {basisLabel}: {weekTwoBasis}
              {evidenceText(weekTwoEvidence) && ` ${evidenceText(weekTwoEvidence)}`}
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
