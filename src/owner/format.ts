/** Dates and ages as the owner reads them: German, Berlin time, "vor 3 Std.". */
const DATE_TIME = new Intl.DateTimeFormat("de-DE", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Berlin" });
const DATE = new Intl.DateTimeFormat("de-DE", { day: "numeric", month: "short", timeZone: "Europe/Berlin" });

export function dateTime(iso: string | null | undefined): string {
  return iso ? `${DATE_TIME.format(new Date(iso))} Uhr` : "–";
}

export function shortDate(isoDate: string): string {
  return DATE.format(new Date(`${isoDate}T12:00:00Z`));
}

export function age(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 1) return "gerade eben";
  if (minutes < 60) return `vor ${minutes} Min.`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `vor ${hours} Std.`;
  return `vor ${Math.floor(hours / 24)} Tagen`;
}

export function percent(share: number | null): string {
  return share === null ? "–" : `${Math.round(share * 100)}\u00a0%`;
}
