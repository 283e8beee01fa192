/**
 * Newsletters: write one (subject, preheader, Markdown), preview it as recipients get it (HTML at 375 and
 * 1280 px, plain text), send a test to yourself, send now or schedule in Europe/Berlin, cancel a scheduled
 * one, and the list with status and figures counted from the outbox.
 */
import React, { useState } from "react";
import { call, errorText } from "../api";
import { useLoad } from "../use-load";
import { OWNER_API } from "../../../common/owner/api";
import { dateTime } from "../format";
import { Alert, Card, inputClass, labelClass, Loading, PageTitle, smallButton, DataTable } from "../ui";
import { useConfirmedAction } from "../ConfirmLogin";
import { RECENT_LOGIN_MINUTES } from "../../../common/owner/limits";
import type { NewsletterFigures } from "../../../common/newsletter-figures";
import { numberWord } from "../../../common/content/placeholders";
import type { NewsletterTextBody } from "../../../common/owner/schemas";
import type { NewsletterPreview as Preview, NewsletterSummary as Newsletter } from "../../../common/owner/responses";

const FIGURE_TITLES: [keyof NewsletterFigures, string][] = [
  ["recipients", "Empfänger"],
  ["sent", "gesendet"],
  ["waiting", "wartend"],
  ["failed", "fehlgeschlagen"],
  ["undeliverable", "unzustellbar"],
  ["cancelled", "abgebrochen"],
  ["unsubscribed", "abgemeldet"],
];

const BODY_HINT =
  "Leerzeile = neuer Absatz, „## “ = Zwischenüberschrift, „- “ = Aufzählung, **fett**, [Linktext](https://…). {{name}} wird zum Namen der Person. Sicherheitshinweis, Abmeldelink und Impressum kommen von selbst darunter.";

