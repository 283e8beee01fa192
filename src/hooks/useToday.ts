import { graphql, useStaticQuery } from "gatsby";
import { useEffect, useState } from "react";

/**
 * Today's date. The static HTML and the first client render carry the build date (so hydration
 * matches); right after hydration the visitor's own date replaces it, so a page built weeks ago
 * still shows the current day. Before hydration the after-load script (src/after-load.ts) writes the
 * visitor's date into every `<time>` marked TODAY.
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
