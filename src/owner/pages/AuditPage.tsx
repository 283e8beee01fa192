/** Protokoll: every owner action with owner, time and object, newest first. */
import React, { useCallback, useEffect, useState } from "react";
import { api, errorText, withQuery } from "../api";
import { dateTime } from "../format";
import { Alert, Loading, PageTitle, smallButton, DataTable } from "../ui";
import type { AuditQuery } from "../../../common/owner/schemas";
import type { AuditEntry as Entry, AuditPage as Page } from "../../../common/owner/responses";

export function AuditPage() {
  const [entries, setEntries] = useState<Entry[]>();
  const [next, setNext] = useState<number | null>(null);
  const [keepDays, setKeepDays] = useState<number>();
  const [error, setError] = useState<string>();
  const load = useCallback(async (before?: number) => {
    try {
      const page = await api<Page>(withQuery("/protokoll", { vor: before ? String(before) : undefined } satisfies AuditQuery));
      setKeepDays(page.keepDays);
      setEntries((current) => (before ? [...(current ?? []), ...page.entries] : page.entries));
      setNext(page.next);
    } catch (caught) {
      setError(errorText(caught));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <>
      <PageTitle>Protokoll</PageTitle>
      <p className="mb-4 max-w-2xl text-bark-700">
        Jede Aktion in der Verwaltung, mit Person, Zeit und Gegenstand. Einträge werden{" "}
        {keepDays ? `nach ${keepDays} Tagen` : "nach Ablauf ihrer Frist"} gelöscht; E-Mail-Adressen erscheinen hier nur gekürzt.
      </p>
      {error && <Alert>{error}</Alert>}
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
        <button type="button" className={`${smallButton} mt-4`} onClick={() => void load(next)}>
          Ältere laden
        </button>
      )}
    </>
  );
}
