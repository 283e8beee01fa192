/**
 * „Veröffentlichen“ with a message, now or planned for a time („Später veröffentlichen“), or „Zur Freigabe
 * vorschlagen“ for what an owner approves. The draft reaches the server first; a change someone else
 * published meanwhile comes back as a conflict (409) to merge, the check's problems (422) at their fields.
 */
import { useState } from "react";
import { ApiError, call, errorText } from "../api";
import { dateTime } from "../format";
import { writeLocal } from "./local-copies";
import { PROPOSED, type EditorState } from "./editor-state";
import type { Conflict } from "./ConflictCard";
import { OWNER_API } from "../../../common/owner/api";
import type { CheckAnswer, PlannedAnswer, ProposalAnswer, PublishAnswer, Publishing } from "../../../common/owner/responses";

/** The time a planned change goes live, and optionally when it goes back (Germany's time). */
export interface Later {
  am: string;
  zuruecknehmenAm: string;
}

export function usePublish(state: EditorState & { onPublished(): void }) {
  const { file, autosave, check, publishing, setBusy, setNotice } = state;
  const [message, setMessage] = useState("");
  const [publishOpen, setPublishOpen] = useState(false);
  const [later, setLater] = useState<Later>();
  const [conflict, setConflict] = useState<Conflict>();

  const send = () =>
    later
      ? call(OWNER_API.plan, {
          body: {
            file,
            message,
            am: later.am,
            ...(later.zuruecknehmenAm ? { zuruecknehmenAm: later.zuruecknehmenAm } : {}),
          },
        })
      : call(OWNER_API.publish, { body: { file, message } });

  const publish = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    setBusy("publish");
    setNotice(undefined);
    try {
      await autosave.flush();
      const result = await send();
      writeLocal(file, undefined);
      setConflict(undefined);
      setPublishOpen(false);
      setMessage("");
      setLater(undefined);
      state.onPublished();
      await state.load();
      setNotice({ kind: "success", text: doneText(result, publishing) });
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 409) {
        const body = caught.body as { conflict: Omit<Conflict, "mine"> };
        setConflict({ ...body.conflict, mine: autosave.data });
        // The conflict card says it all; a message above it would only repeat it.
        setNotice(undefined);
        return;
      }
      if (caught instanceof ApiError && caught.status === 422) check.setCheck(caught.body as CheckAnswer);
      setNotice({ kind: "error", text: errorText(caught) });
    } finally {
      setBusy(undefined);
    }
  };

  /** The conflict card's merged file becomes the draft, on the file as it is now; the card goes. */
  const takeMerged = (merged: unknown, commit: string) => {
    autosave.replace(merged, commit);
    void check.runCheck(merged);
    setConflict(undefined);
    setNotice({
      kind: "info",
      text: "Zusammengeführt: Dein Entwurf enthält jetzt beide Änderungen. Sieh ihn dir an und veröffentliche ihn dann.",
    });
  };

  return {
    message,
    setMessage,
    publishOpen,
    setPublishOpen,
    later,
    setLater,
    conflict,
    setConflict,
    publish,
    takeMerged,
  };
}

export type Publisher = ReturnType<typeof usePublish>;

/** What the person reads once the change is planned, proposed or published. */
function doneText(result: PlannedAnswer | PublishAnswer | ProposalAnswer, publishing?: Publishing): string {
  if ("planned" in result) {
    const { planned } = result;
    return `Geplant: Deine Änderung geht am ${dateTime(planned.dueAt)} live${
      planned.withdrawAt ? ` und am ${dateTime(planned.withdrawAt)} wieder zurück` : ""
    }. Vorher prüft der Server sie noch einmal; was daraus wird, siehst du hier und per E-Mail.`;
  }
  if ("proposal" in result) return PROPOSED;
  const together = result.merged
    ? "Jemand anders hatte inzwischen andere Felder geändert: Beide Änderungen sind zusammen veröffentlicht. "
    : "";
  return (
    together +
    (publishing?.to === "remote"
      ? publishing.branch === "main"
        ? "Veröffentlicht. Die Website wird jetzt neu gebaut; in wenigen Minuten ist deine Änderung live."
        : `Gespeichert im Zweig „${publishing.branch}“. Sobald er übernommen ist, geht die Änderung live.`
      : "Veröffentlicht. Die Website wird jetzt neu gebaut; in etwa einer Minute ist deine Änderung live.")
  );
}