export function NewsletterPage() {
  const loaded = useLoad(OWNER_API.newsletters);
  const list = loaded.data;
  const load = loaded.reload;
  const [subject, setSubject] = useState("");
  const [preheader, setPreheader] = useState("");
  const [body, setBody] = useState("");
  const [at, setAt] = useState("");
  const [preview, setPreview] = useState<Preview>();
  const [failed, setError] = useState<string>();
  const error = failed ?? loaded.error;
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<string | undefined>) => {
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      const message = await work();
      if (message) setNotice(message);
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  };
  const text: NewsletterTextBody = { subject, preheader, body };

  const showPreview = () =>
    run(async () => {
      setPreview(await call(OWNER_API.newsletterPreview, { body: text }));
      return undefined;
    });
  const sendTest = () =>
    run(async () => {
      const { sentTo } = await call(OWNER_API.newsletterTest, { body: text });
      return `Der Test ist unterwegs an ${sentTo}.`;
    });
  // Sending needs a recent login: when the server asks for it, the panel confirms it and sends again.
  const { confirmed, panel } = useConfirmedAction(setError);
  const send = (when: "now" | "later") =>
    confirmed(async () => {
      setBusy(true);
      setError(undefined);
      setNotice(undefined);
      try {
        // The answer names the newsletter just saved, which only a deletion in between could take away.
        const newsletter = (await call(OWNER_API.saveNewsletter, { body: { ...text, send: when, at: at.replace("T", " ") } }))
          .newsletter!;
        setSubject("");
        setPreheader("");
        setBody("");
        setPreview(undefined);
        await load();
        setNotice(
          when === "now"
            ? `„${newsletter.subject}“ wird jetzt gesendet. Alle Inhaber bekommen dazu eine E-Mail.`
            : `„${newsletter.subject}“ ist geplant für ${dateTime(newsletter.sendAt)}. Alle Inhaber bekommen dazu eine E-Mail.`,
        );
      } finally {
        setBusy(false);
      }
    });
  const cancel = (newsletter: Newsletter) =>
    run(async () => {
      await call(OWNER_API.cancelNewsletter, { params: { id: String(newsletter.id) } });
      await load();
      return `„${newsletter.subject}“ ist abgesagt.`;
    });

  return (
    <>
      <PageTitle>Newsletter</PageTitle>
      {error && <Alert>{error}</Alert>}
      {notice && <Alert kind="success">{notice}</Alert>}
      <Card className="mb-6">
        <h2 className="mb-1 text-lg font-bold">Neuer Newsletter</h2>
        <p className="mb-4 text-bark-700">
          Geht an alle, die bestätigt haben, nicht abgemeldet sind und deren 7-Tage-Plan vorbei ist
          {list ? ` – höchstens ${numberWord(list.perMonth)} im Kalendermonat, wie es die Einwilligung verspricht` : ""}.
        </p>
        <Alert kind="info">
          <p className="mb-2 font-semibold">Was die Einwilligung erlaubt</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>
              Erlaubt sind nur neue Rezepte, Bewegungstipps und Neuigkeiten zum Urkraft-Programm – so steht es in der
              Einwilligung.
            </li>
            <li>
              Nicht erlaubt: Angebote für Getränke oder andere Produkte und Aussagen darüber, was ein Lebensmittel oder ein Drink
              für Gesundheit, Energie oder Leistung tut. Kraft und Wohlbefinden kommen in unseren Texten aus Gewohnheiten.
            </li>
            <li>
              Unter jeden Newsletter setzt die Website selbst den Sicherheitshinweis („Ergebnisse sind individuell verschieden …“)
              und den Abmeldelink.
            </li>
          </ul>
        </Alert>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void showPreview();
          }}
        >
          <label htmlFor="nl-subject" className={labelClass}>
            Betreff
          </label>
          <input
            id="nl-subject"
            className={inputClass}
            maxLength={200}
            required
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
          />
          <label htmlFor="nl-preheader" className={`${labelClass} mt-4`}>
            Vorschauzeile (optional)
          </label>
          <p id="nl-preheader-hint" className="text-sm text-bark-700">
            Zeigen viele Mailprogramme in der Liste neben dem Betreff.
          </p>
          <input
            id="nl-preheader"
            className={inputClass}
            maxLength={200}
            aria-describedby="nl-preheader-hint"
            value={preheader}
            onChange={(e) => setPreheader(e.target.value)}
          />
          <label htmlFor="nl-body" className={`${labelClass} mt-4`}>
            Text
          </label>
          <p id="nl-body-hint" className="text-sm text-bark-700">
            {BODY_HINT}
          </p>
          <textarea
            id="nl-body"
            rows={14}
            required
            aria-describedby="nl-body-hint"
            className={`${inputClass} font-mono`}
            value={body}
            onChange={(e) => setBody(e.target.value)}
          />
          <div className="mt-4 flex flex-wrap gap-3">
            <button type="submit" className="btn-primary" disabled={busy}>
              Vorschau zeigen
            </button>
            <button type="button" className={smallButton} disabled={busy} onClick={() => void sendTest()}>
              Test an mich senden
            </button>
          </div>
        </form>
        {preview && (
          <section aria-labelledby="nl-preview" className="mt-6">
            <h3 id="nl-preview" className="mb-2 font-bold">
              Vorschau: „{preview.subject}“
            </h3>
            <div className="flex flex-wrap items-start gap-4 overflow-x-auto">
              <iframe
                title="Vorschau als HTML, 375 Pixel breit"
                sandbox=""
                srcDoc={preview.html}
                width={375}
                height={640}
                className="rounded ring-1 ring-cream-200"
              />
              <iframe
                title="Vorschau als HTML, 1280 Pixel breit"
                sandbox=""
                srcDoc={preview.html}
                width={1280}
                height={640}
                className="rounded ring-1 ring-cream-200"
              />
            </div>
            <h4 className="mt-4 mb-1 font-semibold">Als reiner Text, wie ihn Empfänger bekommen</h4>
            <pre className="max-h-96 overflow-auto rounded bg-cream-100 p-3 text-sm whitespace-pre-wrap">{preview.text}</pre>
            <p className="mt-4 text-sm text-bark-700">
              Senden und Planen gehen an alle mit bestätigter Anmeldung: Dafür bestätigst du, dass du es bist (Passkey oder neuer
              Link), falls du dich vor mehr als {RECENT_LOGIN_MINUTES}
              {"\u00a0"}Minuten angemeldet hast, und alle Inhaber bekommen eine E-Mail darüber.
            </p>
            <div className="mt-2">{panel}</div>
            <div className="mt-4 flex flex-wrap items-end gap-3">
              <button type="button" className="btn-primary" disabled={busy} onClick={() => void send("now")}>
                Jetzt an alle senden
              </button>
              <div>
                <label htmlFor="nl-at" className={labelClass}>
                  Oder planen (Zeit in Deutschland)
                </label>
                <input
                  id="nl-at"
                  type="datetime-local"
                  className={inputClass}
                  value={at}
                  onChange={(e) => setAt(e.target.value)}
                />
              </div>
              <button type="button" className={smallButton} disabled={busy || !at} onClick={() => void send("later")}>
                Planen
              </button>
            </div>
          </section>
        )}
      </Card>
      <Card>
        <h2 className="mb-3 text-lg font-bold">Alle Newsletter</h2>
        {!list ? (
          <Loading />
        ) : list.newsletters.length === 0 ? (
          <p className="text-bark-700">Noch keiner.</p>
        ) : (
          <DataTable
            framed={false}
            caption="Newsletter mit Status und Zahlen aus dem Postausgang, neueste zuerst"
            columns={["Betreff", "Status", "Versand", ...FIGURE_TITLES.map(([, title]) => title), ""]}
          >
            {list.newsletters.map((newsletter) => (
              <tr key={newsletter.id} className="border-t border-cream-200">
                <th scope="row" className="px-3 py-2 font-semibold">
                  {newsletter.subject}
                </th>
                <td className="px-3 py-2">{newsletter.statusLabel}</td>
                <td className="px-3 py-2">{dateTime(newsletter.sendAt)}</td>
                {FIGURE_TITLES.map(([key]) => (
                  <td key={key} className="px-3 py-2 text-right tabular-nums">
                    {newsletter.figures[key]}
                  </td>
                ))}
                <td className="px-3 py-2">
                  {newsletter.status === "scheduled" && (
                    <button type="button" className={smallButton} disabled={busy} onClick={() => void cancel(newsletter)}>
                      Absagen<span className="sr-only">: {newsletter.subject}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </Card>
    </>
  );
}
