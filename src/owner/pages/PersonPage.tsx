/** Person: everything stored about one address (Art. 15 DSGVO) as a page and a JSON download; erasure (Art. 17). */
import React, { useState } from "react";
import { api, errorText } from "../api";
import { dateTime } from "../format";
import { Alert, Card, inputClass, labelClass, PageTitle, smallButton } from "../ui";

import type { PersonData } from "../../../server/services/privacy";

const SECTIONS: { key: keyof Omit<PersonData, "email">; title: string }[] = [
  { key: "leads", title: "Leads" },
  { key: "consents", title: "Einwilligungsnachweise" },
  { key: "leadLinks", title: "Bestätigungs- und Abmeldelinks" },
  { key: "contactRequests", title: "Kontaktanfragen" },
  { key: "mails", title: "E-Mails" },
  { key: "webhooks", title: "Weitergaben per Webhook" },
];

/** German names of the stored columns; anything not listed shows its column name. */
const FIELD_LABELS: Record<string, string> = {
  id: "Nr.",
  lead_id: "Lead-Nr.",
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
  newsletter_id: "Newsletter-Nr.",
  purpose: "Zweck",
  created_at: "Erstellt",
  expires_at: "Gültig bis",
  used_at: "Benutzt",
  message: "Nachricht",
  answered_at: "Beantwortet",
  answered_by: "Beantwortet von",
  reminded_at: "Erinnerung gesendet",
  kind: "Art",
  recipient: "Empfänger",
  subject: "Betreff",
  attempts: "Versuche",
  sent_at: "Gesendet",
  last_error: "Letzter Fehler",
  text: "Inhalt (bis zum Versand)",
  event_type: "Ereignis",
  endpoint: "Empfänger",
  delivered_at: "Zugestellt",
  payload: "Übermittelte Daten",
};

function show(value: unknown): string {
  if (value === null || value === undefined) return "–";
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value)) return dateTime(value);
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

export function PersonPage() {
  const [email, setEmail] = useState("");
  const [data, setData] = useState<PersonData>();
  const [found, setFound] = useState(false);
  const [confirmation, setConfirmation] = useState("");
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  const search = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setNotice(undefined);
    try {
      const answer = await api<{ found: boolean; data: PersonData }>(`/person?${new URLSearchParams({ email: email.trim() })}`);
      setData(answer.data);
      setFound(answer.found);
      setConfirmation("");
    } catch (caught) {
      setError(errorText(caught));
    }
  };

  const erase = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!data) return;
    setError(undefined);
    try {
      const answer = await api<{ erased: { leads: number; contactRequests: number; mails: number } }>("/person/loeschen", {
        method: "POST",
        body: { email: data.email, confirmation },
      });
      const { leads, contactRequests, mails } = answer.erased;
      setNotice(`Gelöscht: ${leads} Lead(s), ${contactRequests} Kontaktanfrage(n), ${mails} E-Mail(s) von ${data.email}.`);
      setData(undefined);
    } catch (caught) {
      setError(errorText(caught));
    }
  };

  return (
    <>
      <PageTitle>Person</PageTitle>
      <p className="mb-4 max-w-2xl text-bark-700">
        Für Auskunfts- und Löschanfragen: alles, was zu einer E-Mail-Adresse gespeichert ist – Leads, Einwilligungen,
        Kontaktanfragen und E-Mails.
      </p>
      <form onSubmit={search} className="mb-6 flex max-w-xl flex-col gap-2 sm:flex-row sm:items-end" role="search">
        <div className="flex-1">
          <label htmlFor="person-email" className={labelClass}>
            E-Mail-Adresse
          </label>
          <input
            id="person-email"
            type="email"
            required
            maxLength={255}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className={inputClass}
          />
        </div>
        <button type="submit" className={smallButton}>
          Anzeigen
        </button>
      </form>
      {error && <Alert>{error}</Alert>}
      {notice && <Alert kind="success">{notice}</Alert>}
      {data && !found && <Alert kind="info">Zu {data.email} ist nichts gespeichert.</Alert>}
      {data && found && (
        <>
          <p className="mb-4">
            <a
              className={smallButton}
              href={`/api/verwaltung/person?${new URLSearchParams({ email: data.email, download: "1" })}`}
              download
            >
              Auskunft als JSON herunterladen
            </a>
          </p>
          {SECTIONS.map((section) => (
            <Card key={section.key} className="mb-4">
              <h2 className="mb-2 text-lg font-bold">
                {section.title} ({data[section.key].length})
              </h2>
              {data[section.key].map((row, index) => (
                <dl key={index} className="mb-2 grid gap-x-4 rounded-lg bg-cream-100 p-3 text-sm sm:grid-cols-[12rem_1fr]">
                  {Object.entries(row).map(([key, value]) => (
                    <React.Fragment key={key}>
                      <dt className="font-semibold">{FIELD_LABELS[key] ?? key}</dt>
                      <dd className="break-words whitespace-pre-wrap">{show(value)}</dd>
                    </React.Fragment>
                  ))}
                </dl>
              ))}
            </Card>
          ))}
          <Card className="ring-2 ring-red-700">
            <h2 className="mb-2 text-lg font-bold text-red-900">Alles zu dieser Person löschen</h2>
            <p className="mb-3 text-sm">
              Löscht Leads, Einwilligungsnachweise, Kontaktanfragen und alle E-Mails im Postausgang zu {data.email}. Das lässt
              sich nicht rückgängig machen. Tippe die Adresse zur Bestätigung noch einmal ein.
            </p>
            <form onSubmit={erase} className="flex flex-col gap-2 sm:flex-row sm:items-end">
              <div className="flex-1">
                <label htmlFor="erase-confirmation" className={labelClass}>
                  Adresse zur Bestätigung
                </label>
                <input
                  id="erase-confirmation"
                  type="email"
                  autoComplete="off"
                  value={confirmation}
                  onChange={(event) => setConfirmation(event.target.value)}
                  className={inputClass}
                />
              </div>
              <button
                type="submit"
                className="min-h-11 rounded-full bg-red-800 px-4 font-semibold text-white disabled:opacity-60"
                disabled={confirmation.trim().toLowerCase() !== data.email.toLowerCase()}
              >
                Endgültig löschen
              </button>
            </form>
          </Card>
        </>
      )}
    </>
  );
}
