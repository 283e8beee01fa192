/**
 * Experimente: each experiment of content/experiments.json the live site runs, with its variants' views,
 * sign-ups and confirmed sign-ups, the rate with its interval, the chance to beat the original and the plain
 * warning while it is too early; „Beenden“ keeps the original, „Gewinner übernehmen“ writes the variant's text
 * into the page (server/routes/owner/experiments.ts).
 */
import React, { useState } from "react";
import { call, errorText } from "../api";
import { useLoad } from "../use-load";
import { Alert, Card, DataTable, Loading, PageTitle, smallButton } from "../ui";
import { OWNER_API } from "../../../common/owner/api";
import type { ExperimentEnded, ExperimentsAnswer } from "../../../common/owner/experiments";

type Experiment = ExperimentsAnswer["experiments"][number];

const percent = (value: number) =>
  `${(value * 100).toLocaleString("de-DE", { minimumFractionDigits: 1, maximumFractionDigits: 1 })}\u00a0%`;
const COLUMNS = [
  "Variante",
  "Text",
  "Aufrufe",
  "Anmeldungen",
  "Bestätigt",
  "Rate (95-%-Intervall)",
  "schlägt das Original",
  "Anfragen",
];

type Result = Experiment["results"][number];

/** A variant's figures with their names, as the phone's list shows them. */
const figuresOf = (result: Result): [string, string][] => [
  ["Aufrufe", String(result.views)],
  ["Anmeldungen", String(result.leads)],
  ["Bestätigt", String(result.confirmed)],
  ["Rate (95-%-Intervall)", `${percent(result.rate)} (${percent(result.interval.low)} – ${percent(result.interval.high)})`],
  ["schlägt das Original", result.beatsOriginal === undefined ? "–" : percent(result.beatsOriginal)],
  ["Anfragen", String(result.contacts)],
];

function ExperimentCard({ experiment, onEnd }: { experiment: Experiment; onEnd: (variant?: "B" | "C") => void }) {
  const texts = [experiment.original, ...experiment.variants];
  const running = experiment.state === "läuft";
  return (
    <Card className="mb-6">
      <h2 className="text-lg font-semibold">
        {experiment.pageTitle}: {experiment.fieldName}
      </h2>
      <p className="mb-3 text-sm text-bark-700">
        Experiment „{experiment.id}“ auf {experiment.page}, {experiment.share}&nbsp;% der Besuche nehmen teil – {experiment.note}.
      </p>
      {experiment.warning && <Alert kind="info">{experiment.warning}</Alert>}
      {/* A phone gets one block per variant with every figure; from md on one table compares them side by side. */}
      <ul className="space-y-3 md:hidden" aria-label={`Ergebnisse von „${experiment.id}“`}>
        {experiment.results.map((result, index) => (
          <li key={result.variant} className="rounded-xl bg-cream-50 p-3 ring-1 ring-cream-200">
            <h3 className="font-semibold">{result.variant === "A" ? "A (Original)" : `Variante ${result.variant}`}</h3>
            <p className="mb-2 text-sm">„{texts[index]}“</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              {figuresOf(result).map(([label, value]) => (
                <React.Fragment key={label}>
                  <dt className="text-bark-700">{label}</dt>
                  <dd className="tabular-nums">{value}</dd>
                </React.Fragment>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden md:block">
        <DataTable caption={`Ergebnisse von „${experiment.id}“`} columns={COLUMNS} framed={false}>
          {experiment.results.map((result, index) => (
            <tr key={result.variant} className="border-t border-cream-200">
              <th scope="row" className="px-3 py-2">
                {result.variant === "A" ? "A (Original)" : result.variant}
              </th>
              <td className="max-w-xs px-3 py-2">{texts[index]}</td>
              <td className="px-3 py-2 tabular-nums">{result.views}</td>
              <td className="px-3 py-2 tabular-nums">{result.leads}</td>
              <td className="px-3 py-2 tabular-nums">{result.confirmed}</td>
              <td className="px-3 py-2 tabular-nums">
                {percent(result.rate)}{" "}
                <span className="whitespace-nowrap">
                  ({percent(result.interval.low)} – {percent(result.interval.high)})
                </span>
              </td>
              <td className="px-3 py-2 tabular-nums">
                {result.beatsOriginal === undefined ? "–" : percent(result.beatsOriginal)}
              </td>
              <td className="px-3 py-2 tabular-nums">{result.contacts}</td>
            </tr>
          ))}
        </DataTable>
      </div>
      {(running || experiment.state === "abgelaufen") && (
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="button" className={smallButton} onClick={() => onEnd()}>
            Beenden (Original behalten)
          </button>
          {experiment.variants.map((_text, index) => {
            const variant = index === 0 ? "B" : "C";
            return (
              <button key={variant} type="button" className={smallButton} onClick={() => onEnd(variant)}>
                Gewinner übernehmen: {variant}
              </button>
            );
          })}
        </div>
      )}
    </Card>
  );
}

export function ExperimentsPage() {
  const loaded = useLoad(OWNER_API.experiments);
  const answer = loaded.data;
  const [failed, setError] = useState<string>();
  const error = failed ?? loaded.error;
  const [done, setDone] = useState<string>();
  const end = (id: string, variant?: "B" | "C") => {
    setError(undefined);
    setDone(undefined);
    const ending: Promise<ExperimentEnded> = variant
      ? call(OWNER_API.adoptWinner, { params: { id }, body: { variant } })
      : call(OWNER_API.endExperiment, { params: { id } });
    ending.then(
      (ended) => {
        setDone(ended.message);
        void loaded.reload();
      },
      (caught) => setError(errorText(caught)),
    );
  };

  return (
    <>
      <PageTitle>Experimente</PageTitle>
      <p className="mb-4 max-w-prose text-bark-700">
        Welche Worte bringen bestätigte Anmeldungen? Der Server zeigt jedem Besucher eine Fassung, ohne Cookie und ohne Skript,
        und zählt Aufrufe, Anmeldungen und Bestätigungen je Fassung. Bots, Vorabladen und deine eigenen Aufrufe zählen nicht. Ein
        Experiment legst du unter „Inhalte“ in „Experimente“ an; nach seinem Enddatum endet es von selbst.
      </p>
      {done && <Alert kind="success">{done}</Alert>}
      {error && <Alert>{error}</Alert>}
      {!answer && !error && <Loading />}
      {answer && answer.experiments.length === 0 && (
        <Card>Gerade läuft kein Experiment: Alle sehen die Texte, wie sie unter „Inhalte“ stehen.</Card>
      )}
      {answer?.experiments.map((experiment) => (
        <ExperimentCard key={experiment.id} experiment={experiment} onEnd={(variant) => end(experiment.id, variant)} />
      ))}
    </>
  );
}
