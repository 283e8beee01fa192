import React from "react";
import { Link } from "gatsby";
import { ArrowIcon } from "./section-icons";

export interface LinkCardData {
  readonly to: string;
  readonly label: string;
  readonly text: string;
}

/** Where to go next: one card per page, the whole card is the link. */
export function NextLinks({ title, items }: { title: string; items: readonly LinkCardData[] }) {
  return (
    <section aria-labelledby="links-title" className="bg-cream-100 py-14 sm:py-20">
      <div className="container-page">
        <h2 id="links-title" className="text-3xl font-bold sm:text-4xl">
          {title}
        </h2>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {items.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                className="group flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-cream-200 transition-shadow hover:shadow-md hover:ring-forest-600"
              >
                <span className="flex items-center justify-between gap-3 font-serif text-xl font-bold text-forest-900">
                  {item.label}
                  <ArrowIcon className="h-5 w-5 shrink-0 text-forest-700 transition-transform group-hover:translate-x-1" />
                </span>
                <span className="mt-2 leading-relaxed text-bark-700">{item.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
