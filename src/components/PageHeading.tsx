import React from "react";

/**
 * A letter of the heading font is at most about 0.6 em wide (Source Serif 4 Bold: 0.55–0.62 em, measured
 * on the legal pages' titles). On a narrow screen the title gets smaller when its longest word would not
 * fit the line at 2rem: „Datenschutzerklärung“ would otherwise break before its last letter, without a
 * hyphen, wherever the browser has no German hyphenation. From 640 px on the title has its full size.
 */
const LETTER_EM = 0.6;

/** The number of letters of the title's longest word. */
export const longestWord = (title: string): number => Math.max(...title.split(/\s+/).map((word) => word.length));

/** The simple top of a page: optional kicker line, the page's only <h1>, and an intro. */
export function PageHeading({ kicker, title, children }: { kicker?: string; title: string; children?: React.ReactNode }) {
  const fit = { "--title-fit": `${Math.round(longestWord(title) * LETTER_EM * 100) / 100}` } as React.CSSProperties;
  return (
    <div className="bg-forest-800 text-cream-100">
      <div className="container-page py-14 sm:py-20">
        {kicker && <p className="text-sm font-semibold tracking-wider text-ember-300 uppercase">{kicker}</p>}
        <h1
          style={fit}
          className="mt-2 text-[length:min(2rem,calc((100vw_-_2rem)/var(--title-fit)))] leading-tight font-bold hyphens-auto text-white wrap-break-word sm:text-5xl"
        >
          {title}
        </h1>
        {children && <div className="mt-4 max-w-2xl text-lg leading-relaxed text-cream-100">{children}</div>}
      </div>
    </div>
  );
}
