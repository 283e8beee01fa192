/** One contact request: the message, the answers so far, a reply box, "als beantwortet markieren", mailto. */
import React, { useState } from "react";
import { OWNER_SCREENS } from "../../../common/routes";
import { OWNER_API } from "../../../common/owner/api";
import { call, errorText } from "../api";
import { useLoad } from "../use-load";
import { Link, type ScreenProps } from "../router";
import { age, dateTime } from "../format";
import { Alert, Card, labelClass, Loading, PageTitle, smallButton } from "../ui";
import type { RequestDetail as Detail } from "../../../common/owner/responses";

const REPLY_MAX = 5000;

export function RequestPage({ params }: ScreenProps) {
  const id = params.id ?? "";
  const loaded = useLoad(OWNER_API.request, { params: { id } });
  const request = loaded.data;
  const [failed, setError] = useState<string>();
  const error = failed ?? loaded.error;
  const [notice, setNotice] = useState<string>();
  const [reply, setReply] = useState("");
  const [busy, setBusy] = useState(false);

  const act = async (action: () => Promise<Detail>, success: string) => {
    setBusy(true);
    setError(undefined);
    try {
      loaded.setData(await action());
      setNotice(success);
      setReply("");
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  };

  if (!request) return error ? <Alert>{error}</Alert> : <Loading />;
  const status = request.answeredAt
    ? `beantwortet ${dateTime(request.answeredAt)} von ${request.answeredBy ?? "–"}`
    : request.overdue
      ? "offen – überfällig"
      : "offen";
  return (
    <>
      <p className="mb-2">
        <Link to={OWNER_SCREENS.requests.path} className="font-semibold text-forest-800 underline">
          ← Alle Anfragen
        </Link>
      </p>
      <PageTitle>Anfrage von {request.name}</PageTitle>
      {error && <Alert>{error}</Alert>}
      {notice && <Alert kind="success">{notice}</Alert>}
      <Card className="mb-6">
        <dl className="mb-4 grid gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-semibold">E-Mail</dt>
            <dd className="break-all">{request.email}</dd>
          </div>
          <div>
            <dt className="font-semibold">Eingegangen</dt>
            <dd>
              {dateTime(request.submittedAt)} ({age(request.submittedAt)})
            </dd>
          </div>
          <div>
            <dt className="font-semibold">Status</dt>
            <dd
              className={request.overdue && !request.answeredAt ? "font-semibold text-red-800" : ""}
              data-testid="request-status"
            >
              {status}
            </dd>
          </div>
          <div>
            <dt className="font-semibold">Gesendet von</dt>
            <dd>{request.formPage}</dd>
          </div>
        </dl>
        <h2 className="mb-2 text-lg font-bold">Nachricht</h2>
        <p className="rounded-lg bg-cream-100 p-4 whitespace-pre-wrap">{request.message}</p>
      </Card>
      {request.replies.length > 0 && (
        <Card className="mb-6">
          <h2 className="mb-2 text-lg font-bold">Deine Antworten</h2>
          <ul className="space-y-4">
            {request.replies.map((answer) => (
              <li key={answer.createdAt}>
                <p className="text-sm text-bark-700">
                  {dateTime(answer.createdAt)} · {answer.owner}
                </p>
                <p className="whitespace-pre-wrap">{answer.text}</p>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <Card>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void act(
              () => call(OWNER_API.reply, { params: { id }, body: { text: reply } }),
              "Deine Antwort ist unterwegs. Die Anfrage ist als beantwortet markiert.",
            );
          }}
        >
          <label htmlFor="reply" className={labelClass}>
            Antwort an {request.name}
          </label>
          <p id="reply-hint" className="mb-1 text-sm text-bark-700">
            Geht von der Adresse der Website an {request.email} und erscheint dort im Verlauf der Eingangsbestätigung.
          </p>
          <textarea
            id="reply"
            rows={8}
            maxLength={REPLY_MAX}
            aria-describedby="reply-hint reply-count"
            value={reply}
            onChange={(event) => setReply(event.target.value)}
            className="mt-1 block w-full rounded-lg border border-bark-700/40 bg-white px-3 py-2 text-base"
          />
          <p id="reply-count" className="mt-1 text-right text-sm text-bark-700">
            {reply.length}/{REPLY_MAX} Zeichen
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <button type="submit" className="btn-primary" disabled={busy || reply.trim() === ""}>
              {busy ? "Wird gesendet …" : "Antwort senden"}
            </button>
            {!request.answeredAt && (
              <button
                type="button"
                className={smallButton}
                disabled={busy}
                onClick={() => void act(() => call(OWNER_API.markAnswered, { params: { id } }), "Als beantwortet markiert.")}
              >
                Als beantwortet markieren
              </button>
            )}
            <a
              className={smallButton}
              href={`mailto:${encodeURIComponent(request.email)}?subject=${encodeURIComponent("Re: Deine Nachricht an Urkraft")}`}
            >
              Im E-Mail-Programm antworten
            </a>
          </div>
        </form>
      </Card>
    </>
  );
}
