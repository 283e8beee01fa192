/**
 * Person: everything stored about one address (Art. 15 DSGVO) as a page and a JSON download; unsubscribing
 * after a withdrawal by message (Art. 7 Abs. 3: what the unsubscribe link does, the proof stays); erasure (Art. 17).
 */
import React, { useEffect, useRef, useState } from "react";
import { OWNER_API } from "../../../common/owner/api";
import { call, errorText, routeUrl } from "../api";
import { dateTime } from "../format";
import { Alert, Card, inputClass, labelClass, PageTitle, smallButton } from "../ui";
import { useConfirmedAction } from "../ConfirmLogin";

import {
  PERSON_FIELD_LABELS as FIELD_LABELS,
  PERSON_SECTIONS as SECTIONS,
  shownValue,
} from "../../../common/privacy/person-fields";
import type { PersonData } from "../../../common/owner/responses";
import { UNSUBSCRIBE_NOTE_MAX } from "../../../common/owner/limits";

function show(value: unknown): string {
  if (value === null || value === undefined) return "–";
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value)) return dateTime(value);
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

export function PersonPage() {
  const [erased, setErased] = useState<string>();
  const [email, setEmail] = useState("");
  const [data, setData] = useState<PersonData>();
  const [found, setFound] = useState(false);
  const [confirmation, setConfirmation] = useState("");
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  const load = async (address: string) => {
    const answer = await call(OWNER_API.person, { query: { email: address } });
    setData(answer.data);
    setFound(answer.found);
    setConfirmation("");
  };

  const search = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setNotice(undefined);
    setErased(undefined);
    try {
      await load(email.trim());
    } catch (caught) {
      setError(errorText(caught));
    }
  };

  const { confirmed, panel } = useConfirmedAction(setError);

  const erase = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!data) return;
    setError(undefined);
    await confirmed(async () => {
      const answer = await call(OWNER_API.erasePerson, { body: { email: data.email, confirmation } });
      const { leads, contactRequests, mails } = answer.erased;
      setNotice(
        `Gelöscht: ${count(leads, "Anmeldung", "Anmeldungen")}, ${count(contactRequests, "Kontaktanfrage", "Kontaktanfragen")}, ${count(mails, "E-Mail", "E-Mails")} von ${data.email}.`,
      );
      setErased(data.email);
      setData(undefined);
    });
  };

  const unsubscribe = async (note: string) => {
    if (!data) return;
    const address = data.email;
    setError(undefined);
    setNotice(undefined);
    await confirmed(async () => {
      const answer = await call(OWNER_API.unsubscribePerson, {
        body: { email: address, ...(note.trim() ? { note: note.trim() } : {}) },
      });
      setNotice(
        answer.already
          ? `${address} war schon abgemeldet.`
          : `${address} ist abgemeldet und bekommt keine E-Mails mehr von uns. Der Nachweis der Einwilligung bleibt gespeichert.`,
      );
      // The page shows the state as stored now: status, time of unsubscribing, the cancelled mails.
      await load(address).catch(() => undefined);
    });
  };

  const subscribed = data?.leads.some((lead) => lead.status === "confirmed" || lead.status === "pending") ?? false;

  return (
    <>
      <PageTitle>Person</PageTitle>
      <p className="mb-4 max-w-2xl text-bark-700">
        Für Auskunfts- und Löschanfragen: alles, was zu einer E-Mail-Adresse gespeichert ist – Anmeldungen, Einwilligungen,
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
      {panel}
      {error && <Alert>{error}</Alert>}
      {notice && <Alert kind="success">{notice}</Alert>}
      {erased && <EraseChecklist email={erased} />}
      {data && !found && <Alert kind="info">Zu {data.email} ist nichts gespeichert.</Alert>}
      {data && found && (
        <>
          <p className="mb-4">
            <a
              className={smallButton}
              href={routeUrl(OWNER_API.person, { query: { email: data.email, download: "1" } })}
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
                      <dd className="break-words whitespace-pre-wrap">{show(shownValue(section.key, key, value))}</dd>
                    </React.Fragment>
                  ))}
                </dl>
              ))}
            </Card>
          ))}
          {subscribed && <UnsubscribeCard email={data.email} onUnsubscribe={unsubscribe} />}
          <Card className="ring-2 ring-red-700">
            <h2 className="mb-2 text-lg font-bold text-red-900">Alles zu dieser Person löschen</h2>
            <p className="mb-3 text-sm">
              Löscht Anmeldungen, Einwilligungsnachweise, Kontaktanfragen, alle E-Mails im Postausgang und die Webhook-Protokolle
              zu {data.email}; ein per Webhook angebundenes Programm bekommt die Löschung mitgeteilt. Das lässt sich nicht
              rückgängig machen. Tippe die Adresse zur Bestätigung noch einmal ein.
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

