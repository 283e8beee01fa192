/** Übersicht: what needs answering, how the sign-ups go, and 30 days of activity. */
import React from "react";
import { Link } from "../router";
import { OWNER_SCREENS } from "../../../common/routes";
import { OWNER_API } from "../../../common/owner/api";
import { useLoad } from "../use-load";
import { ActivityChart, VisitsChart } from "../Chart";
import { rate, type VisitStats } from "../../../common/visit-stats";
import { age, percent } from "../format";
import { Alert, Card, Loading, PageTitle } from "../ui";

function Figure({ label, value, tone = "normal" }: { label: string; value: React.ReactNode; tone?: "normal" | "alarm" }) {
  return (
    <div className={`min-w-0 rounded-xl p-4 ${tone === "alarm" ? "bg-red-50 ring-2 ring-red-700" : "bg-cream-100"}`}>
      <dt className="hyphens-auto break-words text-sm font-semibold text-bark-700">{label}</dt>
      <dd className={`mt-1 text-3xl font-bold ${tone === "alarm" ? "text-red-800" : "text-forest-900"}`}>{value}</dd>
    </div>
  );
}

export function OverviewPage() {
  const { data, error } = useLoad(OWNER_API.overview);
  // The visit figures are an extra: the overview shows without them when they cannot be read.
  const visits = useLoad(OWNER_API.visits, { query: { tage: "30" } }).data;
  if (error) return <Alert>{error}</Alert>;
  if (!data) return <Loading />;
  const overdue = data.overdueRequests > 0;
  return (
    <>
      <PageTitle>Übersicht</PageTitle>
      {overdue ? (
        <Alert>
          <strong>
            {data.overdueRequests === 1 ? "Eine Anfrage wartet" : `${data.overdueRequests} Anfragen warten`} länger als{" "}
            {data.replyWithinHours} Stunden auf Antwort.
          </strong>{" "}
          <Link to={OWNER_SCREENS.requests.path} className="underline">
            Jetzt beantworten
          </Link>
        </Alert>
      ) : (
        <Alert kind="success">
          Alle Anfragen sind innerhalb von {data.replyWithinHours} Stunden beantwortet oder noch im Zeitplan.
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="mb-4 text-xl font-bold">Kontaktanfragen</h2>
          <dl className="grid grid-cols-2 gap-3">
            <Figure label="Offen" value={data.openRequests} />
            <Figure
              label={`Überfällig (über ${data.replyWithinHours} Std.)`}
              value={data.overdueRequests}
              tone={overdue ? "alarm" : "normal"}
            />
          </dl>
          {data.oldestOpenAt && <p className="mt-3 text-sm text-bark-700">Älteste offene Anfrage: {age(data.oldestOpenAt)}</p>}
        </Card>
        <Card>
          <h2 className="mb-4 text-xl font-bold">Anmeldungen</h2>
          <dl className="grid grid-cols-2 gap-3">
            <Figure label="Unbestätigt" value={data.leads.pending} />
            <Figure label="Bestätigt" value={data.leads.confirmed} />
            <Figure label="Abgemeldet" value={data.leads.unsubscribed} />
            <Figure label={"Bestätigungs\u00ADquote"} value={percent(data.confirmationRate)} />
          </dl>
          <p className="mt-3 text-sm text-bark-700">
            Bestätigungsquote: Anteil aller Anmeldungen, deren Bestätigungslink geklickt wurde.
          </p>
        </Card>
      </div>
      <Card className="mt-6">
        <h2 className="mb-4 text-xl font-bold">Die letzten 30 Tage</h2>
        <ActivityChart days={data.days} />
      </Card>
      {visits && <VisitsCard days={visits.perDay} />}
    </>
  );
}

/** The last 30 days of the visit statistics, with the way to the screen "Besucher". */
function VisitsCard({ days }: { days: VisitStats["perDay"] }) {
  const sum = (key: "views" | "visits" | "leads") => days.reduce((total, day) => total + day[key], 0);
  const link = (
    <Link to={OWNER_SCREENS.visitors.path} className="underline">
      Seiten, Quellen und Kampagnen
    </Link>
  );
  return (
    <Card className="mt-6">
      <h2 className="mb-2 text-xl font-bold">Besucher der letzten 30 Tage</h2>
      {sum("views") === 0 ? (
        <p className="text-bark-700">Noch keine Aufrufe gezählt. {link}</p>
      ) : (
        <>
          <p className="mb-4 text-bark-700">
            {sum("views")} Aufrufe
            {sum("visits") > 0 ? `, Anmelderate ${rate(sum("leads"), sum("visits"))} der Besuche` : ""}. {link}
          </p>
          <VisitsChart days={days} />
        </>
      )}
    </Card>
  );
}
