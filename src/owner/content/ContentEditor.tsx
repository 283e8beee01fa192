/**
 * One content file as a form (rjsf over the file's JSON Schema from the content description), with the
 * content check's messages at the fields while the editor types, the draft kept on the server (and in
 * this browser while the connection is gone), preview, publishing with a message, a conflict shown
 * instead of overwritten, and the file's history with „Zurücksetzen“. Loaded only on this screen.
 */
import React, { useCallback, useEffect, useMemo, useRef, useState } from "react";
import Form from "@rjsf/core";
import type { RJSFSchema } from "@rjsf/utils";
import { api, ApiError, errorText } from "../api";
import { dateTime } from "../format";
import { Link } from "../router";
import { Alert, Card, inputClass, labelClass, Loading, PageTitle, smallButton, primaryButton } from "../ui";
import { serverValidator, templates, translateString, widgets } from "./form-theme";
import { errorSchemaOf, uiSchemaFor } from "./form-schema";
import type { ImageContext } from "./ImageWidget";
import type { CreditInput } from "../../../common/content/image-credits";
import { OWNER_API_PREFIX, OWNER_SCREENS, ownerContentFilePath } from "../../../common/routes";
import type {
  CheckAnswer,
  CommitInfo,
  ContentFileAnswer,
  HistoryAnswer,
  HistoryEntry,
  PlannedAnswer,
  ProposalInfo,
  ReleaseState,
  Publishing,
  ScheduledChange,
} from "../../../common/owner/responses";
import type {
  ContentPlanBody,
  ContentDataBody,
  ContentDraftBody,
  ContentImageBody,
  ContentPublishBody,
  ContentRestoreBody,
} from "../../../common/owner/schemas";
import { readLocal, writeLocal } from "./local-copies";
import { FieldChanges } from "./FieldChanges";
import { PlannedChanges } from "./PlannedChanges";
import { ConflictCard, type Conflict } from "./ConflictCard";
import { HistoryPanel } from "./HistoryPanel";

const SAVE_DELAY_MS = 800;
const CHECK_DELAY_MS = 600;
const RETRY_MS = 10_000;

async function uploadImage(file: File, credit: CreditInput): Promise<{ image: string; images: string[] }> {
  const data = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(new Error("Die Datei ließ sich nicht lesen."));
    reader.readAsDataURL(file);
  });
  return api<{ image: string; images: string[] }>("/inhalte/bilder", {
    method: "POST",
    body: { name: file.name, data, credit } satisfies ContentImageBody,
  });
}

type SaveState = "saved" | "saving" | "offline" | "clean";

