/**
 * „Vorschau“: the server builds the site with the change (checked first) and the first page showing the
 * file opens in a new tab; the notice links every page that shows it. A refusal by the check shows its
 * messages at the fields.
 */
import React from "react";
import { ApiError, call, errorText } from "../api";
import type { EditorState } from "./editor-state";
import { OWNER_API } from "../../../common/owner/api";

export function usePreview({ file, autosave, check, setBusy, setNotice }: EditorState) {
  return async (shown: unknown = autosave.data) => {
    setBusy("preview");
    setNotice(undefined);
    // Opened before the wait, while the click still counts: a browser blocks a tab opened later.
    const tab = window.open("", "_blank");
    try {
      const result = await call(OWNER_API.previewContent, { body: { file, data: shown } });
      const target = result.pages[0] ?? result.address;
      if (tab) {
        tab.opener = null;
        tab.location.href = target;
      }
      setNotice({ kind: "success", text: <PreviewReady seconds={result.seconds} pages={result.pages} /> });
    } catch (caught) {
      tab?.close();
      if (caught instanceof ApiError && caught.status === 422) await check.runCheck(autosave.data);
      setNotice({ kind: "error", text: errorText(caught) });
    } finally {
      setBusy(undefined);
    }
  };
}

/** The preview's time and a link to each page that shows the file. */
function PreviewReady({ seconds, pages }: { seconds: number; pages: string[] }) {
  return (
    <>
      Die Vorschau ist fertig ({seconds.toLocaleString("de-DE")} s).{" "}
      {pages.map((page) => (
        <a key={page} href={page} target="_blank" rel="noreferrer" className="mr-3 font-semibold underline">
          {new URL(page).pathname.replace(/^\/vorschau\/[^/]+/, "") || "/"} öffnen
        </a>
      ))}
    </>
  );
}
