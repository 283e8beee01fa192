import React from "react";
import { CAFFEINE_NOTICE_MG_PER_LITRE } from "../../../common/content/caffeine";

interface CaffeineNoteProps {
  /** Caffeine in mg per litre; undefined or null for food that is not a drink. */
  mgPerLitre?: number | null;
  warning: string;
}

/**
 * Drinks with more than 150 mg caffeine per litre carry the mandatory notice with the content per 100 ml
 * (the unit the labelling rules use). Below that nothing shows: a drink of oats, banana and ginger has no
 * caffeine, and saying so would advertise a matter of course (§ 5 UWG).
 */
export function CaffeineNote({ mgPerLitre, warning }: CaffeineNoteProps) {
  if (mgPerLitre == null || mgPerLitre <= CAFFEINE_NOTICE_MG_PER_LITRE) return null;
  return (
    <p className="mt-5 rounded-xl border-2 border-ember-500 bg-cream-100 px-4 py-3 text-sm font-semibold">
      {warning} ({String(mgPerLitre / 10).replace(".", ",")} mg/100 ml)
    </p>
  );
}
