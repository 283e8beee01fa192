import React from "react";

interface SectionHeadingProps {
  id?: string;
  kicker?: string;
  title: string;
  intro?: string;
  /** Light text for dark bands. */
  inverted?: boolean;
}

/** Kicker line, <h2> and intro: the same top for every section, so the type scale stays consistent. */
export function SectionHeading({ id, kicker, title, intro, inverted }: SectionHeadingProps) {
  return (
    <div className="max-w-3xl">
      {kicker && <p className={inverted ? "kicker-light" : "kicker"}>{kicker}</p>}
      <h2 id={id} className={inverted ? "h2 mt-2 text-white" : "h2 mt-2"}>
        {title}
      </h2>
      {intro && <p className={inverted ? "intro text-cream-100" : "intro"}>{intro}</p>}
    </div>
  );
}
