/**
 * Anfragen: newest first, filter open/answered/all, search by name or e-mail, more on demand; „Spam“ shows
 * apart what looks automated, and erases it all at once.
 */
import React, { useState } from "react";
import { Link } from "../router";
import { call, errorText } from "../api";
import { useLoad } from "../use-load";
import { age, dateTime } from "../format";
import { Alert, Card, FilterButtons, inputClass, Loading, PageTitle, smallButton } from "../ui";
import { OWNER_API } from "../../../common/owner/api";
import { ownerRequestPath } from "../../../common/routes";
import { SPAM_KEPT_DAYS } from "../../../common/constants";

const FILTERS = [
  { value: "offen", label: "Offen" },
  { value: "beantwortet", label: "Beantwortet" },
  { value: "alle", label: "Alle" },
  { value: "spam", label: "Spam" },
] as const;

export function RequestsPage() {
  const [filter, setFilter] = useState<(typeof FILTERS)[number]["value"]>("offen");
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  const chosen = { filter, q: query || undefined };
  const page = useLoad(OWNER_API.requests, { query: chosen });
  const requests = page.data?.requests;
  const next = page.data?.next;
  const [failed, setError] = useState<string>();
  const error = failed ?? page.error;
  const older = (before: string) =>
    page.more({ query: { ...chosen, vor: before } }, (shown, more) => ({
      ...more,
      requests: [...shown.requests, ...more.requests],
    }));

  const [erased, setErased] = useState<string>();
  const eraseSpam = async () => {
    if (
      !window.confirm(
        "Alle Anfragen unter „Spam“ und alle unbestätigten Anmeldungen, die automatisch aussehen, endgültig löschen?",
      )
    )
      return;
    setError(undefined);
    try {
      const result = await call(OWNER_API.eraseSpam);
      setErased(`Gelöscht: ${result.requests} Anfragen und ${result.leads} unbestätigte Anmeldungen.`);
      page.setData(undefined);
      await page.reload();
    } catch (caught) {
      setError(errorText(caught));
    }
  };

  return (
    <>
      <PageTitle>Anfragen</PageTitle>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <FilterButtons legend="Filter" options={FILTERS} value={filter} onChange={setFilter} />
        <form
          role="search"
          className="flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setQuery(search.trim());
          }}
        >
          <label htmlFor="request-search" className="sr-only">
            Nach Name oder E-Mail suchen
          </label>
          <input
            id="request-search"
            type="search"
            maxLength={100}
            placeholder="Name oder E-Mail"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className={`${inputClass} mt-0`}
          />
          <button type="submit" className={smallButton}>
            Suchen
          </button>
        </form>
      </div>
      {error && <Alert>{error}</Alert>}
      {filter === "spam" && (
        <Card className="mb-4">
          <p className="mb-3 text-bark-700">
            Hier stehen Anfragen, die automatisch aussehen – etwa ohne Aufruf einer Seite abgeschickt. Sie zählen in keiner Zahl
            und lösen keine Erinnerung aus, und wir geben sie nicht weiter. Nach {SPAM_KEPT_DAYS} Tagen löschen wir sie
            automatisch. Schau kurz drüber, ob doch ein Mensch dabei ist, und lösch dann alle auf einmal.
          </p>
          {erased && <Alert kind="success">{erased}</Alert>}
          <button type="button" className={smallButton} onClick={() => void eraseSpam()}>
            Allen Spam löschen
          </button>
        </Card>
      )}
      {!requests ? (
        <Loading />
      ) : requests.length === 0 ? (
        <Card>
          <p>{filter === "offen" ? "Keine offenen Anfragen. Alles beantwortet!" : "Keine Anfragen gefunden."}</p>
        </Card>
      ) : (
        <ul className="divide-y divide-cream-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-cream-200">
          {requests.map((request) => (
            <li key={request.id}>
              <Link
                to={ownerRequestPath(request.id)}
                className="flex flex-col gap-1 px-4 py-3 hover:bg-cream-50 sm:flex-row sm:items-center sm:justify-between"
              >
                <span>
                  <span className="block font-semibold text-forest-900">{request.name}</span>
                  <span className="block text-sm break-all text-bark-700">{request.email}</span>
                </span>
                <span className="flex items-center gap-2 text-sm">
                  <time dateTime={request.submittedAt} title={dateTime(request.submittedAt)}>
                    {age(request.submittedAt)}
                  </time>
                  {request.spam ? (
                    <span className="rounded-full bg-cream-200 px-2 py-0.5 font-semibold text-bark-900" title={request.spam}>
                      Spam
                    </span>
                  ) : request.answeredAt ? (
                    <span className="rounded-full bg-forest-50 px-2 py-0.5 font-semibold text-forest-800">beantwortet</span>
                  ) : request.overdue ? (
                    <span className="rounded-full bg-red-700 px-2 py-0.5 font-semibold text-white">überfällig</span>
                  ) : (
                    <span className="rounded-full bg-cream-200 px-2 py-0.5 font-semibold text-bark-900">offen</span>
                  )}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {next && (
        <button type="button" className={`${smallButton} mt-4`} onClick={() => void older(next)}>
          Ältere laden
        </button>
      )}
    </>
  );
}
