import React from "react";
import { SectionHeading } from "./SectionHeading";
import { CheckIcon, CrossIcon } from "./section-icons";

interface ComparisonRow {
  readonly topic: string;
  readonly before: string;
  readonly after: string;
}

interface BeforeAfterProps {
  kicker: string;
  title: string;
  intro: string;
  topicLabel: string;
  beforeLabel: string;
  afterLabel: string;
  rows: readonly ComparisonRow[];
}

/** A day before and after the change, as a table: one row per time of day. */
export function BeforeAfter({ kicker, title, intro, topicLabel, beforeLabel, afterLabel, rows }: BeforeAfterProps) {
  return (
    <section aria-labelledby="vergleich-title" className="bg-cream-100 py-16 sm:py-24">
      <div className="container-page">
        <SectionHeading id="vergleich-title" kicker={kicker} title={title} intro={intro} />
        <div className="mt-10 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-cream-200">
          <table className="w-full border-collapse text-left">
            <caption className="sr-only">{title}</caption>
            <thead className="hidden bg-forest-800 text-cream-100 md:table-header-group">
              <tr>
                <th scope="col" className="w-40 px-6 py-4 text-sm font-semibold tracking-wider uppercase">
                  {topicLabel}
                </th>
                <th scope="col" className="px-6 py-4 text-sm font-semibold tracking-wider uppercase">
                  {beforeLabel}
                </th>
                <th scope="col" className="px-6 py-4 text-sm font-semibold tracking-wider text-ember-300 uppercase">
                  {afterLabel}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.topic} className="block border-t border-cream-200 p-5 first:border-t-0 md:table-row md:p-0">
                  <th scope="row" className="block font-serif text-xl font-bold text-forest-900 md:table-cell md:px-6 md:py-5 md:align-top md:text-lg">
                    {row.topic}
                  </th>
                  <td className="mt-3 flex gap-3 text-bark-700 md:table-cell md:px-6 md:py-5 md:align-top">
                    <CrossIcon className="mt-0.5 h-5 w-5 shrink-0 text-bark-700 md:hidden" />
                    <span>
                      <span className="font-semibold md:sr-only">{beforeLabel}: </span>
                      {row.before}
                    </span>
                  </td>
                  <td className="mt-2 flex gap-3 font-medium text-forest-900 md:table-cell md:bg-forest-50/60 md:px-6 md:py-5 md:align-top">
                    <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-forest-700 md:hidden" />
                    <span>
                      <span className="font-semibold md:sr-only">{afterLabel}: </span>
                      {row.after}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
