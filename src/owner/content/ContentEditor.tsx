/**
 * One content file as a form (rjsf over the file's JSON Schema from the content description), with the
 * content check's messages at the fields while the editor types, the draft kept on the server (and in
 * this browser while the connection is gone), preview, publishing with a message, a conflict shown
 * instead of overwritten, and the file's history with „Zurücksetzen“. Loaded only on this screen.
 * The parts: useContentFile (loading), useAutosave (draft and offline copy), useContentCheck, usePreview,
 * usePublish, useFileActions; FileStatus, ProblemSummary, ActionPanel and the panels beside the form.
 */
import React, { useEffect, useMemo, useState } from "react";
import Form from "@rjsf/core";
import type { RJSFSchema } from "@rjsf/utils";
import { Alert, Card, Loading, PageTitle } from "../ui";
import { serverValidator, templates, translateString, widgets } from "./form-theme";
import { movedToTop, uiSchemaFor } from "./form-schema";
import { ConflictCard } from "./ConflictCard";
import { HistoryPanel } from "./HistoryPanel";
import { PlannedChanges } from "./PlannedChanges";
import { ProposalStatus } from "./ProposalStatus";
import { ProblemSummary } from "./ProblemSummary";
import { ActionPanel, PhoneActionBar } from "./ActionPanel";
import { BackLink, FileStatus, OtherDrafts } from "./FileStatus";
import { useAutosave } from "./useAutosave";
import { useContentFile } from "./useContentFile";
import { useContentCheck } from "./useContentCheck";
import { usePreview } from "./usePreview";
import { usePublish } from "./usePublish";
import { useFileActions } from "./useFileActions";
import { useFormContext } from "./useFormContext";
import type { Busy, EditorState, Notice } from "./editor-state";

export function ContentEditor({ file }: { file: string }) {
  const [busy, setBusy] = useState<Busy>();
  const [notice, setNotice] = useState<Notice>();
  const autosave = useAutosave(file, (text) => setNotice({ kind: "error", text }));
  const content = useContentFile(file, autosave);
  const check = useContentCheck(file);
  const { answer } = content;
  const state: EditorState = {
    file,
    answer,
    publishing: content.publishing,
    autosave,
    check,
    load: content.load,
    setBusy,
    setNotice,
  };
  const preview = usePreview(state);
  const publisher = usePublish({ ...state, onPublished: () => actions.setHistory(undefined) });
  const actions = useFileActions({ ...state, onDiscarded: () => publisher.setConflict(undefined) });
  const change = (value: unknown) => {
    if (!autosave.change(value)) return;
    setNotice(undefined);
    check.checkSoon(value);
  };

  const uiSchema = useMemo(() => (answer ? uiSchemaFor(answer.schema) : {}), [answer]);
  const formContext = useFormContext(
    file,
    content.images,
    content.setImages,
    answer?.previewValues,
    check.problemEntries,
    (path) => change(movedToTop(autosave.data, path)),
    autosave.data,
  );

  // Whatever the page shows first is checked once, so the messages are there before the first change;
  // a copy this browser kept while offline goes to the server as soon as the page is back.
  useEffect(() => {
    if (autosave.data !== undefined && answer) void check.runCheck(autosave.data);
    if (answer && autosave.unsent()) void autosave.save();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  if (content.loadError)
    return (
      <>
        <BackLink />
        <Alert>{content.loadError}</Alert>
      </>
    );
  if (!answer) return <Loading />;
  const changed = autosave.saveState !== "clean";
  const previewable = answer.pages.length > 0;

  return (
    <>
      <BackLink />
      <PageTitle>{answer.title}</PageTitle>
      {answer.description && <p className="-mt-4 mb-4 max-w-2xl text-bark-700">{answer.description}.</p>}
      <FileStatus answer={answer} saveState={autosave.saveState} />
      <OtherDrafts drafts={autosave.otherDrafts} />
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      {answer.proposal && <ProposalStatus proposal={answer.proposal} onWithdraw={actions.withdrawProposal} />}
      {publisher.conflict && <ConflictCard conflict={publisher.conflict} onMerge={publisher.takeMerged} />}
      <ProblemSummary check={check.check} />
      <PhoneActionBar
        approval={answer.approval !== undefined}
        previewable={previewable}
        busy={busy}
        onPreview={() => void preview()}
        onPublish={() => {
          if (changed) publisher.setPublishOpen(true);
        }}
      />
      <div className="grid gap-6 pb-20 lg:grid-cols-[minmax(0,1fr)_18rem] lg:pb-0">
        <Card className="min-w-0">
          <Form
            schema={answer.schema as RJSFSchema}
            uiSchema={uiSchema}
            formData={autosave.data}
            validator={serverValidator}
            templates={templates}
            widgets={widgets}
            translateString={translateString}
            formContext={formContext}
            extraErrors={check.extraErrors}
            showErrorList={false}
            noHtml5Validate
            idPrefix="feld"
            onChange={(event) => change(event.formData)}
            onSubmit={() => undefined}
          />
        </Card>
        <aside id="aktionen" className="scroll-mt-4 lg:sticky lg:top-4 lg:self-start" aria-label="Aktionen">
          <ActionPanel
            approval={answer.approval}
            previewable={previewable}
            file={file}
            changed={changed}
            busy={busy}
            publisher={publisher}
            onPreview={() => void preview()}
            onDiscard={() => void actions.discard()}
            onHistory={() => void actions.showHistory()}
          />
          <PlannedChanges planned={answer.planned} onCancel={(item) => void actions.cancelPlan(item)} />
          {actions.history && (
            <HistoryPanel
              file={file}
              history={actions.history}
              busy={busy !== undefined}
              onRestore={(entry) => void actions.restore(entry)}
              onPreview={(version) => void preview(version)}
            />
          )}
        </aside>
      </div>
    </>
  );
}
