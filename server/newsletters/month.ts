/**
 * Calendar months and wall-clock times in the site's time zone (`timeZone` of content/site.json, Europe/Berlin):
 * the consent's limit counts per calendar month there, and a newsletter is scheduled in its local time.
 */
import { localParts, zonedInstant } from "../mail/plan-schedule";
import { GERMAN_MONTHS } from "../../common/german-months";

export interface MonthWindow {
  /** First instant of the month, inclusive. */
  start: Date;
  /** First instant of the next month, exclusive. */
  end: Date;
  year: number;
  month: number;
}

export function monthOf(instant: Date, timeZone: string): MonthWindow {
  const { year, month } = localParts(instant, timeZone);
  return monthWindow(year, month, timeZone);
}

export function monthWindow(year: number, month: number, timeZone: string): MonthWindow {
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  return {
    start: zonedInstant({ year, month, day: 1 }, 0, 0, timeZone),
    end: zonedInstant({ year: nextYear, month: nextMonth, day: 1 }, 0, 0, timeZone),
    year,
    month,
  };
}

export function nextMonth(window: MonthWindow, timeZone: string): MonthWindow {
  return monthOf(window.end, timeZone);
}

const MONTHS: readonly string[] = GERMAN_MONTHS;

/** "November 2026" */
export function monthName(window: MonthWindow): string {
  return `${MONTHS[window.month - 1]} ${window.year}`;
}

/** "1. Dezember 2026, 00:00 Uhr" in the zone's wall-clock time. */
export function germanDateTime(instant: Date, timeZone: string): string {
  const local = localParts(instant, timeZone);
  const time = `${String(local.hour).padStart(2, "0")}:${String(local.minute).padStart(2, "0")}`;
  return `${local.day}. ${MONTHS[local.month - 1]} ${local.year}, ${time} Uhr`;
}

/**
 * "2027-03-28 10:00" (also with "T") as local time of `timeZone` → the instant. A time skipped by the
 * switch to summer time counts from after the gap (02:30 → 03:30). Throws a German message when malformed.
 */
export function parseLocalDateTime(value: string, timeZone: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/.exec(value.trim());
  const problem = `„${value}“ ist kein Zeitpunkt im Format JJJJ-MM-TT HH:MM (zum Beispiel 2026-12-03 09:00)`;
  if (!match) throw new Error(problem);
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) throw new Error(problem);
  return zonedInstant({ year, month, day }, hour, minute, timeZone);
}