/**
 * A withdrawal that came by message (the consent text offers „mit einer Nachricht an …“): the button opens
 * a confirmation with an optional note on how it came in, which the audit log keeps.
 */
function UnsubscribeCard({ email, onUnsubscribe }: { email: string; onUnsubscribe: (note: string) => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const noteField = useRef<HTMLInputElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) noteField.current?.focus();
    else if (wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onUnsubscribe(note);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="mb-4">
      <h2 className="mb-2 text-lg font-bold">Von unseren E-Mails abmelden</h2>
      <p className="mb-3 text-sm">
        Hat die Person ihre Einwilligung per E-Mail, Brief oder Telefon widerrufen, meldest du sie hier ab – genau so, als hätte
        sie den Abmeldelink geklickt.
      </p>
      {open ? (
        <div
          role="dialog"
          aria-labelledby="abmelden-titel"
          aria-describedby="abmelden-text"
          className="rounded-lg bg-cream-100 p-4"
        >
          <h3 id="abmelden-titel" className="mb-1 font-bold">
            {email} abmelden?
          </h3>
          <p id="abmelden-text" className="mb-3 text-sm">
            {email} bekommt danach keine E-Mails mehr von uns; noch geplante E-Mails werden abgesagt. Der Nachweis der
            Einwilligung bleibt gespeichert, und die Adresse steht auf der Sperrliste, bis sich die Person selbst neu anmeldet.
          </p>
          <form onSubmit={submit} onKeyDown={(event) => event.key === "Escape" && setOpen(false)}>
            <label htmlFor="abmelden-notiz" className={labelClass}>
              Wie kam der Widerruf? (optional)
            </label>
            <input
              id="abmelden-notiz"
              ref={noteField}
              type="text"
              maxLength={UNSUBSCRIBE_NOTE_MAX}
              autoComplete="off"
              placeholder="z.\u00a0B. per E-Mail am 26.11."
              aria-describedby="abmelden-notiz-hinweis"
              value={note}
              onChange={(event) => setNote(event.target.value)}
              className={inputClass}
            />
            <p id="abmelden-notiz-hinweis" className="mt-1 mb-3 text-sm text-bark-700">
              Kommt mit Uhrzeit und deiner Adresse ins Protokoll.
            </p>
            <div className="flex flex-wrap gap-2">
              <button type="submit" className="btn-primary" disabled={busy}>
                Ja, abmelden
              </button>
              <button type="button" className={smallButton} disabled={busy} onClick={() => setOpen(false)}>
                Abbrechen
              </button>
            </div>
          </form>
        </div>
      ) : (
        <button type="button" ref={opener} className={smallButton} onClick={() => setOpen(true)}>
          Person abmelden …
        </button>
      )}
    </Card>
  );
}

const count = (value: number, one: string, many: string) => `${value} ${value === 1 ? one : many}`;

/** What the erasure in this tool cannot reach (Art. 17 and 19 DSGVO): the owner's part, shown right after erasing. */
function EraseChecklist({ email }: { email: string }) {
  return (
    <section aria-labelledby="noch-zu-tun" className="mb-6 rounded-2xl bg-white p-5 shadow-sm ring-2 ring-ember-500">
      <h2 id="noch-zu-tun" className="mb-2 text-lg font-bold">
        Noch zu tun für {email}
      </h2>
      <ol className="list-decimal space-y-2 pl-5">
        <li>
          Lösch im E-Mail-Postfach alle E-Mails zu dieser Adresse: Benachrichtigungen, Erinnerungen, ihre E-Mails an dich oder
          dein Team und Antworten aus eurem E-Mail-Programm (auch im Ordner „Gesendet“).
        </li>
        <li>
          Hast du Anmeldungen als CSV in ein Newsletter-Programm importiert, lösch die Adresse auch dort – es sei denn, es ist per
          Webhook angebunden und hat die Löschung schon bekommen.
        </li>
        <li>
          Aus den Sicherungskopien verschwindet die Adresse erst, wenn sie ablaufen. Spielst du vorher eine Sicherung zurück,
          löscht die Wiederherstellung sie anhand der Abmelde- und Löschliste von selbst wieder; sie sagt dir, wen sie erneut
          gelöscht hat.
        </li>
        <li>Bestätige der Person die Löschung, spätestens einen Monat nach ihrer Anfrage (Art. 12 Abs. 3 DSGVO).</li>
      </ol>
    </section>
  );
}
