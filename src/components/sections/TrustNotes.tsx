import React from "react";
import { Icon, type IconName } from "./Icon";
import type { TitledTextData } from "./types";

const ICONS: IconName[] = ["shield", "lock"];

/** The trust notes under the contact form ("Datenschutz ernst genommen", "Sichere Übertragung"), from the page's copy. */
export function TrustNotes({ items }: { items: readonly TitledTextData[] }) {
  return (
    <ul className="mt-6 grid gap-4 sm:grid-cols-2">
      {items.map((item, index) => (
        <li key={item.title} className="flex gap-3 rounded-2xl bg-forest-50 p-5">
          <Icon name={ICONS[index % ICONS.length]} className="h-6 w-6 shrink-0 text-forest-700" />
          <div>
            <p className="font-semibold text-forest-900">{item.title}</p>
            <p className="fine-print mt-1">{item.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
