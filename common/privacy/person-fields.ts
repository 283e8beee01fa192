/**
 * What is stored about one person, in words the person understands: the owner area's person page and the
 * Art. 15 DSGVO download use the same German names for the sections and the stored columns.
 */

/** The parts of a person's data, in the order shown (keys as the server returns them). */
export const PERSON_SECTIONS = [
  { key: "leads", title: "Anmeldungen" },
  { key: "consents", title: "Einwilligungsnachweise" },
  { key: "leadLinks", title: "Bestätigungs- und Abmeldelinks" },
  { key: "contactRequests", title: "Kontaktanfragen" },
  { key: "mails", title: "E-Mails" },
  { key: "webhooks", title: "Weitergaben per Webhook" },
] as const;

export type PersonSectionKey = (typeof PERSON_SECTIONS)[number]["key"];

/** German names of the stored columns; anything not listed shows its column name. */
export const PERSON_FIELD_LABELS: Record<string, string> = {
  id: "Nr.",
  lead_id: "Anmeldung Nr.",
  email: "E-Mail",
  name: "Name",
  status: "Status",
  form_page: "Formularseite",
  submitted_at: "Eingegangen",
  consent_text_version: "Fassung Einwilligungstext",
  privacy_version: "Fassung Datenschutzerklärung",
  confirmed_at: "Bestätigt",
  confirmation_sent_at: "Bestätigungsmail vorgemerkt",
  unsubscribed_at: "Abgemeldet",
  undeliverable_at: "Unzustellbar seit",
  undeliverable_reason: "Antwort des Mailservers",
  newsletter_id: "Newsletter Nr.",
  source: "Quelle des Besuchs",
  medium: "Kampagnen-Medium",
  campaign: "Kampagne",
  purpose: "Zweck",
  created_at: "Erstellt",
  expires_at: "Gültig bis",
  used_at: "Benutzt",
  message: "Nachricht",
  answered_at: "Beantwortet",
  answered_by: "Beantwortet von",
  reminded_at: "Erinnerung gesendet",
  spam: "Als Spam markiert, weil",
  kind: "Art",
  recipient: "Empfänger",
  subject: "Betreff",
  attempts: "Versuche",
  sent_at: "Gesendet",
  due_at: "Geplant für",
  person_key: "Schlüssel der Person",
  source_page: "Formularseite",
  updated_at: "Geändert",
  last_error: "Letzter Fehler",
  text: "Inhalt (bis zum Versand)",
  event_type: "Ereignis",
  endpoint: "Empfänger",
  delivered_at: "Zugestellt",
  payload: "Übermittelte Daten",
};

/** German words for the stored states, per part: "pending" means something else for a sign-up than for a mail. */
export const PERSON_STATUS_WORDS: Partial<Record<PersonSectionKey, Record<string, string>>> = {
  leads: { pending: "unbestätigt", confirmed: "bestätigt", unsubscribed: "abgemeldet" },
  mails: { pending: "wartet auf den Versand", sent: "gesendet", failed: "nicht zustellbar", cancelled: "abgesagt" },
  webhooks: { pending: "wartet auf die Zustellung", delivered: "zugestellt", failed: "aufgegeben" },
};

/** A stored value as shown to the owner and the person: a state in German, anything else as it is. */
export function shownValue(section: PersonSectionKey, key: string, value: unknown): unknown {
  if (key !== "status" || typeof value !== "string") return value;
  return PERSON_STATUS_WORDS[section]?.[value] ?? value;
}

/** One stored row of a part with German field names and states. */
export function labelledRow(section: PersonSectionKey, row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [PERSON_FIELD_LABELS[key] ?? key, shownValue(section, key, value)]),
  );
}
