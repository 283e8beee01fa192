import React from "react";
import { useToday } from "../hooks/useToday";
import { formatGermanDate, formatLongGermanDate, isoGermanDate } from "../german-date";
import { TODAY } from "../hydration-marks";

/**
 * "Gültig am 01.12.2026 · Fassung vom 27. November 2026": always today's date in German format (de-DE), as
 * the specification asks, in words that are true of it – today is a day on which this version is the one in
 * force – and beside it the day the text was last revised (the legal text's front matter, JJJJ-MM-TT), so
 * today's date does not read as a daily review.
 *
 * Today's date is right in every state of the page: the static HTML carries the build day, the after-load
 * script writes the visitor's day into the `<time>` marked TODAY before the scripts run (so a page built
 * weeks ago or served from a cache shows today), and useToday renders the build day for hydration and the
 * visitor's day right after it.
 */
export function LastUpdated({ revised }: { revised?: string }) {
  const today = useToday();
  return (
    <p className="text-sm text-bark-700">
      Gültig am{" "}
      <time dateTime={isoGermanDate(today)} {...TODAY} className="whitespace-nowrap">
        {formatGermanDate(today)}
      </time>
      {revised && (
        <>
          {" · "}
          Fassung vom{" "}
          <time dateTime={revised} className="whitespace-nowrap">
            {formatLongGermanDate(new Date(`${revised}T12:00:00Z`))}
          </time>
        </>
      )}
    </p>
  );
}
