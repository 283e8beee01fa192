/**
 * Loads a content file for the form: the file with its schema, drafts, proposal and plans, where
 * publishing goes, and the pictures to choose. The form starts with the person's draft (this browser's
 * copy, kept while offline, when it is newer than the server's), else their waiting proposal, else the file.
 */
import { useCallback, useEffect, useState } from "react";
import { call, errorText } from "../api";
import { readLocal } from "./local-copies";
import type { Autosave } from "./useAutosave";
import { OWNER_API } from "../../../common/owner/api";
import type { ContentFileAnswer, ImageList, Publishing } from "../../../common/owner/responses";

export function useContentFile(file: string, autosave: Pick<Autosave, "start">) {
  const [answer, setAnswer] = useState<ContentFileAnswer>();
  const [loadError, setLoadError] = useState<string>();
  const [publishing, setPublishing] = useState<Publishing>();
  const [images, setImages] = useState<ImageList>({ images: [], pending: [] });
  const { start } = autosave;

  const load = useCallback(async () => {
    try {
      const [loaded, list, imageList] = await Promise.all([
        call(OWNER_API.contentFile, { query: { pfad: file } }),
        call(OWNER_API.contentList),
        call(OWNER_API.images),
      ]);
      const local = readLocal(file);
      const server = loaded.draft;
      // A copy kept in this browser while offline wins over an older draft on the server.
      const useLocal = local && (!server || local.savedAt > server.updatedAt);
      const begin = useLocal ? local : server ? { data: server.data, baseCommit: server.baseCommit } : undefined;
      // A waiting proposal is what the editor last sent: the form shows it until they change it again.
      const waiting = !begin && loaded.proposal?.state === "offen" ? loaded.proposal : undefined;
      setAnswer(loaded);
      setPublishing(list.publishing);
      setImages(imageList);
      start({
        data: begin?.data ?? (waiting ? waiting.data : loaded.data),
        baseCommit: begin?.baseCommit ?? loaded.baseCommit,
        draft: begin !== undefined,
        local: useLocal ? { data: local.data, baseCommit: local.baseCommit } : undefined,
        otherDrafts: loaded.otherDrafts,
      });
    } catch (caught) {
      setLoadError(errorText(caught));
    }
  }, [file, start]);

  useEffect(() => {
    void load();
  }, [load]);

  return { answer, loadError, publishing, images, setImages, load };
}
