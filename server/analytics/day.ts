/** The calendar day (YYYY-MM-DD) in the site's time zone, worked out at most once a second. */
export function dayClock(timeZone: string, now: () => number = Date.now): () => string {
  const format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  let second = -1;
  let day = "";
  return () => {
    const time = now();
    const current = Math.floor(time / 1000);
    if (current !== second) {
      second = current;
      day = format.format(time);
    }
    return day;
  };
}
