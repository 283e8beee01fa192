/**
 * The publishing form: what changed (the commit's message), optionally „Später veröffentlichen“ with the
 * time it goes live and the time it goes back; for what an owner approves, the proposal's message.
 */
import React from "react";
import { inputClass, labelClass, primaryButton, smallButton } from "../ui";
import type { Publisher } from "./usePublish";

export function PublishForm({ publisher, approval, busy }: { publisher: Publisher; approval: boolean; busy?: string }) {
  const { message, setMessage, later, setLater } = publisher;
  return (
    <form onSubmit={(event) => void publisher.publish(event)} className="flex flex-col gap-2">
      <label htmlFor="aenderung" className={labelClass}>
        Was hast du geändert?
      </label>
      <textarea
        id="aenderung"
        required
        maxLength={200}
        rows={3}
        className={inputClass}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        placeholder={"z.\u00a0B. Neuer Erfahrungsbericht von Thomas"}
      />
      {!approval && (
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={later !== undefined}
            onChange={(event) => setLater(event.target.checked ? { am: "", zuruecknehmenAm: "" } : undefined)}
          />
          Später veröffentlichen
        </label>
      )}
      {later && (
        <>
          <label htmlFor="geplant-am" className={labelClass}>
            Live am (Zeit in Deutschland)
          </label>
          <input
            id="geplant-am"
            type="datetime-local"
            required
            className={inputClass}
            value={later.am}
            onChange={(event) => setLater({ ...later, am: event.target.value })}
          />
          <label htmlFor="zuruecknehmen-am" className={labelClass}>
            Wieder zurücknehmen am (freiwillig)
          </label>
          <input
            id="zuruecknehmen-am"
            type="datetime-local"
            aria-describedby="zuruecknehmen-hinweis"
            className={inputClass}
            value={later.zuruecknehmenAm}
            onChange={(event) => setLater({ ...later, zuruecknehmenAm: event.target.value })}
          />
          <p id="zuruecknehmen-hinweis" className="text-sm text-bark-700">
            Zum Beispiel für ein Angebot zu Weihnachten. Felder, die bis dahin jemand anders geändert hat, bleiben, wie sie sind.
          </p>
        </>
      )}
      <button type="submit" className={primaryButton} disabled={busy !== undefined || !message.trim()}>
        {submitLabel(approval, later !== undefined, busy === "publish")}
      </button>
      <button
        type="button"
        className={smallButton}
        onClick={() => {
          publisher.setPublishOpen(false);
          setLater(undefined);
        }}
      >
        Abbrechen
      </button>
    </form>
  );
}

function submitLabel(approval: boolean, later: boolean, running: boolean): string {
  if (approval) return running ? "Wird vorgeschlagen …" : "Vorschlag senden";
  if (later) return running ? "Wird geplant …" : "Planen";
  return running ? "Wird veröffentlicht …" : "Jetzt veröffentlichen";
}
