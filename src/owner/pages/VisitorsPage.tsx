/**
 * Besucher: views, visits by source and the sign-ups they brought, over 30 or 90 days, counted by the
 * server without cookies (server/analytics); top pages, sources and campaigns with their conversion
 * rates, and the CSV export.
 */
import React, { useState } from "react";
import { routeUrl } from "../api";
import { useLoad } from "../use-load";
import { OWNER_API } from "../../../common/owner/api";
import { VisitsChart } from "../Chart";
import { shortDate } from "../format";
import { Alert, Card, FilterButtons, Loading, PageTitle } from "../ui";
import { KEPT_AFTER_DAYS, MAX_SOURCES_PER_DAY, rate, STATS_PERIODS, type FunnelRow } from "../../../common/visit-stats";
import { OTHER_MEDIUM, UTM_MEDIUMS } from "../../../common/visit-source";

type Period = `${(typeof STATS_PERIODS)[number]}`;
const PERIODS = STATS_PERIODS.map((days) => ({ value: String(days) as Period, label: `${days} Tage` }));
const TOP = 25;

const DEVICE_LABELS: Record<string, string> = { mobil: "Handy", tablet: "Tablet", desktop: "Computer" };
const SOURCE_LABELS: Record<string, string> = {
  direkt: "direkt (ohne Verweis)",
  andere: "andere",
  unbekannt: "unbekannt (ohne JavaScript gesendet)",
};

function kept(row: FunnelRow): string {
  return row.confirmedLongAgo > 0 ? `${row.stillSubscribed} von ${row.confirmedLongAgo}` : "–";
}

function FunnelCells({ row }: { row: FunnelRow }) {
  return (
    <>
      <td className="py-1 pr-3 text-right tabular-nums">{row.views}</td>
      <td className="py-1 pr-3 text-right tabular-nums">{row.leads}</td>
      <td className="py-1 pr-3 text-right tabular-nums">{rate(row.leads, row.views)}</td>
      <td className="py-1 pr-3 text-right tabular-nums">{row.confirmed}</td>
      <td className="py-1 pr-3 text-right tabular-nums">{kept(row)}</td>
      <td className="py-1 text-right tabular-nums">{row.contacts}</td>
    </>
  );
}

