/**
 * The form's data as the person edits it, kept as a draft on the server 0.8 s after the last change, and in
 * this browser (local-copies.ts) until the server has it: while the connection is gone it is saved again
 * every ten seconds and as soon as the browser is back online.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, call } from "../api";
import { writeLocal } from "./local-copies";
import { OWNER_API } from "../../../common/owner/api";
import type { ContentFileAnswer } from "../../../common/owner/responses";

const SAVE_DELAY_MS = 800;
const RETRY_MS = 10_000;

export type SaveState = "saved" | "saving" | "offline" | "clean";
type OtherDrafts = ContentFileAnswer["otherDrafts"];
interface Change {
  data: unknown;
  baseCommit: string;
}

export const SAVE_LABELS: Record<SaveState, string> = {
  clean: "",
  saving: "Wird gespeichert …",
  saved: "Entwurf gespeichert.",
  offline:
    "Keine Verbindung: deine Änderung ist in diesem Browser gesichert und wird gespeichert, sobald die Verbindung zurück ist.",
};

export function useAutosave(file: string, onRefused: (message: string) => void) {
  const [data, setData] = useState<unknown>();
  const [baseCommit, setBaseCommit] = useState("");
  const [saveState, setSaveState] = useState<SaveState>("clean");
  const [otherDrafts, setOtherDrafts] = useState<OtherDrafts>([]);
  const saveTimer = useRef<number>();
  /** The change the server does not have yet. */
  const latest = useRef<Change>();

  const save = useCallback(async () => {
    const pending = latest.current;
    if (!pending) return;
    setSaveState("saving");
    try {
      const saved = await call(OWNER_API.saveDraft, {
        body: { file, data: pending.data, baseCommit: pending.baseCommit },
      });
      if (latest.current === pending) {
        latest.current = undefined;
        writeLocal(file, undefined);
      }
      setOtherDrafts(saved.otherDrafts);
      setSaveState(latest.current ? "saving" : "saved");
    } catch (caught) {
      if (caught instanceof ApiError && caught.status !== 0) onRefused(caught.message);
      setSaveState("offline");
      window.clearTimeout(saveTimer.current);
      saveTimer.current = window.setTimeout(() => void save(), RETRY_MS);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the message goes to whichever notice is shown
  }, [file]);

  useEffect(() => {
    const retry = () => void save();
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [save]);

  /** What the page starts with after loading: the draft (server's or this browser's copy) or the file. */
  const start = useCallback(
    (begin: { data: unknown; baseCommit: string; draft: boolean; local?: Change; otherDrafts: OtherDrafts }) => {
      setOtherDrafts(begin.otherDrafts);
      setData(begin.data);
      setBaseCommit(begin.baseCommit);
      setSaveState(begin.draft ? "saved" : "clean");
      if (begin.local) latest.current = begin.local;
    },
    [],
  );

  /** A change of the person's: kept in this browser at once, sent to the server shortly. False if it was none. */
  const change = (value: unknown): boolean => {
    // rjsf also reports the data it was given (defaults filled in): that is no change of the editor's.
    if (JSON.stringify(value) === JSON.stringify(data)) return false;
    setData(value);
    const pending = { data: value, baseCommit };
    latest.current = pending;
    writeLocal(file, { ...pending, savedAt: new Date().toISOString() });
    setSaveState((state) => (state === "offline" ? "offline" : "saving"));
    window.clearTimeout(saveTimer.current);
    saveTimer.current = window.setTimeout(() => void save(), SAVE_DELAY_MS);
    return true;
  };

  /** Data that replaces the draft on the file as it is at `commit` (a merge), saved at once. */
  const replace = (value: unknown, commit: string) => {
    setBaseCommit(commit);
    setData(value);
    latest.current = { data: value, baseCommit: commit };
    void save();
  };

  /** Sends what the server does not have yet; throws when it cannot. */
  const flush = async () => {
    window.clearTimeout(saveTimer.current);
    if (latest.current) await save();
    if (latest.current)
      throw new ApiError(0, "Deine Änderung ist noch nicht beim Server angekommen. Bitte prüfe deine Verbindung.");
  };

  /** Forgets the change not yet saved, here and in this browser's copy (before a discard or restore). */
  const forget = () => {
    window.clearTimeout(saveTimer.current);
    latest.current = undefined;
    writeLocal(file, undefined);
  };

  /** Whether a change waits for the server (a copy from this browser after loading). */
  const unsent = () => latest.current !== undefined;

  return { data, baseCommit, saveState, otherDrafts, start, change, replace, save, flush, forget, unsent };
}

export type Autosave = ReturnType<typeof useAutosave>;
