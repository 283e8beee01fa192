import React from "react";
import { Icon, type IconName } from "../sections/Icon";

/** `icon` is one of PRINCIPLE_ICONS; the content check stops any other name. */
export type PrincipleData = Pick<Queries.Principle, "title" | "description" | "icon">;

/** One principle of traditional nutrition: icon, title, description. */
export function PrincipleCard({ principle }: { principle: PrincipleData }) {
  return (
    <article className="card h-full p-6">
      <span className="icon-disc rounded-xl bg-forest-50 text-forest-700">
        <Icon name={principle.icon as IconName} />
      </span>
      <h3 className="h3 mt-4">{principle.title}</h3>
      <p className="muted mt-2">{principle.description}</p>
    </article>
  );
}
