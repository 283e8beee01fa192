import React from "react";

interface SectionHeadingProps {
  id?: string;
  kicker?: string;
  title: string;
  intro?: string;
  /** Light text for dark bands. */
  inverted?: boolean;
  centered?: boolean;
}

/** Kicker line, <h2> and intro: the same top for every section, so the type scale stays consistent. */
export function SectionHeading({ id, kicker, title, intro, inverted = false, centered = false }: SectionHeadingProps) {
  return (
    <div className={`max-w-3xl ${centered ? "mx-auto text-center" : ""}`}>
      {kicker && <p className={`text-sm font-semibold tracking-wider uppercase ${inverted ? "text-ember-300" : "text-ember-700"}`}>{kicker}</p>}
      <h2 id={id} className={`mt-2 text-3xl leading-tight font-bold hyphens-auto sm:text-4xl ${inverted ? "text-white" : ""}`}>
        {title}
      </h2>
      {intro && <p className={`mt-4 text-lg leading-relaxed ${inverted ? "text-cream-100" : "text-bark-700"}`}>{intro}</p>}
    </div>
  );
}
