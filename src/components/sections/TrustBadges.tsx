import React from "react";
import { Icon, type IconName } from "./Icon";
import type { TitledTextData } from "./types";
import { evidenceText, type ShownEvidence } from "../../../common/content/evidence-text";

interface TrustBadgesProps {
  users: number;
  usersLabel: string;
  usersText: string;
  usersBasis: string;
  /** The survey behind the figure; shown once the owner has filled it in. */
  usersEvidence?: ShownEvidence | null;
  items: readonly TitledTextData[];
}

const ICONS: IconName[] = ["tree", "pot", "chat"];

function Badge({ icon, title, text }: { icon: IconName; title: React.ReactNode; text: string }) {
  return (
    <li className="flex gap-4">
      <span className="icon-disc">
        <Icon name={icon} />
      </span>
      <div>
        <p className="font-serif text-lg leading-snug font-bold text-forest-900">{title}</p>
        <p className="fine-print mt-1">{text}</p>
      </div>
    </li>
  );
}

/** The row under the home hero: "über 15.000 zufriedene Teilnehmer" with its basis, and what the programme stands for. */
export function TrustBadges({ users, usersLabel, usersText, usersBasis, usersEvidence, items }: TrustBadgesProps) {
  const record = evidenceText(usersEvidence);
  const usersTitle = (
    <>
      <span className="text-2xl">über {users.toLocaleString("de-DE")}</span> {usersLabel}
      <span aria-hidden="true">*</span>
    </>
  );
  return (
    <section aria-label="Auf einen Blick" className="border-b border-cream-200 bg-cream-100">
      <div className="container-page py-10">
        <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          <Badge icon="users" title={usersTitle} text={usersText} />
          {items.map((item, index) => (
            <Badge key={item.title} icon={ICONS[index % ICONS.length]} {...item} />
          ))}
        </ul>
        <p className="fine-print mt-8 text-xs">
          <span aria-hidden="true">* </span>
          <span className="sr-only">Zur Zahl der zufriedenen Teilnehmer: </span>
          {usersBasis}
          {record && ` ${record}`}
        </p>
      </div>
    </section>
  );
}