/** A funnel per page or source: the columns that name the row, then the figures. */
function FunnelTable({
  caption,
  views,
  first,
  children,
}: {
  caption: string;
  views: string;
  first: string[];
  children: React.ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <FunnelHead
          views={views}
          first={first.map((title) => (
            <th key={title} scope="col" className="py-1 pr-3">
              {title}
            </th>
          ))}
        />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function FunnelHead({ first, views }: { first: React.ReactNode; views: string }) {
  return (
    <thead>
      <tr className="border-b border-bark-200 text-left">
        {first}
        <th scope="col" className="py-1 pr-3 text-right">
          {views}
        </th>
        <th scope="col" className="py-1 pr-3 text-right">
          Anmeldungen
        </th>
        <th scope="col" className="py-1 pr-3 text-right">
          Anmelderate
        </th>
        <th scope="col" className="py-1 pr-3 text-right">
          Bestätigt
        </th>
        <th scope="col" className="py-1 pr-3 text-right">
          nach {KEPT_AFTER_DAYS} Tagen noch dabei
        </th>
        <th scope="col" className="py-1 text-right">
          Anfragen
        </th>
      </tr>
    </thead>
  );
}

export function VisitorsPage() {
  const [period, setPeriod] = useState<Period>(PERIODS[0]!.value);
  const { data: stats, error } = useLoad(OWNER_API.visits, { query: { tage: period } });

  const total = (key: "views" | "visits" | "leads" | "confirmed" | "contacts") =>
    stats ? stats.perDay.reduce((sum, day) => sum + day[key], 0) : 0;
  const allViews = stats ? stats.devices.reduce((sum, device) => sum + device.views, 0) : 0;
  const campaigns = stats ? stats.sources.filter((row) => row.campaign !== "") : [];
  const nothingCounted = total("views") === 0 && total("leads") === 0 && total("contacts") === 0;

  return (
    <>
      <PageTitle>Besucher</PageTitle>
      <p className="mb-4 max-w-prose text-bark-700">
        Gezählt vom Server, ohne Cookies und ohne Zählskript: Aufrufe je Seite und Tag, woher ein Besuch kam (die Website, die
        verlinkt hat, oder utm_source, utm_medium, utm_campaign im Link) und die Geräteart. Als utm_medium zählt nur einer der
        üblichen Werte ({UTM_MEDIUMS.join(", ")}), jeder andere als „{OTHER_MEDIUM}“. Ein <strong>Besuch</strong> ist ein Aufruf,
        der von außen kam. Bots, Vorabladen und die Verwaltung zählen nicht; die Zahlen kommen bis zu einer Minute verzögert an.
        Anmeldungen werden über die Quelle zugeordnet, die mit ihnen gespeichert ist (die Datenschutzerklärung nennt die Frist);
        Anfragen zählen nur als Summen je Quelle.
      </p>
      <FilterButtons legend="Zeitraum" options={PERIODS} value={period} onChange={setPeriod} className="mb-4" />
      {error && <Alert>{error}</Alert>}
      {!stats && !error && <Loading />}
      {stats && (
        <>
          {!stats.counting && (
            <Alert kind="info">Die Zählung ist beim Betrieb der Website ausgeschaltet: Es kommen keine neuen Zahlen dazu.</Alert>
          )}
          <Card>
            <h2 className="mb-2 text-xl font-bold">
              {shortDate(stats.from)} bis {shortDate(stats.to)}
            </h2>
            {nothingCounted ? (
              <p className="text-bark-700">
                In diesem Zeitraum wurde noch nichts gezählt. Sobald jemand eine Seite aufruft, erscheinen die Zahlen hier –
                spätestens eine Minute später.
              </p>
            ) : (
              <>
                <p className="mb-4 text-bark-700">
                  {total("views")} Aufrufe, {total("visits")} Besuche, {total("leads")} Anmeldungen
                  {total("visits") > 0 ? ` (${rate(total("leads"), total("visits"))} der Besuche)` : ""}, {total("confirmed")}{" "}
                  bestätigt, {total("contacts")} Kontaktanfragen.
                </p>
                <VisitsChart days={stats.perDay} />
              </>
            )}
          </Card>

          {!nothingCounted && (
            <>
              <Card className="mt-6">
                <h2 className="mb-2 text-xl font-bold">Seiten</h2>
                <p className="mb-3 text-sm text-bark-700">
                  Anmelderate: Anmeldungen, die von der Seite aus gesendet wurden, je Aufruf der Seite. „andere“ fasst unbekannte
                  Adressen zusammen. „Innerhalb der Website geladen“ zählt Seiten, die über einen Link der Website geöffnet wurden
                  – einmal, wenn die Seite erscheint. Wer mit „Zurück“ zu einer schon gezeigten Seite geht oder sie im selben Tab
                  noch einmal öffnet, wird dabei nicht erneut gezählt.
                </p>
                <FunnelTable caption="Die meistbesuchten Seiten mit ihren Anmeldungen" views="Aufrufe" first={["Seite"]}>
                  {stats.routes.slice(0, TOP).map((row) => (
                    <tr key={row.route} className="border-b border-bark-100">
                      <th scope="row" className="py-1 pr-3 text-left font-normal">
                        {row.route}
                        {row.inSite > 0 && (
                          <span className="block text-bark-700">davon {row.inSite} innerhalb der Website geladen</span>
                        )}
                      </th>
                      <FunnelCells row={row} />
                    </tr>
                  ))}
                </FunnelTable>
              </Card>

              <Card className="mt-6">
                <h2 className="mb-2 text-xl font-bold">Quellen</h2>
                <p className="mb-3 text-sm text-bark-700">
                  Woher die Besuche kamen und wie viele davon sich angemeldet haben. Ab {MAX_SOURCES_PER_DAY} verschiedenen
                  Quellen an einem Tag zählen weitere als „andere“.
                </p>
                <FunnelTable caption="Die häufigsten Quellen mit ihren Anmeldungen" views="Besuche" first={["Quelle", "Medium"]}>
                  {stats.sources.slice(0, TOP).map((row) => (
                    <tr key={`${row.source}|${row.medium}|${row.campaign}`} className="border-b border-bark-100">
                      <th scope="row" className="py-1 pr-3 text-left font-normal break-all">
                        {SOURCE_LABELS[row.source] ?? row.source}
                        {row.campaign && <span className="block text-bark-700">Kampagne: {row.campaign}</span>}
                      </th>
                      <td className="py-1 pr-3">{row.medium || "–"}</td>
                      <FunnelCells row={row} />
                    </tr>
                  ))}
                </FunnelTable>
              </Card>

              {campaigns.length > 0 && (
                <Card className="mt-6">
                  <h2 className="mb-2 text-xl font-bold">Kampagnen</h2>
                  <ul className="grid gap-1 text-sm">
                    {campaigns.slice(0, TOP).map((row) => (
                      <li key={`${row.source}|${row.medium}|${row.campaign}`}>
                        <strong className="break-all">{row.campaign}</strong> ({row.source}
                        {row.medium && `, ${row.medium}`}): {row.views} Besuche, {row.leads} Anmeldungen, Anmelderate{" "}
                        {rate(row.leads, row.views)}
                      </li>
                    ))}
                  </ul>
                </Card>
              )}

              <Card className="mt-6">
                <h2 className="mb-2 text-xl font-bold">Geräte</h2>
                <ul className="grid gap-1 text-sm">
                  {stats.devices.map((device) => (
                    <li key={device.device}>
                      {DEVICE_LABELS[device.device] ?? device.device}: {device.views} Aufrufe ({rate(device.views, allViews)})
                    </li>
                  ))}
                </ul>
              </Card>

              <Card className="mt-6">
                <h2 className="mb-2 text-xl font-bold">Export</h2>
                <p className="mb-3 text-sm text-bark-700">
                  Alle Seiten und Quellen dieses Zeitraums als CSV (für Excel: Semikolon, UTF-8).
                </p>
                <a className="btn-primary" href={routeUrl(OWNER_API.visitsExport, { query: { tage: period } })} download>
                  Besucherzahlen als CSV herunterladen
                </a>
              </Card>
            </>
          )}
        </>
      )}
    </>
  );
}
