/**
 * What the content editor's hooks share: the file, its loaded answer, the autosaved draft, the check, which
 * action runs, and the notice above the form.
 */
import type React from "react";
import type { Autosave } from "./useAutosave";
import type { ContentCheck } from "./useContentCheck";
import type { ContentFileAnswer, Publishing } from "../../../common/owner/responses";

export type Busy = "preview" | "publish" | "restore" | undefined;
export interface Notice {
  kind: "success" | "error" | "info";
  text: React.ReactNode;
}

export interface EditorState {
  file: string;
  answer?: ContentFileAnswer;
  publishing?: Publishing;
  autosave: Autosave;
  check: ContentCheck;
  load(): Promise<void>;
  setBusy(busy: Busy): void;
  setNotice(notice: Notice | undefined): void;
}

export const PROPOSED =
  "Dein Vorschlag ist bei den Inhabern: Sie bekommen eine E-Mail und sehen deine Änderung Feld für Feld. Sobald jemand ihn freigibt, geht er live, und du bekommst Bescheid.";
