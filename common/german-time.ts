/**
 * A moment as German running text reads it, in the site's time zone (content/site.json `timeZone`, Europe/Berlin):
 * "27.11.2026 um 03:14 Uhr". Mails and screens that name when something happened use it.
 */
export const GERMAN_TIME_ZONE = "Europe/Berlin";

const formats = new Map<string, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

function formatsFor(timeZone: string) {
  let known = formats.get(timeZone);
  if (!known) {
    known = {
      date: new Intl.DateTimeFormat("de-DE", { day: "2-digit", month: "2-digit", year: "numeric", timeZone }),
      time: new Intl.DateTimeFormat("de-DE", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone }),
    };
    formats.set(timeZone, known);
  }
  return known;
}

/** "27.11.2026 um 03:14 Uhr" (the hour in 24-hour form, in `timeZone`). */
export function formatGermanDateTime(moment: Date, timeZone: string = GERMAN_TIME_ZONE): string {
  const { date, time } = formatsFor(timeZone);
  return `${date.format(moment)} um ${time.format(moment)}\u00a0Uhr`;
}
