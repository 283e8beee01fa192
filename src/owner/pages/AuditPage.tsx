/** Protokoll: every owner action with owner, time and object, newest first. */
import React from "react";
import { useLoad } from "../use-load";
import { dateTime } from "../format";
import { Alert, Loading, PageTitle, smallButton, DataTable } from "../ui";
import { OWNER_API } from "../../../common/owner/api";

export function AuditPage() {
  const page = useLoad(OWNER_API.audit);
  const entries = page.data?.entries;
  const next = page.data?.next;
  const keepDays = page.data?.keepDays;
  const older = (before: number) =>
    page.more({ query: { vor: String(before) } }, (shown, more) => ({ ...more, entries: [...shown.entries, ...more.entries] }));

  return (
    <>
      <PageTitle>Protokoll</PageTitle>
      <p className="mb-4 max-w-2xl text-bark-700">
        Jede Aktion in der Verwaltung, mit Person, Zeit und Gegenstand. Einträge werden{" "}
        {keepDays ? `nach ${keepDays} Tagen` : "nach Ablauf ihrer Frist"} gelöscht; E-Mail-Adressen erscheinen hier nur gekürzt.
      </p>
      {page.error && <Alert>{page.error}</Alert>}
      {!entries ? (
        <Loading />
      ) : (
        <DataTable caption="Protokoll der Aktionen" columns={["Zeit", "Wer", "Aktion", "Gegenstand"]}>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-t border-cream-200">
              <td className="px-3 py-2 whitespace-nowrap">{dateTime(entry.at)}</td>
              <td className="px-3 py-2 break-all">{entry.owner}</td>
              <td className="px-3 py-2">{entry.label}</td>
              <td className="px-3 py-2">{entry.object ?? "–"}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {next && (
        <button type="button" className={`${smallButton} mt-4`} onClick={() => void older(next)}>
          Ältere laden
        </button>
      )}
    </>
  );
}
