/** Bar charts as inline SVG, each with a table for screen readers: leads and requests; views and sign-ups. */
import React from "react";
import { shortDate } from "./format";
import type { OverviewAnswer } from "../../common/owner/responses";

/** One day of the overview's activity. */
export type Day = OverviewAnswer["days"][number];

const HEIGHT = 120;

export function ActivityChart({ days }: { days: Day[] }) {
  const max = Math.max(1, ...days.map((day) => Math.max(day.leads, day.requests)));
  const slot = 12;
  const width = days.length * slot;
  const total = days.reduce((sum, day) => ({ leads: sum.leads + day.leads, requests: sum.requests + day.requests }), {
    leads: 0,
    requests: 0,
  });
  return (
    <figure>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT + 16}`}
        className="h-40 w-full"
        role="img"
        aria-label={`Letzte ${days.length} Tage: ${total.leads} Anmeldungen und ${total.requests} Kontaktanfragen`}
        preserveAspectRatio="none"
      >
        <line x1="0" y1={HEIGHT} x2={width} y2={HEIGHT} stroke="#4a3b2e" strokeWidth="0.5" />
        {days.map((day, index) => {
          const leadHeight = (day.leads / max) * HEIGHT;
          const requestHeight = (day.requests / max) * HEIGHT;
          return (
            <g key={day.date}>
              <rect x={index * slot + 1} y={HEIGHT - leadHeight} width="5" height={leadHeight} fill="#2f5d43">
                <title>{`${shortDate(day.date)}: ${day.leads} Anmeldungen`}</title>
              </rect>
              <rect x={index * slot + 6} y={HEIGHT - requestHeight} width="5" height={requestHeight} fill="#c98526">
                <title>{`${shortDate(day.date)}: ${day.requests} Anfragen`}</title>
              </rect>
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-sm text-bark-700">
        <LegendItem colour="bg-forest-600">Anmeldungen (Info-Formular)</LegendItem>
        <LegendItem colour="bg-ember-500">Kontaktanfragen</LegendItem>
        <span>
          {shortDate(days[0]?.date ?? "")} bis {shortDate(days[days.length - 1]?.date ?? "")}
        </span>
      </figcaption>
      <DayTable
        rows={days.map((day) => ({ day: day.date, figures: [day.leads, day.requests] }))}
        titles={["Anmeldungen", "Anfragen"]}
      />
    </figure>
  );
}

export interface VisitDay {
  day: string;
  views: number;
  visits: number;
  leads: number;
  confirmed: number;
}

const BAND = 70;

/**
 * Views (upper band) and sign-ups (lower band) per day, each band scaled to its own highest day, since
 * sign-ups are a small share of views; with the same figures as a table for screen readers.
 */
export function VisitsChart({ days }: { days: VisitDay[] }) {
  const maxViews = Math.max(1, ...days.map((day) => day.views));
  const maxLeads = Math.max(1, ...days.map((day) => day.leads));
  const slot = 6;
  const width = Math.max(1, days.length * slot);
  const views = days.reduce((sum, day) => sum + day.views, 0);
  const leads = days.reduce((sum, day) => sum + day.leads, 0);
  return (
    <figure>
      <svg
        viewBox={`0 0 ${width} ${2 * BAND + 12}`}
        className="h-48 w-full"
        role="img"
        aria-label={`Letzte ${days.length} Tage: ${views} Aufrufe und ${leads} Anmeldungen`}
        preserveAspectRatio="none"
      >
        <line x1="0" y1={BAND} x2={width} y2={BAND} stroke="#4a3b2e" strokeWidth="0.5" />
        <line x1="0" y1={2 * BAND + 10} x2={width} y2={2 * BAND + 10} stroke="#4a3b2e" strokeWidth="0.5" />
        {days.map((day, index) => {
          const viewHeight = (day.views / maxViews) * (BAND - 4);
          const leadHeight = (day.leads / maxLeads) * (BAND - 4);
          return (
            <g key={day.day}>
              <rect x={index * slot + 1} y={BAND - viewHeight} width={slot - 2} height={viewHeight} fill="#2f5d43">
                <title>{`${shortDate(day.day)}: ${day.views} Aufrufe`}</title>
              </rect>
              <rect x={index * slot + 1} y={2 * BAND + 10 - leadHeight} width={slot - 2} height={leadHeight} fill="#c98526">
                <title>{`${shortDate(day.day)}: ${day.leads} Anmeldungen`}</title>
              </rect>
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-sm text-bark-700">
        <LegendItem colour="bg-forest-600">Aufrufe (oben, höchster Tag {maxViews})</LegendItem>
        <LegendItem colour="bg-ember-500">Anmeldungen (unten, höchster Tag {maxLeads})</LegendItem>
        <span>
          {shortDate(days[0]?.day ?? "")} bis {shortDate(days[days.length - 1]?.day ?? "")}
        </span>
      </figcaption>
      <DayTable
        rows={days.map((day) => ({ day: day.day, figures: [day.views, day.visits, day.leads, day.confirmed] }))}
        titles={["Aufrufe", "Besuche", "Anmeldungen", "Bestätigt"]}
      />
    </figure>
  );
}

/** A chart's figures per day as a table, folded away under the chart, for screen readers and exact values. */
function DayTable({ rows, titles }: { rows: { day: string; figures: number[] }[]; titles: string[] }) {
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer font-semibold text-forest-800">Zahlen als Tabelle</summary>
      <table className="mt-2 w-full text-left">
        <thead>
          <tr>
            {["Tag", ...titles].map((title) => (
              <th key={title} scope="col">
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.day}>
              <td>{shortDate(row.day)}</td>
              {row.figures.map((figure, index) => (
                <td key={titles[index]}>{figure}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** One entry of a chart's legend: the bars' colour, then what they count. */
function LegendItem({ colour, children }: { colour: string; children: React.ReactNode }) {
  return (
    <span>
      <span aria-hidden="true" className={`mr-1 inline-block h-3 w-3 rounded-sm ${colour}`} />
      {children}
    </span>
  );
}
