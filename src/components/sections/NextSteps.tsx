import React from "react";
import { Icon, type IconName } from "./Icon";
import type { TitledTextData } from "./types";

const ICONS: IconName[] = ["envelope", "chat", "pot"];

/** What happens after a form was sent: numbered steps. */
export function NextSteps({ title, items }: { title: string; items: readonly TitledTextData[] }) {
  return (
    <section aria-labelledby="weiter-title" className="section">
      <div className="container-page">
        <h2 id="weiter-title" className="h2">
          {title}
        </h2>
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {items.map((item, index) => (
            <li key={item.title} className="card p-6 sm:p-7">
              <p className="kicker flex items-center gap-3">
                <span className="icon-disc">
                  <Icon name={ICONS[index % ICONS.length]} className="icon-sm" />
                </span>
                Schritt {index + 1}
              </p>
              <h3 className="h3 mt-4">{item.title}</h3>
              <p className="muted mt-2">{item.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
