/**
 * What the person does to the file besides editing and publishing: discard the draft, read the history
 * and restore an earlier version, call off a planned change, take back a proposal. Each asks first where
 * something would be lost, and says what became of it.
 */
import { useState } from "react";
import { call, errorText } from "../api";
import { dateTime } from "../format";
import { PROPOSED, type EditorState } from "./editor-state";
import { OWNER_API } from "../../../common/owner/api";
import type { CommitInfo, HistoryEntry, ScheduledChange } from "../../../common/owner/responses";

export function useFileActions(state: EditorState & { onDiscarded(): void }) {
  const { file, answer, autosave, load, setBusy, setNotice } = state;
  const [history, setHistory] = useState<HistoryEntry[]>();
  const deleteDraft = () => call(OWNER_API.deleteDraft, { query: { pfad: file } });

  const discard = async () => {
    if (!window.confirm("Deine ungespeicherten Änderungen an dieser Datei verwerfen?")) return;
    autosave.forget();
    await deleteDraft().catch(() => undefined);
    state.onDiscarded();
    await load();
  };

  const showHistory = async () => {
    try {
      setHistory((await call(OWNER_API.history, { query: { pfad: file } })).history);
    } catch (caught) {
      setNotice({ kind: "error", text: errorText(caught) });
    }
  };

  const restore = async (entry: CommitInfo) => {
    const outcome = answer?.approval
      ? "Das geht als Vorschlag an die Inhaber und wird erst nach ihrer Freigabe veröffentlicht."
      : "Das wird sofort veröffentlicht.";
    // A draft of this file would hide the restored version in the form: it is named, and discarded with consent.
    const pending =
      autosave.saveState !== "clean"
        ? ` Dein Entwurf dieser Datei mit noch nicht veröffentlichten Änderungen wird dabei verworfen.`
        : "";
    if (!window.confirm(`Die Fassung vom ${dateTime(entry.date)} („${entry.message}“) wiederherstellen? ${outcome}${pending}`))
      return;
    setBusy("restore");
    try {
      if (pending) {
        autosave.forget();
        await deleteDraft();
      }
      const result = await call(OWNER_API.restore, { body: { file, commit: entry.commit } });
      await load();
      await showHistory();
      setNotice({
        kind: "success",
        text: "proposal" in result ? PROPOSED : `Zurückgesetzt auf die Fassung vom ${dateTime(entry.date)}.`,
      });
    } catch (caught) {
      setNotice({ kind: "error", text: errorText(caught) });
    } finally {
      setBusy(undefined);
    }
  };

  const cancelPlan = async (item: ScheduledChange) => {
    if (!window.confirm(`Die geplante Änderung „${item.message}“ absagen? Sie wird dann wieder dein Entwurf.`)) return;
    try {
      await call(OWNER_API.cancelPlan, { params: { id: item.id } });
      await load();
      setNotice({
        kind: "info",
        text: "Abgesagt. Die Änderung ist wieder ein Entwurf, den du anpassen, neu planen oder verwerfen kannst.",
      });
    } catch (caught) {
      setNotice({ kind: "error", text: errorText(caught) });
    }
  };

  const withdrawProposal = async () => {
    try {
      await call(OWNER_API.withdrawProposal, { query: { pfad: file } });
      await load();
      setNotice({
        kind: "info",
        text: "Dein Vorschlag ist zurückgezogen. Deine Änderung ist als Entwurf erhalten: Du kannst sie anpassen oder verwerfen.",
      });
    } catch (caught) {
      setNotice({ kind: "error", text: errorText(caught) });
    }
  };

  return { history, setHistory, discard, showHistory, restore, cancelPlan, withdrawProposal };
}
