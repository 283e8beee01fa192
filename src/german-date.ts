/** Dates as the site shows them: German format, the day in Germany (Europe/Berlin). */
export const GERMAN_DATE = { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "Europe/Berlin" } as const;

/** "23.11.2026" */
export const formatGermanDate = (date: Date): string => date.toLocaleDateString("de-DE", GERMAN_DATE);

/** The same day as a `<time datetime>` value: "2026-11-23" (Sweden's format is ISO's). */
export const isoGermanDate = (date: Date): string => date.toLocaleDateString("sv-SE", { timeZone: GERMAN_DATE.timeZone });

/** "26. November 2026": the date in running text and on the legal pages. */
export const formatLongGermanDate = (date: Date): string =>
  date.toLocaleDateString("de-DE", { day: "numeric", month: "long", year: "numeric", timeZone: GERMAN_DATE.timeZone });
