/**
 * „Vorschläge“ for owners: the editors' changes to what the law relies on, each with who proposed it and
 * why, its changes field by field and a preview of the site with it; approving publishes it (after a recent
 * login), sending it back asks for a note the editor reads. Loaded only on this screen.
 */
import React, { useCallback, useEffect, useState } from "react";
import { call, errorText } from "../api";
import { useConfirmedAction } from "../ConfirmLogin";
import { dateTime } from "../format";
import { Link } from "../router";
import { Alert, Card, inputClass, labelClass, Loading, PageTitle, smallButton, primaryButton } from "../ui";
import { FieldChanges } from "./FieldChanges";
import { OWNER_SCREENS, ownerContentFilePath } from "../../../common/routes";
import { OWNER_API } from "../../../common/owner/api";
import type { ContentPreviewAnswer, ProposalInfo } from "../../../common/owner/responses";

export function ProposalsPage() {
  const [proposals, setProposals] = useState<ProposalInfo[]>();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<React.ReactNode>();
  const { confirmed, panel } = useConfirmedAction(setError);

  const load = useCallback(async () => {
    try {
      setProposals((await call(OWNER_API.proposals)).proposals);
    } catch (caught) {
      setError(errorText(caught));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const approve = (proposal: ProposalInfo, am?: string) =>
    confirmed(async () => {
      setError(undefined);
      const answer = await call(OWNER_API.approveProposal, { params: { id: proposal.id }, body: am ? { am } : {} });
      if (answer.planned) {
        setNotice(
          `„${proposal.title}“ ist freigegeben und geht am ${dateTime(answer.planned.dueAt)} live; vorher prüft der Server sie noch einmal. ${proposal.editor} bekommt Bescheid.`,
        );
        await load();
        return;
      }
      setNotice(
        `„${proposal.title}“ ist freigegeben und veröffentlicht. ${
          answer.publishing.to === "remote"
            ? "Die Website wird jetzt neu gebaut; in wenigen Minuten ist die Änderung live."
            : "In etwa einer Minute ist die Änderung live."
        } ${proposal.editor} bekommt Bescheid.`,
      );
      await load();
    });

  const sendBack = async (proposal: ProposalInfo, note: string) => {
    setError(undefined);
    try {
      await call(OWNER_API.returnProposal, { params: { id: proposal.id }, body: { note } });
      setNotice(`Der Vorschlag ist zurück bei ${proposal.editor}, mit deinem Hinweis. Auf der Website ändert sich nichts.`);
      await load();
      return true;
    } catch (caught) {
      setError(errorText(caught));
      return false;
    }
  };

  return (
    <>
      <p className="mb-2">
        <Link to={OWNER_SCREENS.content.path} className="font-semibold text-forest-800 underline-offset-4 hover:underline">
          ‹ Alle Inhalte
        </Link>
      </p>
      <PageTitle>Vorschläge zur Freigabe</PageTitle>
      <p className="mb-6 max-w-2xl text-bark-700">
        Änderungen der Redaktion an Rechtstexten, Zahlen, Erfahrungsberichten, der Einwilligung und den Pflichtangaben gehen erst
        live, wenn du sie freigibst. Sieh dir jede Änderung an, am besten auch in der Vorschau. Passt etwas nicht, gib sie mit
        einem Hinweis zurück.
      </p>
      {panel}
      {error && <Alert>{error}</Alert>}
      {notice && <Alert kind="success">{notice}</Alert>}
      {!proposals ? (
        <Loading />
      ) : proposals.length === 0 ? (
        <Card>
          <p>Im Moment wartet kein Vorschlag auf deine Freigabe.</p>
        </Card>
      ) : (
        <ol className="space-y-6">
          {proposals.map((proposal) => (
            <li key={proposal.id}>
              <ProposalCard
                proposal={proposal}
                onApprove={(am) => void approve(proposal, am)}
                onSendBack={sendBack}
                onError={setError}
              />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

function ProposalCard(props: {
  proposal: ProposalInfo;
  onApprove: (am?: string) => void;
  onSendBack: (proposal: ProposalInfo, note: string) => Promise<boolean>;
  onError: (message: string) => void;
}) {
  const { proposal } = props;
  const [returning, setReturning] = useState(false);
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState<"preview" | "return">();
  const [preview, setPreview] = useState<ContentPreviewAnswer>();
  const [am, setAm] = useState("");
  const noteId = `hinweis-${proposal.id}`;

  const buildPreview = async () => {
    setBusy("preview");
    const tab = window.open("", "_blank");
    try {
      const answer = await call(OWNER_API.previewProposal, { params: { id: proposal.id } });
      if (tab) {
        tab.opener = null;
        tab.location.href = answer.pages[0] ?? answer.address;
      }
      setPreview(answer);
    } catch (caught) {
      tab?.close();
      props.onError(errorText(caught));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Card>
      <h2 className="text-xl font-bold text-forest-900">{proposal.title}</h2>
      <p className="mb-1 text-sm text-bark-700">
        Vorgeschlagen von {proposal.editor} am {dateTime(proposal.createdAt)} ·{" "}
        <Link to={ownerContentFilePath(proposal.file)} className="font-semibold text-forest-800 underline">
          Datei öffnen
        </Link>
      </p>
      <p className="mb-4">
        <span className="font-semibold">Beschreibung:</span> „{proposal.message}“
      </p>
      <FieldChanges changes={proposal.changes} proposal={proposal.id} />
      {preview && (
        <p className="mt-4 text-sm">
          Vorschau fertig ({preview.seconds.toLocaleString("de-DE")} s):{" "}
          {preview.pages.map((page) => (
            <a key={page} href={page} target="_blank" rel="noreferrer" className="mr-3 font-semibold underline">
              {new URL(page).pathname.replace(/^\/vorschau\/[^/]+/, "") || "/"} öffnen
            </a>
          ))}
        </p>
      )}
      <div className="mt-5 flex flex-wrap gap-3">
        <button type="button" className={primaryButton} onClick={() => props.onApprove()} disabled={busy !== undefined}>
          Freigeben und veröffentlichen
        </button>
        <button type="button" className={smallButton} onClick={() => void buildPreview()} disabled={busy !== undefined}>
          {busy === "preview" ? "Vorschau wird gebaut …" : "Vorschau ansehen"}
        </button>
        {!returning && (
          <button type="button" className={smallButton} onClick={() => setReturning(true)} disabled={busy !== undefined}>
            Zurückgeben …
          </button>
        )}
      </div>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`termin-${proposal.id}`} className={labelClass}>
            Oder zu einem Termin freigeben (Zeit in Deutschland)
          </label>
          <input
            id={`termin-${proposal.id}`}
            type="datetime-local"
            className={inputClass}
            value={am}
            onChange={(event) => setAm(event.target.value)}
          />
        </div>
        <button type="button" className={smallButton} onClick={() => props.onApprove(am)} disabled={busy !== undefined || !am}>
          Zum Termin freigeben
        </button>
      </div>
      {returning && (
        <form
          className="mt-4 flex max-w-xl flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setBusy("return");
            void props.onSendBack(proposal, note).then((done) => {
              setBusy(undefined);
              if (done) setReturning(false);
            });
          }}
        >
          <label htmlFor={noteId} className={labelClass}>
            Was soll {proposal.editor} ändern?
          </label>
          <textarea
            id={noteId}
            required
            maxLength={1000}
            rows={3}
            className={inputClass}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            placeholder={"z.\u00a0B. Die neue Geschäftsführerin steht noch nicht im Handelsregister."}
          />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={primaryButton} disabled={busy !== undefined || !note.trim()}>
              {busy === "return" ? "Wird zurückgegeben …" : "Mit Hinweis zurückgeben"}
            </button>
            <button type="button" className={smallButton} onClick={() => setReturning(false)}>
              Abbrechen
            </button>
          </div>
        </form>
      )}
    </Card>
  );
}
