import React from "react";

/** "Ergebnisse sind individuell verschieden …" on every page that reports results or experiences. */
export function Disclaimer({ text, detail, className = "pb-16" }: { text: string; detail: string; className?: string }) {
  return (
    <aside aria-label="Gesundheitlicher Hinweis" className={`container-page ${className}`}>
      <p className="fine-print rounded-2xl border border-cream-200 bg-cream-100 px-5 py-4 sm:px-6">
        <strong className="text-bark-900">Hinweis: </strong>
        {text} {detail}
      </p>
    </aside>
  );
}
