/** How the CLI shows stored values to the site owner: German dates and words, nothing a terminal could run. */
import type { LeadStatus } from "../services/leads";

export const STATUS_LABELS: Record<LeadStatus, string> = {
  pending: "unbestätigt",
  confirmed: "bestätigt",
  unsubscribed: "abgemeldet",
};

const DATE_TIME = new Intl.DateTimeFormat("de-DE", {
  timeZone: "Europe/Berlin",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** 21.11.2026 10:03:38 (German time), or empty. */
export function germanDateTime(value: Date | string | null | undefined): string {
  if (value === null || value === undefined) return "";
  return DATE_TIME.format(new Date(value)).replace(",", "");
}

/** Control characters (escape sequences, line breaks) in visitor input become spaces on the terminal. */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, " ");
}

export function table(header: readonly string[], rows: readonly string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join("\n");
}
