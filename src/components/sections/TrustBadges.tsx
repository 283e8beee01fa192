import React from "react";
import { ChatIcon, PotIcon, TreeIcon, UsersIcon } from "./section-icons";
import type { TitledTextData } from "./types";

interface TrustBadgesProps {
  users: number;
  usersLabel: string;
  usersText: string;
  usersBasis: string;
  items: readonly TitledTextData[];
}

const ICONS = [TreeIcon, PotIcon, ChatIcon];

/** The row under the home hero: "über 15.000 zufriedene Nutzer" with its basis, and what the programme stands for. */
export function TrustBadges({ users, usersLabel, usersText, usersBasis, items }: TrustBadgesProps) {
  return (
    <section aria-label="Auf einen Blick" className="border-b border-cream-200 bg-cream-100">
      <div className="container-page py-10">
        <ul className="grid gap-x-8 gap-y-8 sm:grid-cols-2 lg:grid-cols-4">
          <li className="flex gap-4">
            <span className="grid h-12 w-12 shrink-0 place-items-center rounded-full bg-forest-800 text-ember-300">
              <UsersIcon />
            </span>
            <div>
              <p className="font-serif text-lg leading-snug font-bold text-forest-900">
                <span className="text-2xl">über {users.toLocaleString("de-DE")}</span> {usersLabel}
                <span aria-hidden="true" className="text-ember-700">
                  *
                </span>
              </p>
              <p className="mt-1 text-sm text-bark-700">{usersText}</p>
            </div>
          </li>
          {items.map((item, index) => {
            const Icon = ICONS[index % ICONS.length];
            return (
              <li key={item.title} className="flex gap-4">
                <span className="grid h-12 w-12 shrink-0 place-items-center rounded-full bg-forest-50 text-forest-700">
                  <Icon />
                </span>
                <div>
                  <p className="font-serif text-lg leading-snug font-bold text-forest-900">{item.title}</p>
                  <p className="mt-1 text-sm leading-relaxed text-bark-700">{item.text}</p>
                </div>
              </li>
            );
          })}
        </ul>
        <p className="mt-8 text-xs leading-relaxed text-bark-700">
          <span aria-hidden="true">* </span>
          <span className="sr-only">Zur Zahl der zufriedenen Nutzer: </span>
          {usersBasis}
        </p>
      </div>
    </section>
  );
}