export function ContentEditor({ file }: { file: string }) {
  const [answer, setAnswer] = useState<ContentFileAnswer>();
  const [loadError, setLoadError] = useState<string>();
  const [data, setData] = useState<unknown>();
  const [baseCommit, setBaseCommit] = useState("");
  const [check, setCheck] = useState<CheckAnswer>({ problems: [], otherProblems: [] });
  const [saveState, setSaveState] = useState<SaveState>("clean");
  const [otherDrafts, setOtherDrafts] = useState<ContentFileAnswer["otherDrafts"]>([]);
  const [images, setImages] = useState<string[]>([]);
  const [message, setMessage] = useState("");
  const [publishOpen, setPublishOpen] = useState(false);
  /** „Später veröffentlichen“: the time it goes live, and optionally when it goes back (Germany's time). */
  const [later, setLater] = useState<{ am: string; zuruecknehmenAm: string }>();
  const [busy, setBusy] = useState<"preview" | "publish" | "restore">();
  const [notice, setNotice] = useState<{ kind: "success" | "error" | "info"; text: React.ReactNode }>();
  const [conflict, setConflict] = useState<Conflict>();
  const [history, setHistory] = useState<HistoryEntry[]>();
  const [publishing, setPublishing] = useState<Publishing>();
  const saveTimer = useRef<number>();
  const checkTimer = useRef<number>();
  const latest = useRef<{ data: unknown; baseCommit: string }>();

  const load = useCallback(async () => {
    try {
      const [loaded, list, imageList] = await Promise.all([
        api<ContentFileAnswer>(`/inhalte/datei?pfad=${encodeURIComponent(file)}`),
        api<{ publishing: Publishing }>("/inhalte"),
        api<{ images: string[] }>("/inhalte/bilder"),
      ]);
      const local = readLocal(file);
      const server = loaded.draft;
      // A copy kept in this browser while offline wins over an older draft on the server.
      const useLocal = local && (!server || local.savedAt > server.updatedAt);
      const start = useLocal ? local : server ? { data: server.data, baseCommit: server.baseCommit } : undefined;
      // A waiting proposal is what the editor last sent: the form shows it until they change it again.
      const waiting = !start && loaded.proposal?.state === "offen" ? loaded.proposal : undefined;
      setAnswer(loaded);
      setPublishing(list.publishing);
      setImages(imageList.images);
      setOtherDrafts(loaded.otherDrafts);
      setData(start?.data ?? (waiting ? waiting.data : loaded.data));
      setBaseCommit(start?.baseCommit ?? loaded.baseCommit);
      setSaveState(start ? "saved" : "clean");
      if (useLocal) latest.current = { data: local.data, baseCommit: local.baseCommit };
    } catch (caught) {
      setLoadError(errorText(caught));
    }
  }, [file]);

  useEffect(() => {
    void load();
  }, [load]);

  const runCheck = useCallback(
    async (value: unknown) => {
      try {
        setCheck(
          await api<CheckAnswer>("/inhalte/pruefen", { method: "POST", body: { file, data: value } satisfies ContentDataBody }),
        );
      } catch {
        // offline: the check comes again with the next change
      }
    },
    [file],
  );

  const save = useCallback(async () => {
    const pending = latest.current;
    if (!pending) return;
    setSaveState("saving");
    try {
      const saved = await api<{ otherDrafts: ContentFileAnswer["otherDrafts"] }>("/inhalte/entwurf", {
        method: "POST",
        body: { file, data: pending.data, baseCommit: pending.baseCommit } satisfies ContentDraftBody,
      });
      if (latest.current === pending) {
        latest.current = undefined;
        writeLocal(file, undefined);
      }
      setOtherDrafts(saved.otherDrafts);
      setSaveState(latest.current ? "saving" : "saved");
    } catch (caught) {
      if (caught instanceof ApiError && caught.status !== 0) setNotice({ kind: "error", text: caught.message });
      setSaveState("offline");
      window.clearTimeout(saveTimer.current);
      saveTimer.current = window.setTimeout(() => void save(), RETRY_MS);
    }
  }, [file]);

  useEffect(() => {
    const retry = () => void save();
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [save]);

  // Whatever the page shows first is checked once, so the messages are there before the first change;
  // a copy this browser kept while offline goes to the server as soon as the page is back.
  useEffect(() => {
    if (data !== undefined && answer) void runCheck(data);
    if (answer && latest.current) void save();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  const change = (value: unknown) => {
    // rjsf also reports the data it was given (defaults filled in): that is no change of the editor's.
    if (JSON.stringify(value) === JSON.stringify(data)) return;
    setData(value);
    setNotice(undefined);
    const pending = { data: value, baseCommit };
    latest.current = pending;
    writeLocal(file, { ...pending, savedAt: new Date().toISOString() });
    setSaveState((state) => (state === "offline" ? "offline" : "saving"));
    window.clearTimeout(saveTimer.current);
    saveTimer.current = window.setTimeout(() => void save(), SAVE_DELAY_MS);
    window.clearTimeout(checkTimer.current);
    checkTimer.current = window.setTimeout(() => void runCheck(value), CHECK_DELAY_MS);
  };

  const flush = async () => {
    window.clearTimeout(saveTimer.current);
    if (latest.current) await save();
    if (latest.current)
      throw new ApiError(0, "Deine Änderung ist noch nicht beim Server angekommen. Bitte prüfe deine Verbindung.");
  };

  const preview = async (shown: unknown = data) => {
    setBusy("preview");
    setNotice(undefined);
    const tab = window.open("", "_blank");
    try {
      const result = await api<{ address: string; pages: string[]; seconds: number }>("/inhalte/vorschau", {
        method: "POST",
        body: { file, data: shown } satisfies ContentDataBody,
      });
      const target = result.pages[0] ?? result.address;
      if (tab) {
        tab.opener = null;
        tab.location.href = target;
      }
      setNotice({
        kind: "success",
        text: (
          <>
            Die Vorschau ist fertig ({result.seconds.toLocaleString("de-DE")} s).{" "}
            {result.pages.map((page) => (
              <a key={page} href={page} target="_blank" rel="noreferrer" className="mr-3 font-semibold underline">
                {new URL(page).pathname.replace(/^\/vorschau\/[^/]+/, "") || "/"} öffnen
              </a>
            ))}
          </>
        ),
      });
    } catch (caught) {
      tab?.close();
      if (caught instanceof ApiError && caught.status === 422) await runCheck(data);
      setNotice({ kind: "error", text: errorText(caught) });
    } finally {
      setBusy(undefined);
    }
  };

  const publish = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy("publish");
    setNotice(undefined);
    try {
      await flush();
      const result = later
        ? await fetchJson("/inhalte/planen", {
            file,
            message,
            am: later.am,
            ...(later.zuruecknehmenAm ? { zuruecknehmenAm: later.zuruecknehmenAm } : {}),
          } satisfies ContentPlanBody)
        : await fetchJson("/inhalte/veroeffentlichen", { file, message } satisfies ContentPublishBody);
      if (result.status === 409) {
        const body = result.body as { error: string; conflict: Omit<Conflict, "mine"> };
        setConflict({ ...body.conflict, mine: data });
        setNotice({ kind: "error", text: body.error });
        return;
      }
      if (result.status === 422) {
        setCheck(result.body as CheckAnswer);
        setNotice({ kind: "error", text: (result.body as { error: string }).error });
        return;
      }
      if (result.status !== 200 && result.status !== 201 && result.status !== 202)
        throw new ApiError(result.status, (result.body as { error?: string }).error ?? "");
      writeLocal(file, undefined);
      setConflict(undefined);
      setPublishOpen(false);
      setMessage("");
      setLater(undefined);
      setHistory(undefined);
      await load();
      if (result.status === 201) {
        const { planned } = result.body as PlannedAnswer;
        setNotice({
          kind: "success",
          text: `Geplant: Deine Änderung geht am ${dateTime(planned.dueAt)} live${
            planned.withdrawAt ? ` und am ${dateTime(planned.withdrawAt)} wieder zurück` : ""
          }. Vorher prüft der Server sie noch einmal; was daraus wird, siehst du hier und per E-Mail.`,
        });
        return;
      }
      if (result.status === 202) {
        setNotice({ kind: "success", text: PROPOSED });
        return;
      }
      const together = (result.body as { merged?: boolean }).merged
        ? "Jemand anders hatte inzwischen andere Felder geändert: Beide Änderungen sind zusammen veröffentlicht. "
        : "";
      setNotice({
        kind: "success",
        text:
          together +
          (publishing?.to === "remote"
            ? publishing.branch === "main"
              ? "Veröffentlicht. Die Website wird jetzt neu gebaut; in wenigen Minuten ist deine Änderung live."
              : `Gespeichert im Zweig „${publishing.branch}“. Sobald er übernommen ist, geht die Änderung live.`
            : "Veröffentlicht. Die Website wird jetzt neu gebaut; in etwa einer Minute ist deine Änderung live."),
      });
    } catch (caught) {
      setNotice({ kind: "error", text: errorText(caught) });
    } finally {
      setBusy(undefined);
    }
  };

  const discard = async () => {
    if (!window.confirm("Deine ungespeicherten Änderungen an dieser Datei verwerfen?")) return;
    window.clearTimeout(saveTimer.current);
    latest.current = undefined;
    writeLocal(file, undefined);
    await api(`/inhalte/entwurf?pfad=${encodeURIComponent(file)}`, { method: "DELETE" }).catch(() => undefined);
    setConflict(undefined);
    await load();
  };

  /** The conflict card's merged file becomes the draft, on the file as it is now; the card goes. */
  const takeMerged = (merged: unknown, commit: string) => {
    setBaseCommit(commit);
    setData(merged);
    latest.current = { data: merged, baseCommit: commit };
    void save();
    void runCheck(merged);
    setConflict(undefined);
    setNotice({
      kind: "info",
      text: "Zusammengeführt: Dein Entwurf enthält jetzt beide Änderungen. Sieh ihn dir an und veröffentliche ihn dann.",
    });
  };

  const showHistory = async () => {
    try {
      setHistory((await api<HistoryAnswer>(`/inhalte/verlauf?pfad=${encodeURIComponent(file)}`)).history);
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
      saveState !== "clean" ? ` Dein Entwurf dieser Datei mit noch nicht veröffentlichten Änderungen wird dabei verworfen.` : "";
    if (!window.confirm(`Die Fassung vom ${dateTime(entry.date)} („${entry.message}“) wiederherstellen? ${outcome}${pending}`))
      return;
    setBusy("restore");
    try {
      if (pending) {
        window.clearTimeout(saveTimer.current);
        latest.current = undefined;
        writeLocal(file, undefined);
        await api(`/inhalte/entwurf?pfad=${encodeURIComponent(file)}`, { method: "DELETE" });
      }
      const result = await fetchJson("/inhalte/zuruecksetzen", { file, commit: entry.commit } satisfies ContentRestoreBody);
      if (result.status !== 200 && result.status !== 202)
        throw new ApiError(result.status, (result.body as { error?: string }).error ?? "");
      await load();
      await showHistory();
      if (result.status === 202) {
        setNotice({ kind: "success", text: PROPOSED });
        return;
      }
      setNotice({ kind: "success", text: `Zurückgesetzt auf die Fassung vom ${dateTime(entry.date)}.` });
    } catch (caught) {
      setNotice({ kind: "error", text: errorText(caught) });
    } finally {
      setBusy(undefined);
    }
  };

  const cancelPlan = async (item: ScheduledChange) => {
    if (!window.confirm(`Die geplante Änderung „${item.message}“ absagen? Sie wird dann wieder dein Entwurf.`)) return;
    try {
      await api(`/inhalte/geplant/${item.id}`, { method: "DELETE" });
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
      await api(`/inhalte/vorschlag?pfad=${encodeURIComponent(file)}`, { method: "DELETE" });
      await load();
      setNotice({
        kind: "info",
        text: "Dein Vorschlag ist zurückgezogen. Deine Änderung ist als Entwurf erhalten: Du kannst sie anpassen oder verwerfen.",
      });
    } catch (caught) {
      setNotice({ kind: "error", text: errorText(caught) });
    }
  };

  const uiSchema = useMemo(() => (answer ? uiSchemaFor(answer.schema) : {}), [answer]);
  // The list entries the check marks (a list file's first path step): they stay unfolded (form-theme.tsx).
  const problemEntries = useMemo(
    () => new Set(check.problems.map((problem) => problem.path[0]).filter((step): step is number => typeof step === "number")),
    [check],
  );
  const formContext = useMemo<
    ImageContext & { previewValues?: unknown; problemEntries: ReadonlySet<number>; formData?: unknown }
  >(
    () => ({
      // A field that depends on another of its entry reads it here (an experiment's text, its page).
      formData: data,
      previewValues: answer?.previewValues,
      problemEntries,
      prefix: "../".repeat(file.split("/").length - 1),
      images,
      imageUrl: (path) => `${OWNER_API_PREFIX}/inhalte/bild?pfad=${encodeURIComponent(path)}`,
      upload: async (picked, credit) => {
        try {
          const result = await uploadImage(picked, credit);
          setImages(result.images);
          return result.image;
        } catch (caught) {
          throw new Error(errorText(caught));
        }
      },
    }),
    [file, images, answer?.previewValues, problemEntries, data],
  );
  const extraErrors = useMemo(() => errorSchemaOf(check.problems), [check]);

  if (loadError)
    return (
      <>
        <BackLink />
        <Alert>{loadError}</Alert>
      </>
    );
  if (!answer) return <Loading />;
  const changed = saveState !== "clean";
  const problemCount = check.problems.length + check.otherProblems.length;

  return (
    <>
      <BackLink />
      <PageTitle>{answer.title}</PageTitle>
      {answer.description && <p className="-mt-4 mb-4 max-w-2xl text-bark-700">{answer.description}.</p>}
      <p className="mb-4 text-sm text-bark-700">
        {answer.lastChange
          ? `Zuletzt veröffentlicht am ${dateTime(answer.lastChange.date)} von ${answer.lastChange.author}.`
          : "Noch nie über die Verwaltung veröffentlicht."}{" "}
        {answer.release && <ReleaseLine release={answer.release} page={answer.pages[0]} />}{" "}
        <span role="status" className="font-semibold">
          {SAVE_LABELS[saveState]}
        </span>
      </p>
      {otherDrafts.length > 0 && (
        <Alert kind="info">
          {otherDrafts.map((draft) => `${draft.editor} (zuletzt ${dateTime(draft.updatedAt)})`).join(", ")}{" "}
          {otherDrafts.length === 1 ? "arbeitet" : "arbeiten"} gerade auch an dieser Datei. Was zuerst veröffentlicht wird,
          überschreibt die andere Änderung nicht: Sie wird danach angezeigt, damit ihr sie zusammenführen könnt.
        </Alert>
      )}
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      {answer.proposal && <ProposalStatus proposal={answer.proposal} onWithdraw={withdrawProposal} />}
      {conflict && <ConflictCard conflict={conflict} onMerge={takeMerged} />}
      {problemCount > 0 && (
        <Alert>
          {problemCount === 1
            ? "Eine Stelle braucht noch deine Aufmerksamkeit; sie ist unten rot markiert."
            : `${problemCount} Stellen brauchen noch deine Aufmerksamkeit; sie sind unten rot markiert.`}
          {check.problems.length > 0 && (
            <ul className="mt-2 list-disc pl-6">
              {/* Each with the field's name, as the form shows it: where it is, also in a long form. */}
              {check.problems.map((problem) => (
                <li key={`${problem.path.join(".")} ${problem.message}`}>
                  {problem.field ? `${problem.field}: ` : ""}
                  {problem.message}
                </li>
              ))}
            </ul>
          )}
          {check.otherProblems.length > 0 && (
            <ul className="mt-2 list-disc pl-6">
              {(check.otherPlaces ?? check.otherProblems.map((text) => ({ text, file: undefined }))).map((place) => (
                <li key={place.text}>
                  {place.file ? (
                    <Link to={ownerContentFilePath(place.file)} className="underline">
                      {place.text}
                    </Link>
                  ) : (
                    place.text
                  )}
                </li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      {/* On a phone the actions sit below a long form: a bar at the bottom keeps the two that matter in reach. */}
      <div className="fixed inset-x-0 bottom-0 z-20 flex gap-2 border-t border-cream-200 bg-white/95 p-3 lg:hidden">
        <button
          type="button"
          className={`${BAR_BUTTON} border-2 border-forest-700 text-forest-800`}
          onClick={() => void preview()}
          disabled={busy !== undefined || answer.pages.length === 0}
        >
          Vorschau
        </button>
        <a
          href="#aktionen"
          className={`${BAR_BUTTON} bg-forest-800 text-white`}
          onClick={() => {
            if (changed) setPublishOpen(true);
          }}
        >
          {answer.approval ? "Vorschlagen …" : "Veröffentlichen …"}
        </a>
      </div>
      <div className="grid gap-6 pb-20 lg:grid-cols-[minmax(0,1fr)_18rem] lg:pb-0">
        <Card className="min-w-0">
          <Form
            schema={answer.schema as RJSFSchema}
            uiSchema={uiSchema}
            formData={data}
            validator={serverValidator}
            templates={templates}
            widgets={widgets}
            translateString={translateString}
            formContext={formContext}
            extraErrors={extraErrors}
            showErrorList={false}
            noHtml5Validate
            idPrefix="feld"
            onChange={(event) => change(event.formData)}
            onSubmit={() => undefined}
          />
        </Card>
        <aside id="aktionen" className="scroll-mt-4 lg:sticky lg:top-4 lg:self-start" aria-label="Aktionen">
          <Card>
            <div className="flex flex-col gap-3">
              {answer.approval && (
                <p className="text-sm text-bark-700">
                  <span className="font-semibold text-forest-900">Mit Freigabe:</span> Hier geht es um {answer.approval}. Deine
                  Änderung geht erst live, wenn eine Inhaberin oder ein Inhaber sie freigibt.
                </p>
              )}
              <button
                type="button"
                className={smallButton}
                onClick={() => void preview()}
                disabled={busy !== undefined || answer.pages.length === 0}
              >
                {busy === "preview" ? "Vorschau wird gebaut …" : "Vorschau"}
              </button>
              {answer.pages.length === 0 && (
                <p className="text-sm text-bark-700">
                  {answer.file === "experiments.json"
                    ? "Experimente zeigt die Vorschau nicht: Welche Fassung jemand sieht, wählt erst der Server der Website."
                    : "E-Mails zeigt die Vorschau nicht."}
                </p>
              )}
              {!publishOpen ? (
                <button
                  type="button"
                  className={primaryButton}
                  onClick={() => setPublishOpen(true)}
                  disabled={!changed || busy !== undefined}
                >
                  {answer.approval ? "Zur Freigabe vorschlagen …" : "Veröffentlichen …"}
                </button>
              ) : (
                <form onSubmit={publish} className="flex flex-col gap-2">
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
                  {!answer.approval && (
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
                        Zum Beispiel für ein Angebot zu Weihnachten. Felder, die bis dahin jemand anders geändert hat, bleiben,
                        wie sie sind.
                      </p>
                    </>
                  )}
                  <button type="submit" className={primaryButton} disabled={busy !== undefined || !message.trim()}>
                    {answer.approval
                      ? busy === "publish"
                        ? "Wird vorgeschlagen …"
                        : "Vorschlag senden"
                      : later
                        ? busy === "publish"
                          ? "Wird geplant …"
                          : "Planen"
                        : busy === "publish"
                          ? "Wird veröffentlicht …"
                          : "Jetzt veröffentlichen"}
                  </button>
                  <button
                    type="button"
                    className={smallButton}
                    onClick={() => {
                      setPublishOpen(false);
                      setLater(undefined);
                    }}
                  >
                    Abbrechen
                  </button>
                </form>
              )}
              {changed && (
                <button
                  type="button"
                  className={`${smallButton} border-red-800 text-red-800`}
                  onClick={discard}
                  disabled={busy !== undefined}
                >
                  Änderungen verwerfen
                </button>
              )}
              <button type="button" className={smallButton} onClick={showHistory} disabled={busy !== undefined}>
                Verlauf anzeigen
              </button>
            </div>
          </Card>
          <PlannedChanges planned={answer.planned} onCancel={(item) => void cancelPlan(item)} />
          {history && (
            <HistoryPanel
              file={file}
              history={history}
              busy={busy !== undefined}
              onRestore={(entry) => void restore(entry)}
              onPreview={(version) => void preview(version)}
            />
          )}
        </aside>
      </div>
    </>
  );
}

/** What became of the last change's release: being built, live since (with the page), or failed and why. */
function ReleaseLine({ release, page }: { release: ReleaseState; page?: string }) {
  if (release.state === "wird gebaut") return <span className="font-semibold">Die Website wird gerade damit gebaut.</span>;
  if (release.state === "live")
    return (
      <span>
        Live seit {dateTime(release.since)}
        {page && (
          <>
            {" "}
            –{" "}
            <a href={page} target="_blank" rel="noreferrer" className="font-semibold underline">
              Seite ansehen
            </a>
          </>
        )}
        .
      </span>
    );
  return (
    <span role="alert" className="font-semibold text-red-800">
      Fehlgeschlagen am {dateTime(release.since)}: {release.reason}
    </span>
  );
}

/** A button of the bar at the bottom of a phone's screen: two share its width, however long their words. */
const BAR_BUTTON =
  "inline-flex min-h-11 min-w-0 flex-1 items-center justify-center rounded-full px-3 py-2 text-sm font-semibold disabled:opacity-60";

const PROPOSED =
  "Dein Vorschlag ist bei den Inhabern: Sie bekommen eine E-Mail und sehen deine Änderung Feld für Feld. Sobald jemand ihn freigibt, geht er live, und du bekommst Bescheid.";

/** The editor's own proposal: waiting (with the way to take it back), or sent back with the owner's note. */
function ProposalStatus({ proposal, onWithdraw }: { proposal: ProposalInfo; onWithdraw: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Card className={`mb-5 ring-2 ${proposal.state === "offen" ? "ring-forest-100" : "ring-ember-400"}`}>
      {proposal.state === "offen" ? (
        <>
          <h2 className="mb-1 text-lg font-bold text-forest-900">Dein Vorschlag wartet auf Freigabe</h2>
          <p className="mb-3">
            Gesendet am {dateTime(proposal.createdAt)}: „{proposal.message}“. Bis jemand ihn freigibt, bleibt die Website, wie sie
            ist. Änderst du weiter, schlägst du die neue Fassung einfach noch einmal vor.
          </p>
        </>
      ) : (
        <>
          <h2 className="mb-1 text-lg font-bold text-forest-900">Dein Vorschlag wurde zurückgegeben</h2>
          <p className="mb-1">
            {proposal.decidedBy} am {dateTime(proposal.decidedAt)}: „{proposal.note}“
          </p>
          <p className="mb-3">Deine Änderung ist als Entwurf erhalten. Pass sie an und schlag sie noch einmal vor.</p>
        </>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="button" className={smallButton} aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? "Änderungen ausblenden" : "Änderungen ansehen"}
        </button>
        {proposal.state === "offen" && (
          <button type="button" className={smallButton} onClick={onWithdraw}>
            Vorschlag zurückziehen
          </button>
        )}
      </div>
      {open && (
        <div className="mt-4">
          <FieldChanges changes={proposal.changes} />
        </div>
      )}
    </Card>
  );
}

const SAVE_LABELS: Record<SaveState, string> = {
  clean: "",
  saving: "Wird gespeichert …",
  saved: "Entwurf gespeichert.",
  offline:
    "Keine Verbindung: deine Änderung ist in diesem Browser gesichert und wird gespeichert, sobald die Verbindung zurück ist.",
};

function BackLink() {
  return (
    <p className="mb-2">
      <Link to={OWNER_SCREENS.content.path} className="font-semibold text-forest-800 underline-offset-4 hover:underline">
        ‹ Alle Inhalte
      </Link>
    </p>
  );
}

/** A POST whose refusals (409, 422) carry data the screen shows, not only a message. */
async function fetchJson(path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  try {
    const response = await fetch(`${OWNER_API_PREFIX}${path}`, {
      method: "POST",
      credentials: "same-origin",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (response.status === 401) return { status: 401, body: await api("/sitzung").catch(() => ({})) };
    return { status: response.status, body: await response.json().catch(() => ({})) };
  } catch {
    throw new ApiError(0, "Das hat leider nicht geklappt. Bitte prüfe deine Verbindung und versuche es noch einmal.");
  }
}
