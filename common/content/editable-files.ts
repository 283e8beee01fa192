/**
 * Every content file the „Inhalte“ screen can change, with its German name and group: the JSON files of
 * the content description (content-schema.ts), the legal texts and the e-mail templates (Markdown with a
 * head of a few fields). Paths are relative to content/; nothing outside this list is read or written.
 */
import { CONTENT_FILES, isListFile } from "./content-schema";
import { ALL_ROUTES } from "../routes";
import { TEMPLATE_VALUES, type TemplateName } from "../mail/templates";
import { accessOf, type ContentAccess } from "./editor-access";
import { IMAGE_CREDITS_FILE } from "./image-credits";

export type EditableGroup = "Seiten" | "Listen" | "Einstellungen" | "Rechtstexte" | "E-Mails";

export interface EditableFile {
  /** Relative to content/, e.g. "testimonials.json" or "legal/agb.md". */
  file: string;
  title: string;
  description?: string;
  group: EditableGroup;
  kind: "json" | "legal" | "email";
  /** Who may change it: the owners' own mails are theirs alone (editor-access.ts). */
  access: ContentAccess;
}

/** When each e-mail goes out, as the editor knows it (content/emails/README.md says the same at more length). */
const EMAIL_TITLES: Record<TemplateName, string> = {
  "lead-confirmation": "Bitte bestätige deine Anmeldung (nach dem Info-Formular)",
  "lead-welcome": "Willkommen (nach der Bestätigung)",
  "lead-plan-day": "Plan-E-Mail, Tag 1 bis 6",
  "lead-plan-final": "Plan-E-Mail, Tag 7",
  "contact-acknowledgment": "Eingangsbestätigung einer Anfrage",
  "contact-notification": "Benachrichtigung über eine Anfrage (Name und Link)",
  "contact-notification-full": "Benachrichtigung über eine Anfrage (mit Nachricht)",
  "contact-reply": "Antwort aus der Verwaltung",
  "owner-login": "Anmeldelink für die Verwaltung",
  "owner-reminder": "Erinnerung an eine offene Anfrage",
  "owner-passkey-added": "Ein Passkey wurde angelegt",
  "owner-passkey-removed": "Ein Passkey wurde entfernt",
  "owner-login-warning": "Warnung: viele fehlgeschlagene Anmeldungen",
  "owner-form-mail-brake": "Warnung: ungewöhnlich viele Formular-E-Mails, Eingangsbestätigungen warten",
  "owner-spam-summary": "Übersicht: Anfragen und Anmeldungen als Spam markiert (höchstens einmal am Tag)",
  "owner-newsletter-scheduled": "Ein Newsletter wurde gesendet oder geplant",
  "owner-content-changed": "Ein Rechtstext, eine E-Mail oder die Einstellungen wurden geändert",
  "owner-content-proposal": "Ein Vorschlag wartet auf Freigabe (an alle Inhaber)",
  "owner-proposal-decided": "Ein Vorschlag wurde freigegeben oder zurückgegeben (an die Redaktion)",
  "owner-content-planned": "Eine geplante Änderung ist live oder fehlgeschlagen (an die Person, die sie geplant hat)",
  _footer: "Fußzeile jeder E-Mail an Besucher",
  _unsubscribe: "Abmeldehinweis unter jeder E-Mail",
};

export const EDITABLE_FILES: EditableFile[] = [
  ...CONTENT_FILES.map((entry): EditableFile => ({
    file: entry.file,
    title: entry.title,
    description: entry.description,
    group:
      entry.file === "site.json" ? "Einstellungen" : isListFile(entry) || entry.file === IMAGE_CREDITS_FILE ? "Listen" : "Seiten",
    kind: "json",
    access: accessOf(entry.file),
  })),
  ...ALL_ROUTES.filter((route) => route.kind === "legal" && route.content).map((route): EditableFile => ({
    file: route.content!,
    title: route.contentTitle ?? route.title,
    group: "Rechtstexte",
    kind: "legal",
    access: accessOf(route.content!),
  })),
  ...(Object.keys(TEMPLATE_VALUES) as TemplateName[]).map((name): EditableFile => ({
    file: `emails/${name}.md`,
    title: EMAIL_TITLES[name],
    group: "E-Mails",
    kind: "email",
    access: accessOf(`emails/${name}.md`),
  })),
];

export const editableFile = (file: string): EditableFile | undefined => EDITABLE_FILES.find((entry) => entry.file === file);

/**
 * The pages of the site that show a content file, the first the one to open; none for e-mail texts. From
 * the routes' rows: first the page whose copy it is or that is about it (`features`), then those that show it.
 */
export function pagesShowing(file: string): string[] {
  const own = ALL_ROUTES.filter((route) => route.content === file || route.features?.includes(file));
  const showing = ALL_ROUTES.filter((route) => !own.includes(route) && route.shows?.includes(file));
  return [...own, ...showing].map((route) => route.path);
}
