import React from "react";
import { Link } from "gatsby";
import { SectionHeading } from "./SectionHeading";
import { Icon, type IconName } from "./Icon";
import type { SectionIntroData } from "./types";

type Pillar = Pick<Queries.HomePillar, "title" | "text" | "to" | "linkLabel">;

const ICONS: IconName[] = ["walk", "bowl", "pot"];

/** The programme's building blocks, each leading to its page. */
export function PillarCards({ items, ...intro }: SectionIntroData & { items: readonly Pillar[] }) {
  return (
    <section aria-labelledby="bausteine-title" className="section bg-cream-100">
      <div className="container-page">
        <SectionHeading id="bausteine-title" {...intro} />
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {items.map((item, index) => (
            <li key={item.to} className="card flex flex-col p-7">
              <span className="icon-disc rounded-xl">
                <Icon name={ICONS[index % ICONS.length]} />
              </span>
              <h3 className="mt-5 text-2xl font-bold">{item.title}</h3>
              <p className="muted mt-3 flex-1">{item.text}</p>
              <Link to={item.to} className="link-arrow mt-6">
                {item.linkLabel}
                <Icon name="arrow" className="icon-sm" />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
