import React from "react";
import { Link } from "gatsby";
import { SectionHeading } from "./SectionHeading";
import { ArrowIcon, BowlIcon, PotIcon, WalkIcon } from "./section-icons";

interface Pillar {
  readonly title: string;
  readonly text: string;
  readonly to: string;
  readonly linkLabel: string;
}

interface PillarCardsProps {
  kicker: string;
  title: string;
  intro: string;
  items: readonly Pillar[];
}

const ICONS = [WalkIcon, BowlIcon, PotIcon];

/** The programme's building blocks, each leading to its page. */
export function PillarCards({ kicker, title, intro, items }: PillarCardsProps) {
  return (
    <section aria-labelledby="bausteine-title" className="bg-cream-100 py-16 sm:py-24">
      <div className="container-page">
        <SectionHeading id="bausteine-title" kicker={kicker} title={title} intro={intro} />
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {items.map((item, index) => {
            const Icon = ICONS[index % ICONS.length];
            return (
              <li key={item.to} className="flex flex-col rounded-2xl bg-white p-7 shadow-sm ring-1 ring-cream-200">
                <span className="grid h-12 w-12 place-items-center rounded-xl bg-forest-800 text-ember-300">
                  <Icon />
                </span>
                <h3 className="mt-5 text-2xl font-bold">{item.title}</h3>
                <p className="mt-3 flex-1 leading-relaxed text-bark-700">{item.text}</p>
                <Link to={item.to} className="mt-6 inline-flex items-center gap-2 font-semibold text-forest-700 underline-offset-4 hover:text-forest-900 hover:underline">
                  {item.linkLabel}
                  <ArrowIcon className="h-5 w-5" />
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
