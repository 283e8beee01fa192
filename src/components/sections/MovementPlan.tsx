import React from "react";
import { SectionHeading } from "./SectionHeading";

export interface MovementDayData {
  readonly day: number;
  readonly activity: string;
  readonly duration: number;
  readonly benefit: string;
}

interface MovementPlanProps {
  kicker: string;
  title: string;
  intro: string;
  totalLabel: string;
  note: string;
  days: readonly MovementDayData[];
}

/** The 7-day plan: one short unit per day, the bar shows how the minutes grow. */
export function MovementPlan({ kicker, title, intro, totalLabel, note, days }: MovementPlanProps) {
  const longest = Math.max(...days.map((d) => d.duration));
  const total = days.reduce((sum, d) => sum + d.duration, 0);
  return (
    <section aria-labelledby="plan-title" className="bg-cream-100 py-16 sm:py-24">
      <div className="container-page">
        <div className="flex flex-col gap-8 lg:flex-row lg:items-end lg:justify-between">
          <SectionHeading id="plan-title" kicker={kicker} title={title} intro={intro} />
          <p className="flex shrink-0 items-baseline gap-3 rounded-2xl bg-forest-800 px-6 py-4 text-cream-100">
            <span className="font-serif text-4xl font-bold text-ember-300">{total}</span>
            <span className="max-w-[12rem] text-sm leading-snug">{totalLabel}</span>
          </p>
        </div>
        <ol className="mt-10 grid gap-4" aria-label={title}>
          {days.map((day) => (
            <li key={day.day} className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-200 sm:grid-cols-[7rem_1fr_11rem] sm:items-center sm:p-6" data-testid="movement-day">
              <p className="flex items-center gap-3 sm:block">
                <span className="text-sm font-semibold tracking-wider text-ember-700 uppercase">Tag</span>{" "}
                <span className="font-serif text-3xl font-bold text-forest-800 sm:block">{day.day}</span>
              </p>
              <div>
                <h3 className="text-xl font-bold">{day.activity}</h3>
                <p className="mt-1 leading-relaxed text-bark-700">{day.benefit}</p>
              </div>
              <div>
                <p className="font-semibold text-forest-900">
                  <span data-testid="movement-duration">{day.duration}</span> Minuten
                </p>
                <div aria-hidden="true" className="mt-2 h-2 overflow-hidden rounded-full bg-cream-200">
                  <div className="h-full rounded-full bg-ember-400" style={{ width: `${(day.duration / longest) * 100}%` }} />
                </div>
              </div>
            </li>
          ))}
        </ol>
        <p className="mt-8 max-w-3xl leading-relaxed text-bark-700">{note}</p>
      </div>
    </section>
  );
}
