import React from "react";
import { LockIcon, ShieldIcon } from "../icons";
import type { TitledTextData } from "./types";

const ICONS = [ShieldIcon, LockIcon];

/** "Datenschutz garantiert" and "Sichere Übertragung" under the contact form. */
export function TrustNotes({ items }: { items: readonly TitledTextData[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {items.map((item, index) => {
        const Icon = ICONS[index % ICONS.length];
        return (
          <li key={item.title} className="flex gap-3 rounded-2xl bg-forest-50 p-5">
            <Icon className="h-6 w-6 shrink-0 text-forest-700" />
            <div>
              <p className="font-semibold text-forest-900">{item.title}</p>
              <p className="mt-1 text-sm leading-relaxed text-bark-700">{item.text}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
