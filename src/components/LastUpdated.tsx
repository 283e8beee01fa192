import React from "react";
import { formatLongGermanDate } from "../german-date";

/**
 * "Stand: 26. November 2026": the day the text was last revised (the legal text's front matter, JJJJ-MM-TT).
 * Only that day: a date that changed every day would suggest a daily review, and a cached page would show
 * one that later moves.
 */
export function LastUpdated({ revised }: { revised?: string }) {
  if (!revised) return null;
  return (
    <p className="text-sm text-bark-700">
      Stand: <time dateTime={revised}>{formatLongGermanDate(new Date(`${revised}T12:00:00Z`))}</time>
    </p>
  );
}
