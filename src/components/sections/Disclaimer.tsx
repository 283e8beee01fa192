import React from "react";

/** "Ergebnisse sind individuell verschieden …" on every page that reports results or experiences. */
export function Disclaimer({ text, detail, className = "pb-16" }: { text: string; detail?: string; className?: string }) {
  return (
    <aside aria-label="Gesundheitlicher Hinweis" className={`container-page ${className}`}>
      <div className="rounded-2xl border border-cream-200 bg-cream-100 px-5 py-4 text-sm leading-relaxed text-bark-700 sm:px-6">
        <p>
          <strong className="font-semibold text-bark-900">Hinweis: </strong>
          {text}
          {detail && ` ${detail}`}
        </p>
      </div>
    </aside>
  );
}
