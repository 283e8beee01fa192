import React from "react";
import { SectionHeading } from "./SectionHeading";

export interface ResultData {
  readonly percent: number;
  readonly label: string;
  readonly basis: string;
}

interface ResultsSectionProps {
  kicker: string;
  title: string;
  intro: string;
  basisLabel: string;
  results: readonly ResultData[];
  weekTwoPercent: number;
  weekTwoLabel: string;
  weekTwoText: string;
  weekTwoBasis: string;
}

/** "85 %" with a no-break space, as German typesetting wants it. */
export const percent = (value: number) => `${value}\u00a0%`;

/** The survey results after three months and the week-two figure, each with the basis it stands on. */
export function ResultsSection(props: ResultsSectionProps) {
  const { kicker, title, intro, basisLabel, results, weekTwoPercent, weekTwoLabel, weekTwoText, weekTwoBasis } = props;
  return (
    <section aria-labelledby="ergebnisse-title" className="bg-forest-900 py-16 sm:py-24">
      <div className="container-page">
        <SectionHeading id="ergebnisse-title" kicker={kicker} title={title} intro={intro} inverted />
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {results.map((result) => (
            <li key={result.label} className="flex flex-col rounded-2xl bg-forest-800 p-7 ring-1 ring-white/10" data-testid="result">
              <p>
                <span className="block font-serif text-6xl font-bold text-ember-300">{percent(result.percent)}</span>
                <span className="mt-2 block text-lg font-semibold text-white">{result.label}</span>
              </p>
              <p className="mt-4 border-t border-white/15 pt-4 text-sm leading-relaxed text-cream-200">
                {basisLabel}: {result.basis}
              </p>
            </li>
          ))}
        </ul>
        <div className="mt-8 grid gap-6 rounded-2xl bg-ember-300 p-7 text-bark-900 sm:p-9 md:grid-cols-2 md:items-center md:gap-10" data-testid="week-two">
          <p>
            <span className="block font-serif text-6xl font-bold text-forest-900 sm:text-7xl">{percent(weekTwoPercent)}</span>{" "}
            <span className="mt-2 block text-xl font-semibold text-forest-900">{weekTwoLabel}</span>
          </p>
          <div>
            <p className="leading-relaxed">{weekTwoText}</p>
            <p className="mt-3 text-sm leading-relaxed">
              {basisLabel}: {weekTwoBasis}
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
