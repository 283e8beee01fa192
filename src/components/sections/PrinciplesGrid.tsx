import React from "react";
import { SectionHeading } from "./SectionHeading";
import { PrincipleCard, type PrincipleData } from "../cards/PrincipleCard";
import type { SectionIntroData } from "./types";

/** The five principles; on wide screens three above two, centred. */
export function PrinciplesGrid({ intro, principles }: { intro: SectionIntroData; principles: readonly PrincipleData[] }) {
  return (
    <section aria-labelledby="grundsaetze-title" className="section">
      <div className="container-page">
        <SectionHeading id="grundsaetze-title" {...intro} />
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-6">
          {principles.map((principle) => (
            <li key={principle.title} className="lg:col-span-2 lg:nth-4:col-start-2">
              <PrincipleCard principle={principle} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
