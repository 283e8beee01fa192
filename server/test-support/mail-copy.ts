/**
 * What the mail templates in content/emails/ say, for tests that check a sent mail without pinning the
 * editors' words: the subject as the template writes it, with the values filled in.
 */
import path from "node:path";
import { fillPlaceholders } from "../../common/content/placeholders";
import { readSiteSettings } from "../../common/content/read-content";
import { loadTemplates, type TemplateName } from "../../common/mail/templates";

const CONTENT_DIR = path.resolve(__dirname, "..", "..", "content");

/** The subject of a mail of this kind, e.g. "Bitte bestätige deine Anmeldung bei Urkraft". */
export function mailSubject(kind: TemplateName, values: Record<string, string> = {}): string {
  const site = readSiteSettings(CONTENT_DIR);
  const { subject } = loadTemplates(path.join(CONTENT_DIR, "emails"))[kind];
  return fillPlaceholders(subject, { brand: site.brand, ...values });
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Matches that subject, from its start; values not given match any text. */
export function mailSubjectPattern(kind: TemplateName, values: Record<string, string> = {}): RegExp {
  const filled = mailSubject(kind, values);
  return new RegExp(
    `^${filled
      .split(/\{\{\s*[\w.]+\s*\}\}/)
      .map(escaped)
      .join(".*")}$`,
  );
}

/** The day of the plan a subject names (as lead-plan-day.md and lead-plan-final.md write it), or undefined. */
export function planDayOf(subject: string | undefined, days = 7): number | undefined {
  for (let day = 1; day <= days; day += 1) {
    const values = { day: String(day), days: String(days) };
    if (mailSubjectPattern("lead-plan-day", values).test(subject ?? "")) return day;
    if (mailSubjectPattern("lead-plan-final", values).test(subject ?? "")) return day;
  }
  return undefined;
}
