import React from "react";
import type { TitledTextData } from "./types";

/** A short row of practical tips under a heading. */
export function TipsList({ title, items }: { title: string; items: readonly TitledTextData[] }) {
  return (
    <section aria-labelledby="tipps-title" className="section">
      <div className="container-page">
        <h2 id="tipps-title" className="h2">
          {title}
        </h2>
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {items.map((item, index) => (
            <li key={item.title} className="rounded-2xl border border-cream-200 p-6">
              <span aria-hidden="true" className="font-serif text-3xl font-bold text-ember-700">
                0{index + 1}
              </span>
              <h3 className="h3 mt-2">{item.title}</h3>
              <p className="muted mt-2">{item.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
