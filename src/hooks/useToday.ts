import { graphql, useStaticQuery } from "gatsby";
import { useEffect, useState } from "react";

/**
 * Today's date. The static HTML and the first client render carry the build date (so hydration
 * matches); right after hydration the visitor's own date replaces it, so a page built weeks ago
 * still shows the current day.
 */
export function useToday(): Date {
  const { site } = useStaticQuery<Queries.BuildTimeQuery>(graphql`
    query BuildTime {
      site {
        buildTime
      }
    }
  `);
  const [today, setToday] = useState(() => new Date(site?.buildTime ?? Date.now()));
  useEffect(() => setToday(new Date()), []);
  return today;
}

export const formatGermanDate = (date: Date): string =>
  date.toLocaleDateString("de-DE", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "Europe/Berlin" });
