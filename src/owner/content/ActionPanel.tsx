/**
 * The actions beside the form (below it on a phone, where PhoneActionBar leads here): preview, publish or
 * propose, discard the draft, the history; with the reason when an owner approves changes to this file.
 */
import React from "react";
import { Card, primaryButton, smallButton } from "../ui";
import { PublishForm } from "./PublishForm";
import type { Busy } from "./editor-state";
import type { Publisher } from "./usePublish";

interface Props {
  /** Why an owner approves this file's changes; undefined when they publish at once. */
  approval?: string;
  /** Whether a preview shows this file (e-mails and experiments have none). */
  previewable: boolean;
  /** The file, to say why it has no preview. */
  file: string;
  changed: boolean;
  busy: Busy;
  publisher: Publisher;
  onPreview(): void;
  onDiscard(): void;
  onHistory(): void;
}

export function ActionPanel({ approval, previewable, file, changed, busy, publisher, onPreview, onDiscard, onHistory }: Props) {
  return (
    <Card>
      <div className="flex flex-col gap-3">
        {approval && (
          <p className="text-sm text-bark-700">
            <span className="font-semibold text-forest-900">Mit Freigabe:</span> Hier geht es um {approval}. Deine Änderung geht
            erst live, wenn eine Inhaberin oder ein Inhaber sie freigibt.
          </p>
        )}
        <button type="button" className={smallButton} onClick={onPreview} disabled={busy !== undefined || !previewable}>
          {busy === "preview" ? "Vorschau wird gebaut …" : "Vorschau"}
        </button>
        {!previewable && (
          <p className="text-sm text-bark-700">
            {file === "experiments.json"
              ? "Experimente zeigt die Vorschau nicht: Welche Fassung jemand sieht, wählt erst der Server der Website."
              : "E-Mails zeigt die Vorschau nicht."}
          </p>
        )}
        {!publisher.publishOpen ? (
          <button
            type="button"
            className={primaryButton}
            onClick={() => publisher.setPublishOpen(true)}
            disabled={!changed || busy !== undefined}
          >
            {approval ? "Zur Freigabe vorschlagen …" : "Veröffentlichen …"}
          </button>
        ) : (
          <PublishForm publisher={publisher} approval={approval !== undefined} busy={busy} />
        )}
        {changed && (
          <button
            type="button"
            className={`${smallButton} border-red-800 text-red-800`}
            onClick={onDiscard}
            disabled={busy !== undefined}
          >
            Änderungen verwerfen
          </button>
        )}
        <button type="button" className={smallButton} onClick={onHistory} disabled={busy !== undefined}>
          Verlauf anzeigen
        </button>
      </div>
    </Card>
  );
}

/** A button of the bar at the bottom of a phone's screen: two share its width, however long their words. */
const BAR_BUTTON =
  "inline-flex min-h-11 min-w-0 flex-1 items-center justify-center rounded-full px-3 py-2 text-sm font-semibold disabled:opacity-60";

/** On a phone the actions sit below a long form: a bar at the bottom keeps the two that matter in reach. */
export function PhoneActionBar(props: {
  approval: boolean;
  previewable: boolean;
  busy: Busy;
  onPreview(): void;
  onPublish(): void;
}) {
  return (
    <div className="fixed inset-x-0 bottom-0 z-20 flex gap-2 border-t border-cream-200 bg-white/95 p-3 lg:hidden">
      <button
        type="button"
        className={`${BAR_BUTTON} border-2 border-forest-700 text-forest-800`}
        onClick={props.onPreview}
        disabled={props.busy !== undefined || !props.previewable}
      >
        Vorschau
      </button>
      <a href="#aktionen" className={`${BAR_BUTTON} bg-forest-800 text-white`} onClick={props.onPublish}>
        {props.approval ? "Vorschlagen …" : "Veröffentlichen …"}
      </a>
    </div>
  );
}
