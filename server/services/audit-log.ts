/**
 * The audit log: every owner action with owner, time and object. Kept `retention.auditLogDays`
 * (content/site.json), then purged. Objects name records by id or, for person actions, by e-mail.
 */
import type { Queryable } from "../db/types";
import type { AuditEntry } from "../../common/owner/responses";

export const AUDIT_ACTIONS = {
  login: "In der Verwaltung angemeldet",
  "login-failed": "Anmeldung an der Verwaltung fehlgeschlagen",
  "login-warning": "Warnung an alle Inhaber: viele fehlgeschlagene Anmeldungen",
  "form-mail-brake": "Warnung an alle Inhaber: ungewöhnlich viele Formular-E-Mails, Eingangsbestätigungen angehalten",
  "spam-summary": "Übersicht an alle Inhaber: Anfragen und Anmeldungen als Spam markiert",
  "login-confirmed": "Anmeldung bestätigt",
  logout: "In der Verwaltung abgemeldet",
  "sessions-ended": "Alle Sitzungen beendet",
  "passkey-added": "Passkey hinzugefügt",
  "passkey-removed": "Passkey entfernt",
  "request-viewed": "Anfrage angesehen",
  reply: "Antwort gesendet",
  "marked-answered": "Als beantwortet markiert",
  export: "Anmeldungen exportiert",
  "leads-read": "Bestätigte Anmeldungen gelesen",
  "spam-erased": "Spam gelöscht",
  "person-viewed": "Person angesehen",
  "person-downloaded": "Personendaten heruntergeladen",
  erase: "Person gelöscht",
  unsubscribe: "Person von unseren E-Mails abgemeldet",
  "webhook-resent": "Webhook erneut gesendet",
  "endpoint-enabled": "Webhook-Empfänger wieder aktiviert",
  "newsletter-saved": "Newsletter gespeichert",
  "newsletter-test": "Newsletter-Test gesendet",
  "newsletter-scheduled": "Newsletter gesendet oder geplant",
  "newsletter-cancelled": "Newsletter abgesagt",
  "content-preview": "Vorschau von Inhalten gebaut",
  "content-published": "Inhalt veröffentlicht",
  "content-restored": "Inhalt auf eine frühere Fassung zurückgesetzt",
  "content-image": "Bild hochgeladen",
  "content-proposed": "Änderung zur Freigabe vorgeschlagen",
  "content-proposal-approved": "Vorschlag freigegeben und veröffentlicht",
  "content-proposal-returned": "Vorschlag mit Hinweis zurückgegeben",
  "content-proposal-withdrawn": "Vorschlag zurückgezogen",
  "content-planned": "Änderung für einen Termin geplant",
  "content-plan-cancelled": "Geplante Änderung abgesagt",
  "content-plan-published": "Geplante Änderung veröffentlicht",
  "content-plan-withdrawn": "Änderung wie geplant zurückgenommen",
  "content-plan-failed": "Geplante Änderung fehlgeschlagen",
  "ledger-replayed": "Abmeldungen und Löschungen nach einer Wiederherstellung erneut eingetragen",
  "experiment-ended": "Experiment beendet, das Original bleibt",
  "experiment-adopted": "Gewinner eines Experiments in die Seite übernommen",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export async function audit(db: Queryable, owner: string, action: AuditAction, object?: string): Promise<void> {
  await db.query("INSERT INTO audit_log (owner_email, action, object) VALUES ($1, $2, $3)", [owner, action, object ?? null]);
}

export type { AuditEntry };

export const AUDIT_PAGE_SIZE = 50;

/** Newest first, keyset-paginated by id. */
export async function listAudit(db: Queryable, beforeId?: number): Promise<AuditEntry[]> {
  const { rows } = await db.query<{ id: string; at: Date; owner_email: string; action: AuditAction; object: string | null }>(
    `SELECT id, at, owner_email, action, object FROM audit_log
      WHERE ($1::bigint IS NULL OR id < $1) ORDER BY id DESC LIMIT $2`,
    [beforeId ?? null, AUDIT_PAGE_SIZE],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    at: new Date(row.at).toISOString(),
    owner: row.owner_email,
    action: row.action,
    label: AUDIT_ACTIONS[row.action] ?? row.action,
    object: row.object,
  }));
}

export async function purgeAuditLog(db: Queryable, days: number): Promise<number> {
  const { rows } = await db.query("DELETE FROM audit_log WHERE at < now() - $1::integer * interval '1 day' RETURNING id", [days]);
  return rows.length;
}

/**
 * How a person appears in the log: first letter and domain only ("t***@example.de"), so the log keeps
 * no copy of an address after that person's data is erased.
 */
export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.trim().toLowerCase().split("@");
  return `${local.slice(0, 1)}***@${domain}`;
}

/**
 * An owner's note for the log (how a withdrawal came in): one line, control characters as spaces, every
 * e-mail address in it masked like the person's, at most `max` characters. Empty: none.
 */
export function auditNote(note: string | undefined, max = 200): string | undefined {
  const line = (note ?? "")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ")
    .replace(/[^\s@]+@[^\s@]+/g, (address) => maskEmail(address))
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max);
  return line === "" ? undefined : line;
}
