import React from "react";
import { EnvelopeOpenIcon, PotIcon, ChatIcon } from "./section-icons";
import type { TitledTextData } from "./types";

const ICONS = [EnvelopeOpenIcon, ChatIcon, PotIcon];

/** What happens after a form was sent: numbered steps. */
export function NextSteps({ title, items }: { title: string; items: readonly TitledTextData[] }) {
  return (
    <section aria-labelledby="weiter-title" className="py-14 sm:py-20">
      <div className="container-page">
        <h2 id="weiter-title" className="text-3xl font-bold sm:text-4xl">
          {title}
        </h2>
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {items.map((item, index) => {
            const Icon = ICONS[index % ICONS.length];
            return (
              <li key={item.title} className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-cream-200 sm:p-7">
                <div className="flex items-center gap-3">
                  <span className="grid h-11 w-11 place-items-center rounded-full bg-forest-800 text-ember-300">
                    <Icon className="h-5 w-5" />
                  </span>
                  <span className="text-sm font-semibold tracking-wider text-ember-700 uppercase">Schritt {index + 1}</span>
                </div>
                <h3 className="mt-4 text-xl font-bold">{item.title}</h3>
                <p className="mt-2 leading-relaxed text-bark-700">{item.text}</p>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
