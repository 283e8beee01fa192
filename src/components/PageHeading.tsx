import React from "react";

/** The simple top of a page: optional kicker line, the page's only <h1>, and an intro. */
export function PageHeading({ kicker, title, children }: { kicker?: string; title: string; children?: React.ReactNode }) {
  return (
    <div className="bg-forest-800 text-cream-100">
      <div className="container-page py-14 sm:py-20">
        {kicker && <p className="text-sm font-semibold tracking-wider text-ember-300 uppercase">{kicker}</p>}
        <h1 className="mt-2 text-[2rem] leading-tight font-bold hyphens-auto text-white wrap-break-word sm:text-5xl">{title}</h1>
        {children && <div className="mt-4 max-w-2xl text-lg leading-relaxed text-cream-100">{children}</div>}
      </div>
    </div>
  );
}
