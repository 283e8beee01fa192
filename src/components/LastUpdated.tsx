import React from "react";
import { formatGermanDate, useToday } from "../hooks/useToday";

/** "Stand: 21.11.2026": always today's date, in German format. */
export function LastUpdated() {
  const today = useToday();
  return (
    <p className="text-sm text-bark-700">
      Stand: <time dateTime={today.toISOString().slice(0, 10)}>{formatGermanDate(today)}</time>
    </p>
  );
}
