import React from "react";
import { SectionHeading } from "./SectionHeading";
import type { SectionIntroData } from "./types";
import { evidenceText, type ShownEvidence } from "../../../common/content/evidence-text";

export type ResultData = Pick<Queries.Result, "percent" | "label" | "question">;

/** The id of the results section on the nutrition page, for links to it. */
export const RESULTS_ID = "ergebnisse";

interface ResultsSectionProps extends SectionIntroData {
  basisLabel: string;
  /** The one survey behind all three figures, shown once under them. */
  basis: string;
  evidence?: ShownEvidence | null;
  results: readonly ResultData[];
}

/** "85 %" with a no-break space, as German typesetting wants it. */
export const percent = (value: number) => `${value}\u00a0%`;

/** What a figure stands on, under it: the basis and, once filled in, the survey's record. */
export function Basis({ label, basis, evidence }: { label: string; basis: string; evidence?: ShownEvidence | null }) {
  const record = evidenceText(evidence);
  return (
    <>
      {label}: {basis}
      {record && ` ${record}`}
    </>
  );
}

/**
 * The survey results after three months (nutrition page): what participants do in their everyday life, each
 * figure with the question it answers, and under all three the one basis they stand on.
 */
export function ResultsSection({ basisLabel, basis, evidence, results, ...intro }: ResultsSectionProps) {
  return (
    <section id={RESULTS_ID} aria-labelledby="ergebnisse-title" className="section scroll-mt-24 bg-forest-900">
      <div className="container-page">
        <SectionHeading id="ergebnisse-title" {...intro} inverted />
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {results.map((result) => (
            <li key={result.label} className="rounded-2xl bg-forest-800 p-7 text-cream-200">
              <p className="text-lg font-semibold text-white">
                <span className="block font-serif text-6xl text-ember-300">{percent(result.percent)}</span> {result.label}
              </p>
              <p className="mt-4 border-t border-white/15 pt-4 text-sm leading-relaxed">Frage: „{result.question}“</p>
            </li>
          ))}
        </ul>
        <p className="mt-6 max-w-3xl text-sm leading-relaxed text-cream-200">
          <Basis label={basisLabel} basis={basis} evidence={evidence} />
        </p>
      </div>
    </section>
  );
}
