import React, { useEffect, useState } from "react";
import { PREVIEW_BANNER_TITLE, livePathOf } from "../../common/preview";

/** The change's name in a preview build (`npm run deploy -- --preview NAME`); undefined on the live site. */
// Spelled out: Gatsby replaces only the literal `process.env.GATSBY_…` in the built code (PREVIEW_NAME_ENV).
export const PREVIEW_NAME: string | undefined = process.env.GATSBY_URKRAFT_PREVIEW || undefined;

/**
 * Above every page of a preview: that this is not the published site, which change it shows, and the way
 * to the same page as it is live. A plain link (not Gatsby's), so it leaves the preview.
 */
export function PreviewBanner({ name }: { name: string }) {
  // The built page links to the start page; in the browser, to the page itself.
  const [livePath, setLivePath] = useState("/");
  useEffect(() => setLivePath(livePathOf(window.location.pathname)), []);
  return (
    <aside
      aria-label="Vorschau"
      className="relative border-b-4 border-ember-400 bg-bark-900 text-cream-50"
      data-preview-banner=""
    >
      <div className="container-page flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
        <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm leading-snug">
          <strong className="font-serif text-base font-bold tracking-tight text-ember-300">{PREVIEW_BANNER_TITLE}</strong>
          <span className="text-cream-200">
            Änderung: <span className="font-semibold text-cream-50">{name}</span>
          </span>
        </p>
        <a
          href={livePath}
          className="shrink-0 self-start rounded-md border border-cream-200/40 px-3 py-1.5 text-sm font-semibold text-cream-50 underline-offset-4 transition-colors hover:border-ember-300 hover:text-ember-300 hover:underline sm:self-auto"
        >
          Veröffentlichte Seite ansehen →
        </a>
      </div>
    </aside>
  );
}
