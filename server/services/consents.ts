/**
 * The history of a lead's declarations of consent (`lead_consents`): every sign-up adds one (in its one
 * statement, services/leads.ts), so no earlier proof is overwritten; the confirmation click confirms the
 * latest, unsubscribing ends the confirmed ones.
 * `consentProofYears` (content/site.json) counts from that end; services/privacy.ts deletes them then.
 */
import type { Queryable } from "../db/types";

/** The confirmation click confirms the latest declaration, the one the lead row now shows. */
export async function confirmLatestDeclaration(tx: Queryable, leadId: number): Promise<void> {
  await tx.query(
    `UPDATE lead_consents SET confirmed_at = (SELECT confirmed_at FROM leads WHERE id = $1)
      WHERE id = (SELECT max(id) FROM lead_consents WHERE lead_id = $1) AND confirmed_at IS NULL`,
    [leadId],
  );
}

/** Unsubscribing gives each confirmed declaration its end: the retention of `consentProofYears` counts from here. */
export async function endConfirmedDeclarations(tx: Queryable, leadId: number): Promise<void> {
  await tx.query(
    `UPDATE lead_consents SET unsubscribed_at = now()
      WHERE lead_id = $1 AND confirmed_at IS NOT NULL AND unsubscribed_at IS NULL`,
    [leadId],
  );
}
