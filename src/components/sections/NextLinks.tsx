import React from "react";
import { Link } from "gatsby";
import { Icon } from "./Icon";

export type LinkCardData = Pick<Queries.LinkCard, "to" | "label" | "text">;

/** Where to go next: one card per page, the whole card is the link. */
export function NextLinks({ title, items }: { title: string; items: readonly LinkCardData[] }) {
  return (
    <section aria-labelledby="links-title" className="section bg-cream-100">
      <div className="container-page">
        <h2 id="links-title" className="h2">
          {title}
        </h2>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {items.map((item) => (
            <li key={item.to}>
              <Link to={item.to} className="card group flex h-full flex-col p-6 hover:ring-forest-600">
                <span className="flex items-center justify-between gap-3 font-serif text-xl font-bold text-forest-900">
                  {item.label}
                  <Icon name="arrow" className="icon-sm text-forest-700 transition-transform group-hover:translate-x-1" />
                </span>
                <span className="muted mt-2">{item.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
