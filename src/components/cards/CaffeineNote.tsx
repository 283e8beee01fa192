import React from "react";
import { CAFFEINE_NOTICE_MG_PER_LITRE } from "../../content/caffeine";

interface CaffeineNoteProps {
  /** Caffeine in mg per litre; undefined or null for food that is not a drink. */
  mgPerLitre?: number | null;
  warning: string;
  free: string;
  className?: string;
}

/** mg/l → "32 mg/100 ml", the unit the labelling rules use. */
const per100ml = (mgPerLitre: number) => `${(mgPerLitre / 10).toLocaleString("de-DE", { maximumFractionDigits: 1 })} mg/100 ml`;

/**
 * Drinks with more than 150 mg caffeine per litre carry the mandatory notice with the content per 100 ml;
 * caffeine-free drinks say so. Other food shows nothing.
 */
export function CaffeineNote({ mgPerLitre, warning, free, className = "" }: CaffeineNoteProps) {
  if (mgPerLitre === undefined || mgPerLitre === null) return null;
  if (mgPerLitre > CAFFEINE_NOTICE_MG_PER_LITRE) {
    return (
      <p className={`rounded-xl border-2 border-ember-500 bg-ember-300/30 px-4 py-3 text-sm font-semibold text-bark-900 ${className}`} role="note">
        {warning} ({per100ml(mgPerLitre)})
      </p>
    );
  }
  if (mgPerLitre === 0) {
    return <p className={`rounded-xl bg-forest-50 px-4 py-3 text-sm font-medium text-forest-800 ${className}`}>{free}</p>;
  }
  return null;
}
