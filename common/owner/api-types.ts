/** What the owner API answers and the owner screens show: one definition for server and screens. */

export interface ConsentProof {
  formPage: string;
  submittedAt: string;
  consentTextVersion: string;
  privacyVersion: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

export interface PersonData {
  email: string;
  leads: Record<string, unknown>[];
  /** Every sign-up's proof of consent (page, times, versions), oldest first; `leads` shows the current state. */
  consents: Record<string, unknown>[];
  /** Confirmation and unsubscribe links issued to the leads (their hashes are of no use and left out). */
  leadLinks: Record<string, unknown>[];
  contactRequests: Record<string, unknown>[];
  /**
   * Mails to or about the person, sent and still scheduled: kind, status, when due (`due_at`: the planned
   * time of a scheduled mail, else when it was queued), when sent; `text` is the mail as queued (emptied
   * once sent or cancelled).
   */
  mails: Record<string, unknown>[];
  /** Events about the person handed to the owner's tools by webhook (WEBHOOK_URLS). */
  webhooks: Record<string, unknown>[];
}

export interface RequestSummary {
  id: number;
  name: string;
  email: string;
  submittedAt: string;
  answeredAt: string | null;
  /** Open and older than the promised reply time. */
  overdue: boolean;
  /** Why it looks automated, when it does (then it is listed only under „Spam“). */
  spam?: string;
}

/** Owners see the whole owner area; editors only „Inhalte“ and their own login settings. */
export type OwnerRole = "owner" | "editor";

/** The owner's session as GET /api/verwaltung/sitzung describes it. */
export interface OwnerSession {
  email: string;
  role: OwnerRole;
  method: "link" | "passkey";
  createdAt: string;
  expiresAt: string;
  /** Until when sensitive actions need no new login. */
  confirmedUntil: string;
  /** Logged in (or confirmed) within the last minutes. */
  recent: boolean;
}
