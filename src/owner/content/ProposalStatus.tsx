/** The editor's own proposal: waiting (with the way to take it back), or sent back with the owner's note. */
import React, { useState } from "react";
import { dateTime } from "../format";
import { Card, smallButton } from "../ui";
import { FieldChanges } from "./FieldChanges";
import type { ProposalInfo } from "../../../common/owner/responses";

export function ProposalStatus({ proposal, onWithdraw }: { proposal: ProposalInfo; onWithdraw: () => void }) {
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
