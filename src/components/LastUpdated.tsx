import React from "react";
import { useToday } from "../hooks/useToday";
import { formatGermanDate, isoGermanDate } from "../german-date";
import { TODAY } from "../hydration-marks";

/**
 * "Stand: 23.11.2026" – always today's date, in German format – and, when known, the day the text was
 * last revised: "gültige Fassung vom 21.11.2026" (from the legal text's front matter, JJJJ-MM-TT), so the
 * reader sees that today's date says which version still applies, not that the text was reviewed today.
 */
export function LastUpdated({ revised }: { revised?: string }) {
  const today = useToday();
  return (
    <p className="text-sm text-bark-700">
      Stand:{" "}
      <time dateTime={isoGermanDate(today)} {...TODAY}>
        {formatGermanDate(today)}
      </time>
      {revised && (
        <>
          {" · "}
          gültige Fassung vom <time dateTime={revised}>{formatGermanDate(new Date(`${revised}T12:00:00Z`))}</time>
        </>
      )}
    </p>
  );
}
