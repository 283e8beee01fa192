import { graphql, useStaticQuery } from "gatsby";
import { useEffect, useState } from "react";

/**
 * Today's date. The static HTML and the first client render carry the build day (so hydration
 * matches; a day in Germany, gatsby-node.ts sourceNodes, taken at noon so every time zone agrees); right after hydration the visitor's own date replaces it, so a page built weeks ago
 * still shows the current day. Before hydration the after-load script (gatsby/after-load.ts) writes the
 * visitor's date into every `<time>` marked TODAY.
 */
export function useToday(): Date {
  const { buildDay } = useStaticQuery<Queries.BuildDayQuery>(graphql`
    query BuildDay {
      buildDay {
        date
      }
    }
  `);
  const [today, setToday] = useState(() => (buildDay ? new Date(`${buildDay.date}T12:00:00Z`) : new Date()));
  useEffect(() => setToday(new Date()), []);
  return today;
}
