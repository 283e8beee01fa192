/**
 * The build's content check on the form's data, run by the server 0.6 s after the last change: its
 * messages for the fields (as rjsf's extra errors), the list entries they are in, and the other files'.
 */
import { useCallback, useMemo, useRef, useState } from "react";
import { call } from "../api";
import { errorSchemaOf } from "./form-schema";
import { OWNER_API } from "../../../common/owner/api";
import type { CheckAnswer } from "../../../common/owner/responses";

const CHECK_DELAY_MS = 600;

export function useContentCheck(file: string) {
  const [check, setCheck] = useState<CheckAnswer>({ problems: [], otherProblems: [] });
  const checkTimer = useRef<number>();

  const runCheck = useCallback(
    async (value: unknown) => {
      try {
        setCheck(await call(OWNER_API.checkContent, { body: { file, data: value } }));
      } catch {
        // offline: the check comes again with the next change
      }
    },
    [file],
  );

  /** The check after the person stops typing. */
  const checkSoon = (value: unknown) => {
    window.clearTimeout(checkTimer.current);
    checkTimer.current = window.setTimeout(() => void runCheck(value), CHECK_DELAY_MS);
  };

  // The list entries the check marks (a list file's first path step): they stay unfolded (form-theme/ArrayFieldTemplate.tsx).
  const problemEntries = useMemo(
    () => new Set(check.problems.map((problem) => problem.path[0]).filter((step): step is number => typeof step === "number")),
    [check],
  );
  const extraErrors = useMemo(() => errorSchemaOf(check.problems), [check]);

  return { check, setCheck, runCheck, checkSoon, problemEntries, extraErrors };
}

export type ContentCheck = ReturnType<typeof useContentCheck>;
