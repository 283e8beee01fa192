/**
 * When the daily plan mails are due: at a fixed local time (`planMailTime`, `timeZone` of site.json) on
 * each of the days after the confirmation. Local dates and times go through Intl, so a switch to or from
 * summer time moves the instant, never the wall-clock time.
 */

export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

/** The wall-clock date and time of `timeZone` at that instant. */
export function localParts(instant: Date, timeZone: string): LocalDate & { hour: number; minute: number } {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
  });
  const value = (type: string) => Number(format.formatToParts(instant).find((part) => part.type === type)?.value);
  return { year: value("year"), month: value("month"), day: value("day"), hour: value("hour"), minute: value("minute") };
}

/** How far the zone's wall clock is ahead of UTC at that instant, in milliseconds (whole minutes). */
function offsetMs(instant: Date, timeZone: string): number {
  const local = localParts(instant, timeZone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  return asUtc - Math.floor(instant.getTime() / 60_000) * 60_000;
}

/**
 * The instant the wall clock of `timeZone` shows that date and time. A time skipped by a switch to summer
 * time becomes the same distance after the gap; a time that occurs twice takes its first occurrence.
 */
export function zonedInstant(date: LocalDate, hour: number, minute: number, timeZone: string): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  // The offsets before and after a possible switch around that wall time; try the earlier one first.
  const candidates = [offsetMs(new Date(wall - 86_400_000), timeZone), offsetMs(new Date(wall + 86_400_000), timeZone)];
  for (const offset of candidates) {
    const instant = new Date(wall - offset);
    const shown = localParts(instant, timeZone);
    if (Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute) === wall) return instant;
  }
  // In a gap: the wall time with the offset in force before it, which lands after the gap.
  return new Date(wall - candidates[0]!);
}

/** "07:30" → [7, 30]; the content check guarantees the format. */
export function parseTimeOfDay(time: string): [number, number] {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!match) throw new Error(`Uhrzeit „${time}“ ist nicht im Format HH:MM`);
  return [Number(match[1]), Number(match[2])];
}

/**
 * The due times of `days` plan mails after a confirmation at `confirmedAt`: the first on the next
 * calendar day (local), also when the confirmation came before that day's time, then one a day.
 */
export function planMailTimes(confirmedAt: Date, time: string, timeZone: string, days: number): Date[] {
  const [hour, minute] = parseTimeOfDay(time);
  const today = localParts(confirmedAt, timeZone);
  return Array.from({ length: days }, (_, index) => {
    // Date.UTC normalises day overflow into the next month or year.
    const next = new Date(Date.UTC(today.year, today.month - 1, today.day + index + 1));
    const date = { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
    return zonedInstant(date, hour, minute, timeZone);
  });
}
