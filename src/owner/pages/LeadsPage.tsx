/** Sign-ups (leads): status, dates and the full proof of consent of each; the CSV list of confirmed leads for the owner's records. */
import React, { useState } from "react";
import { OWNER_API } from "../../../common/owner/api";
import { routeUrl } from "../api";
import { useLoad } from "../use-load";
import { dateTime } from "../format";
import { Alert, Card, FilterButtons, Loading, PageTitle, smallButton } from "../ui";
import { requireRecentLogin, useConfirmedAction } from "../ConfirmLogin";
import { numberWord } from "../../../common/content/placeholders";
import { SPAM_KEPT_DAYS } from "../../../common/constants";

const STATUS = { pending: "unbestätigt", confirmed: "bestätigt", unsubscribed: "abgemeldet" } as const;
const FILTERS = [
  { value: "alle", label: "Alle" },
  { value: "confirmed", label: "Bestätigt" },
  { value: "pending", label: "Unbestätigt" },
  { value: "unsubscribed", label: "Abgemeldet" },
] as const;

const EXPORT_URL = routeUrl(OWNER_API.leadsExport);

export function LeadsPage() {
  const [filter, setFilter] = useState<(typeof FILTERS)[number]["value"]>("alle");
  const [error, setError] = useState<string>();
  const { confirmed, panel } = useConfirmedAction(setError);
  // The consent's monthly limit, from the server that keeps it (content/site.json), never written here.
  const perMonth = useLoad(OWNER_API.newsletters).data?.perMonth;

  // The export needs a recent login; the download itself cannot show a refusal, so it is asked first.
  const exportCsv = () =>
    confirmed(async () => {
      setError(undefined);
      await requireRecentLogin();
      window.location.assign(EXPORT_URL);
    });

  // Reading the confirmed leads page by page gives what the export gives: the same confirmation of the login.
  // An answer for a filter chosen before the last one (still on its way when the owner clicked) is dropped
  // (useLoad), or a slow first page of „Alle“ would fill the list under „Bestätigt“ without the confirmation.
  const list = useConfirmedAction(setError);
  const page = useLoad(OWNER_API.leads, { query: { status: filter } }, { via: list.confirmed });
  const leads = page.data?.leads;
  const next = page.data?.next;
  const more = (before: number) =>
    page.more({ query: { status: filter, vor: String(before) } }, (shown, more) => ({
      ...more,
      leads: [...shown.leads, ...more.leads],
    }));

  return (
    <>
      <PageTitle>Anmeldungen</PageTitle>
      <Card className="mb-6">
        <h2 className="mb-2 text-lg font-bold">Bestätigte Anmeldungen als Liste</h2>
        <p className="mb-3 text-bark-700">
          Alle bestätigten Anmeldungen als CSV (UTF-8, Komma, Kopfzeile) für deine eigenen Unterlagen, mit Zeitpunkt und Seite der
          Einwilligung. Abgemeldete und unbestätigte Adressen sind nicht dabei. Newsletter verschickst du unter „Newsletter“ von
          dieser Website aus: Nur dann gelten Abmeldungen, Löschungen und die Grenze der Einwilligung
          {perMonth === undefined ? "" : ` (höchstens ${numberWord(perMonth)} im Monat)`} sofort.
        </p>
        <Alert kind="info">
          <p className="mb-2 font-semibold">Falls du die Liste trotzdem in ein anderes Versandprogramm importierst:</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>
              Abmeldungen und Löschungen hier erreichen das andere Programm nicht von selbst. Trag sie dort vor jedem Versand nach
              – oder binde es per Webhook an (Ereignisse „lead.unsubscribed“ und „person.erased“).
            </li>
            <li>
              Schalte dort das Zählen von Öffnungen und Klicks ab: Die Datenschutzerklärung verspricht, dass es das nicht gibt.
            </li>
            <li>
              Die Datenschutzerklärung nennt kein anderes Versandprogramm. Bevor du eines nutzt, muss sie es nennen (mit Land und
              Garantie, wenn es Daten außerhalb der EU verarbeitet) und sagen, wie Abmeldungen und Löschungen dorthin kommen.
            </li>
          </ul>
        </Alert>
        {panel}
        <button type="button" className="btn-primary" onClick={() => void exportCsv()}>
          Bestätigte Anmeldungen als CSV herunterladen
        </button>
      </Card>
      <FilterButtons legend="Status" options={FILTERS} value={filter} onChange={setFilter} className="mb-4" />
      {error && <Alert>{error}</Alert>}
      {list.panel}
      {list.panel && !leads ? (
        <Card>
          <p>
            Die bestätigten Anmeldungen zeigen wir dir, sobald du bestätigt hast, dass du es bist – wie beim Herunterladen der
            Liste.
          </p>
        </Card>
      ) : !leads ? (
        <Loading />
      ) : leads.length === 0 ? (
        <Card>
          <p>Keine Anmeldungen in dieser Ansicht.</p>
        </Card>
      ) : (
        <ul className="space-y-3">
          {leads.map((lead) => (
            <li key={lead.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-cream-200">
              <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between">
                <span>
                  <span className="block font-semibold text-forest-900">{lead.name ?? "(nur Sperrvermerk)"}</span>
                  <span className="block text-sm break-all text-bark-700">{lead.email}</span>
                </span>
                <span className="text-sm font-semibold">
                  {STATUS[lead.status]}
                  {lead.spam && (
                    <span className="block text-bark-700" title={lead.spam}>
                      sieht automatisch aus (Spam, zählt nicht mit; löschen unter „Anfragen“ › „Spam“, sonst nach {SPAM_KEPT_DAYS}{" "}
                      Tagen von selbst)
                    </span>
                  )}
                  {lead.undeliverableAt && (
                    <span className="block text-red-800">unzustellbar seit {dateTime(lead.undeliverableAt)}</span>
                  )}
                </span>
              </div>
              <details className="mt-2 text-sm">
                <summary className="cursor-pointer font-semibold text-forest-800">Einwilligungsnachweis</summary>
                {lead.consents.length === 0 ? (
                  <p className="mt-2">
                    Kein Nachweis mehr gespeichert (Aufbewahrungsfrist abgelaufen); die Adresse bleibt gesperrt.
                  </p>
                ) : (
                  lead.consents.map((proof, index) => (
                    <dl key={index} className="mt-2 grid gap-x-4 gap-y-1 rounded-lg bg-cream-100 p-3 sm:grid-cols-2">
                      <dt className="font-semibold">Angemeldet</dt>
                      <dd>{dateTime(proof.submittedAt)}</dd>
                      <dt className="font-semibold">Formularseite</dt>
                      <dd>{proof.formPage}</dd>
                      <dt className="font-semibold">Bestätigt</dt>
                      <dd>{dateTime(proof.confirmedAt)}</dd>
                      <dt className="font-semibold">Abgemeldet</dt>
                      <dd>{dateTime(proof.unsubscribedAt)}</dd>
                      <dt className="font-semibold">Einwilligungstext</dt>
                      <dd>Fassung {proof.consentTextVersion}</dd>
                      <dt className="font-semibold">Datenschutzerklärung</dt>
                      <dd>Fassung {proof.privacyVersion}</dd>
                    </dl>
                  ))
                )}
              </details>
            </li>
          ))}
        </ul>
      )}
      {next && (
        <button type="button" className={`${smallButton} mt-4`} onClick={() => void more(next)}>
          Weitere laden
        </button>
      )}
    </>
  );
}
