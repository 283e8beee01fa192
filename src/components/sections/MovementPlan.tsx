import React from "react";
import { SectionHeading } from "./SectionHeading";
import type { SectionIntroData } from "./types";

export type MovementDayData = Pick<Queries.MovementDay, "day" | "activity" | "duration" | "benefit">;

interface MovementPlanProps extends SectionIntroData {
  totalLabel: string;
  note: string;
  days: readonly MovementDayData[];
}

/** The 7-day plan: one short unit per day; the bar shows how the minutes grow. */
export function MovementPlan({ totalLabel, note, days, ...intro }: MovementPlanProps) {
  const longest = Math.max(...days.map((d) => d.duration));
  const total = days.reduce((sum, d) => sum + d.duration, 0);
  return (
    <section aria-labelledby="plan-title" className="section bg-cream-100">
      <div className="container-page">
        <div className="flex flex-col gap-8 lg:flex-row lg:items-end lg:justify-between">
          <SectionHeading id="plan-title" {...intro} />
          <p className="flex shrink-0 items-baseline gap-3 rounded-2xl bg-forest-800 px-6 py-4 text-cream-100">
            <span className="font-serif text-4xl font-bold text-ember-300">{total}</span>{" "}
            <span className="max-w-48 text-sm">{totalLabel}</span>
          </p>
        </div>
        <ol className="mt-10 grid gap-4">
          {days.map((day) => (
            <li key={day.day} className="card grid gap-4 p-5 sm:grid-cols-[6rem_1fr_11rem] sm:items-center sm:p-6">
              <p className="kicker">
                Tag <span className="font-serif text-3xl text-forest-800 sm:block">{day.day}</span>
              </p>
              <div>
                <h3 className="h3">{day.activity}</h3>
                <p className="muted mt-1">{day.benefit}</p>
              </div>
              <div>
                <p className="font-semibold text-forest-900">{day.duration} Minuten</p>
                <div aria-hidden="true" className="mt-2 h-2 rounded-full bg-cream-200">
                  <div className="h-full rounded-full bg-ember-400" style={{ width: `${(day.duration / longest) * 100}%` }} />
                </div>
              </div>
            </li>
          ))}
        </ol>
        <p className="muted mt-8 max-w-3xl">{note}</p>
      </div>
    </section>
  );
}
