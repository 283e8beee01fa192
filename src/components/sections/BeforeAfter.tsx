import React from "react";
import { SectionHeading } from "./SectionHeading";
import type { SectionIntroData } from "./types";

interface BeforeAfterProps extends SectionIntroData {
  topicLabel: string;
  beforeLabel: string;
  afterLabel: string;
  rows: readonly { readonly topic: string; readonly before: string; readonly after: string }[];
}

/** A day before and after the change, one row per time of day: a table on wide screens, cards on phones. */
export function BeforeAfter({ topicLabel, beforeLabel, afterLabel, rows, ...intro }: BeforeAfterProps) {
  return (
    <section aria-labelledby="vergleich-title" className="section bg-cream-100">
      <div className="container-page">
        <SectionHeading id="vergleich-title" {...intro} />
        <table aria-labelledby="vergleich-title" className="comparison card mt-10 w-full overflow-hidden text-left">
          <thead>
            <tr>
              <th scope="col">{topicLabel}</th>
              <th scope="col">{beforeLabel}</th>
              <th scope="col">{afterLabel}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.topic}>
                <th scope="row">{row.topic}</th>
                <td data-label={beforeLabel}>{row.before}</td>
                <td data-label={afterLabel}>{row.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
