import React from "react";
import { PrincipleIcon } from "../sections/section-icons";

export interface PrincipleData {
  readonly title: string;
  readonly description: string;
  readonly icon: string;
}

/** One principle of traditional nutrition: icon, title, description. */
export function PrincipleCard({ principle }: { principle: PrincipleData }) {
  return (
    <article className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-cream-200">
      <span className="grid h-12 w-12 place-items-center rounded-xl bg-forest-50 text-forest-700" data-icon={principle.icon}>
        <PrincipleIcon name={principle.icon} />
      </span>
      <h3 className="mt-4 text-xl font-bold">{principle.title}</h3>
      <p className="mt-2 leading-relaxed text-bark-700">{principle.description}</p>
    </article>
  );
}
