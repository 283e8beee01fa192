/**
 * What the owner API answers: the JSON each route under OWNER_API_PREFIX (common/routes.ts) sends with its
 * 200 (201, 202), as JSON Schema (TypeBox). The routes register these as `schema.response`
 * (server/routes/owner/), the server's services and the owner screens take their types from them (the
 * screens with `import type` only, so the browser carries no TypeBox code). Refusals keep their own shape:
 * `{ error }` with the German message (server/http/errors.ts).
 *
 * Fastify writes an answer with a response schema through fast-json-stringify, which leaves out every
 * property not declared here and writes each value as its declared type. So each schema says exactly what
 * its route sends: a property the route adds must be added here too, or it never reaches the screen
 * (response-schemas.test.ts compares the answers with what the services return). Rows the owner reads as
 * stored (a person's data) stay open: every column is kept, a timestamp written as ISO text.
 */
import Type, { type Static, type TSchema } from "typebox";

/** A time as ISO text (`2026-11-27T09:30:00.000Z`); a Date in its place is written the same way. */
const isoTime = () => Type.String({ format: "date-time" });
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** A table row as the database gives it, every column kept. */
const Row = Type.Record(Type.String(), Type.Unknown());
/** One of these words. */
const literals = <Values extends string[]>(...values: [...Values]) => Type.Enum(values);

/** `{ ok: true }`: done, nothing more to say. */
export const OkAnswer = Type.Object({ ok: Type.Literal(true) });

// --- Login and session (login.ts, passkeys.ts) ---

/** Owners see the whole owner area; editors only „Inhalte“ and their own login settings. */
export const OwnerRole = literals("owner", "editor");
export const LoginMethod = literals("link", "passkey");

/** The login link is on its way (or not: the answer is the same for every address). */
export const LoginLinkAnswer = Type.Object({ message: Type.String() });
/** A new session: its cookie is set with this answer. */
export const LoginAnswer = Type.Object({ email: Type.String(), method: LoginMethod });

/** The owner's session as GET /api/verwaltung/sitzung describes it. */
export const OwnerSession = Type.Object({
  email: Type.String(),
  role: OwnerRole,
  method: LoginMethod,
  createdAt: isoTime(),
  expiresAt: isoTime(),
  /** Until when sensitive actions need no new login. */
  confirmedUntil: isoTime(),
  /** Logged in (or confirmed) within the last minutes. */
  recent: Type.Boolean(),
});

/** „Alle Sitzungen beenden“: how many sessions ended, and how many passkeys went with them. */
export const SessionsEndedAnswer = Type.Object({ ok: Type.Literal(true), ended: Type.Number(), passkeys: Type.Number() });

/**
 * WebAuthn options as @simplewebauthn/server makes them, handed to the browser's WebAuthn call unchanged:
 * open, so nothing the library adds is lost.
 */
export const PasskeyOptions = Type.Object({ challenge: Type.String() }, { additionalProperties: true });

export const Passkey = Type.Object({
  /** The credential id (base64url). */
  id: Type.String(),
  name: Type.String(),
  createdAt: isoTime(),
  lastUsedAt: nullable(isoTime()),
});
export const PasskeyList = Type.Object({ passkeys: Type.Array(Passkey) });

// --- Inbox (inbox.ts) ---

export const RequestSummary = Type.Object({
  id: Type.Number(),
  name: Type.String(),
  email: Type.String(),
  submittedAt: isoTime(),
  answeredAt: nullable(isoTime()),
  /** Open and older than the promised reply time. */
  overdue: Type.Boolean(),
  /** Why it looks automated, when it does (then it is listed only under „Spam“). */
  spam: Type.Optional(Type.String()),
});
export const RequestPage = Type.Object({
  requests: Type.Array(RequestSummary),
  /** The `vor` of the next page; null on the last page. */
  next: nullable(Type.String()),
});

export const RequestDetail = Type.Object({
  id: Type.Number(),
  name: Type.String(),
  email: Type.String(),
  message: Type.String(),
  formPage: Type.String(),
  submittedAt: isoTime(),
  answeredAt: nullable(isoTime()),
  answeredBy: nullable(Type.String()),
  overdue: Type.Boolean(),
  replies: Type.Array(Type.Object({ owner: Type.String(), text: Type.String(), createdAt: isoTime() })),
});

/** „Übersicht“: open requests, sign-ups by state and the last days' activity (Berlin time). */
export const OverviewFigures = Type.Object({
  openRequests: Type.Number(),
  overdueRequests: Type.Number(),
  oldestOpenAt: nullable(isoTime()),
  leads: Type.Object({ pending: Type.Number(), confirmed: Type.Number(), unsubscribed: Type.Number() }),
  /** Share of sign-ups (proofs of consent) that were confirmed, 0–1; null without sign-ups. */
  confirmationRate: nullable(Type.Number()),
  /** One entry per day, oldest first, ending today. */
  days: Type.Array(Type.Object({ date: Type.String(), leads: Type.Number(), requests: Type.Number() })),
});
export const OverviewAnswer = Type.Object({ ...OverviewFigures.properties, replyWithinHours: Type.Number() });

/** How many spam requests and never confirmed spam sign-ups went. */
export const SpamErased = Type.Object({ requests: Type.Number(), leads: Type.Number() });

// --- Leads, people, audit log (people.ts) ---

export const LeadStatus = literals("pending", "confirmed", "unsubscribed");

export const ConsentProof = Type.Object({
  formPage: Type.String(),
  submittedAt: isoTime(),
  consentTextVersion: Type.String(),
  privacyVersion: Type.String(),
  confirmedAt: nullable(isoTime()),
  unsubscribedAt: nullable(isoTime()),
});

export const LeadEntry = Type.Object({
  id: Type.Number(),
  email: Type.String(),
  name: nullable(Type.String()),
  status: LeadStatus,
  submittedAt: nullable(isoTime()),
  confirmedAt: nullable(isoTime()),
  unsubscribedAt: nullable(isoTime()),
  /** When a mail server refused the address for good (SMTP 5xx): no newsletters go to it. */
  undeliverableAt: nullable(isoTime()),
  /** Why the sign-up looks automated (http/form-post.ts); cleared once the address confirms. */
  spam: Type.Optional(Type.String()),
  consents: Type.Array(ConsentProof),
});
export const LeadPage = Type.Object({
  leads: Type.Array(LeadEntry),
  /** The `vor` of the next page; null on the last page. */
  next: nullable(Type.Number()),
});

/** Everything stored about one address (Art. 15), each table's rows as stored. */
export const PersonData = Type.Object({
  email: Type.String(),
  leads: Type.Array(Row),
  /** Every sign-up's proof of consent (page, times, versions), oldest first; `leads` shows the current state. */
  consents: Type.Array(Row),
  /** Confirmation and unsubscribe links issued to the leads (their hashes are of no use and left out). */
  leadLinks: Type.Array(Row),
  contactRequests: Type.Array(Row),
  /**
   * Mails to or about the person, sent and still scheduled: kind, status, when due (`due_at`: the planned
   * time of a scheduled mail, else when it was queued), when sent; `text` is the mail as queued (emptied
   * once sent or cancelled).
   */
  mails: Type.Array(Row),
  /** Events about the person handed to the owner's tools by webhook (WEBHOOK_URLS). */
  webhooks: Type.Array(Row),
});
/** The person view; the Art. 15 download (`download=1`) is its own JSON file, written by the route. */
export const PersonAnswer = Type.Object({ found: Type.Boolean(), data: PersonData });

export const UnsubscribeAnswer = Type.Object({ unsubscribed: Type.Boolean(), already: Type.Boolean() });

export const ErasureResult = Type.Object({ leads: Type.Number(), contactRequests: Type.Number(), mails: Type.Number() });
export const ErasureAnswer = Type.Object({ erased: ErasureResult });

export const AuditEntry = Type.Object({
  id: Type.Number(),
  at: isoTime(),
  owner: Type.String(),
  /** The stored action (audit-log.ts), and its German name. */
  action: Type.String(),
  label: Type.String(),
  object: nullable(Type.String()),
});
export const AuditPage = Type.Object({
  entries: Type.Array(AuditEntry),
  next: nullable(Type.Number()),
  /** How long entries are kept (content/site.json, retention). */
  keepDays: Type.Number(),
});

// --- Webhook deliveries (webhooks.ts) ---

export const WebhookEndpoint = Type.Object({ url: Type.String(), active: Type.Boolean(), disabledAt: nullable(isoTime()) });
export const WebhookDelivery = Type.Object({
  id: Type.Number(),
  eventId: Type.String(),
  event: Type.String(),
  endpoint: Type.String(),
  status: literals("pending", "delivered", "failed"),
  attempts: Type.Number(),
  /** When the next attempt is due; null once delivered or given up. */
  nextAttemptAt: nullable(isoTime()),
  /** HTTP status of the last answer, if there was one. */
  lastStatus: nullable(Type.Number()),
  lastError: nullable(Type.String()),
  createdAt: isoTime(),
  deliveredAt: nullable(isoTime()),
});
export const WebhookState = Type.Object({ endpoints: Type.Array(WebhookEndpoint), deliveries: Type.Array(WebhookDelivery) });

// --- Visit statistics (visits.ts; the figures are explained in common/visit-stats.ts) ---

const funnel = {
  views: Type.Number(),
  leads: Type.Number(),
  contacts: Type.Number(),
  /** Sign-ups from this page or source confirmed in the period. */
  confirmed: Type.Number(),
  /** Of those confirmed at least KEPT_AFTER_DAYS ago: how many, and how many are still subscribed. */
  confirmedLongAgo: Type.Number(),
  stillSubscribed: Type.Number(),
};
export const VisitStats = Type.Object({
  days: Type.Number(),
  from: Type.String(),
  to: Type.String(),
  /** One day: views of all pages, visits (views that came from outside), form posts, confirmations. */
  perDay: Type.Array(
    Type.Object({
      day: Type.String(),
      views: Type.Number(),
      visits: Type.Number(),
      leads: Type.Number(),
      contacts: Type.Number(),
      confirmed: Type.Number(),
    }),
  ),
  routes: Type.Array(
    Type.Object({
      route: Type.String(),
      ...funnel,
      /** Of the views, those counted from Gatsby's page-data.json: inside the site, hovered links included. */
      inSite: Type.Number(),
    }),
  ),
  /** Per source, `views` are visits: views that came from outside the site or with utm_source. */
  sources: Type.Array(Type.Object({ source: Type.String(), medium: Type.String(), campaign: Type.String(), ...funnel })),
  devices: Type.Array(Type.Object({ device: Type.String(), views: Type.Number() })),
});
/** `counting`: whether this server counts visits at all (VISIT_STATS). */
export const VisitsAnswer = Type.Object({ ...VisitStats.properties, counting: Type.Boolean() });

// --- Newsletters (newsletters.ts) ---

/** A newsletter's figures as counted from its outbox rows; no opens or clicks are tracked. */
export const NewsletterFigures = Type.Object({
  recipients: Type.Number(),
  sent: Type.Number(),
  waiting: Type.Number(),
  /** Given up after the last attempt (temporary errors that never cleared). */
  failed: Type.Number(),
  /** Refused by the recipient's mail server for good (SMTP 5xx); the address is marked undeliverable. */
  undeliverable: Type.Number(),
  /** Not sent because the person unsubscribed or was erased before it was their turn. */
  cancelled: Type.Number(),
  /** Unsubscribed through the link in this newsletter. */
  unsubscribed: Type.Number(),
});

export const NewsletterStatus = literals("draft", "scheduled", "sending", "sent", "cancelled");
export const NewsletterSummary = Type.Object({
  id: Type.Number(),
  subject: Type.String(),
  preheader: Type.String(),
  body: Type.String(),
  status: NewsletterStatus,
  /** The status in German, as the list shows it. */
  statusLabel: Type.String(),
  sendAt: nullable(isoTime()),
  createdAt: isoTime(),
  createdBy: Type.String(),
  startedAt: nullable(isoTime()),
  finishedAt: nullable(isoTime()),
  figures: NewsletterFigures,
});
export const NewsletterList = Type.Object({
  newsletters: Type.Array(NewsletterSummary),
  /** The most newsletters a month the consent text allows. */
  perMonth: Type.Number(),
  timeZone: Type.String(),
});
/** The newsletter as saved, scheduled or cancelled (missing only if it was deleted meanwhile). */
export const NewsletterAnswer = Type.Object({ newsletter: Type.Optional(NewsletterSummary) });
export const NewsletterPreview = Type.Object({ subject: Type.String(), text: Type.String(), html: Type.String() });
export const TestMailAnswer = Type.Object({ sentTo: Type.String() });

// --- „Inhalte“ (content.ts) ---

export const ContentKind = literals("json", "legal", "email");
export const ContentFileSummary = Type.Object({
  /** Relative to content/, e.g. "testimonials.json". */
  file: Type.String(),
  title: Type.String(),
  description: Type.Optional(Type.String()),
  group: literals("Seiten", "Listen", "Einstellungen", "Rechtstexte", "E-Mails"),
  kind: ContentKind,
  /** Who has an unpublished change to it. */
  drafts: Type.Array(Type.String()),
  /** An editor's change to it waits for an owner's approval (common/content/approval.ts). */
  approval: Type.Boolean(),
});

/** Where „Veröffentlichen“ sends a change: a branch of the content repository, or this server's own deploy. */
export const Publishing = Type.Union([
  Type.Object({ to: Type.Literal("remote"), branch: Type.String() }),
  Type.Object({ to: Type.Literal("deploy") }),
]);
export const ContentList = Type.Object({
  files: Type.Array(ContentFileSummary),
  publishing: Publishing,
  /** For owners: how many proposals wait for approval. */
  openProposals: Type.Optional(Type.Number()),
});

export const CommitInfo = Type.Object({
  commit: Type.String(),
  author: Type.String(),
  email: Type.String(),
  /** The commit's time as git writes it (ISO 8601 with the author's offset). */
  date: Type.String(),
  message: Type.String(),
});

/** One person's unpublished change to a file. */
export const DraftInfo = Type.Object({
  editor: Type.String(),
  file: Type.String(),
  data: Type.Unknown(),
  baseCommit: Type.String(),
  updatedAt: isoTime(),
});

/** One changed line of a text, for the side-by-side look at a change. */
export const LineChange = Type.Object({ kind: literals("weg", "neu", "gleich", "ausgelassen"), text: Type.String() });
/** One field a change touches, named as the form names it, with its old and new value. */
export const FieldChange = Type.Object({
  field: Type.String(),
  before: Type.String(),
  after: Type.String(),
  /** For a text of several lines: the lines taken out and put in, with a line around each. */
  lines: Type.Optional(Type.Array(LineChange)),
  /** For a picture field: the pictures before and after, as paths under content/ („images/x.jpg“), to show. */
  pictures: Type.Optional(Type.Object({ before: Type.Optional(Type.String()), after: Type.Optional(Type.String()) })),
});
/** A field both the person and someone else changed since the person began: the three values side by side. */
export const ConflictField = Type.Object({
  path: Type.Array(Type.String()),
  field: Type.String(),
  base: Type.String(),
  mine: Type.String(),
  theirs: Type.String(),
});
/** An editor's change that waits for an owner's approval (server/content-editor/proposals.ts). */
export const ProposalInfo = Type.Object({
  id: Type.String(),
  file: Type.String(),
  title: Type.String(),
  editor: Type.String(),
  message: Type.String(),
  state: literals("offen", "zurueckgegeben", "freigegeben", "zurueckgezogen"),
  note: nullable(Type.String()),
  createdAt: isoTime(),
  decidedAt: nullable(isoTime()),
  decidedBy: nullable(Type.String()),
  commit: nullable(Type.String()),
  changes: Type.Array(FieldChange),
  /** The proposed form data: only in the editor's own proposal, which their form starts from. */
  data: Type.Optional(Type.Unknown()),
});
/** A change planned for a time in „Inhalte“ (server/content-editor/schedule.ts). */
export const ScheduledChange = Type.Object({
  id: Type.String(),
  file: Type.String(),
  /** Going live, or taking an earlier change back. */
  action: literals("publish", "withdraw"),
  message: Type.String(),
  role: literals("editor", "owner"),
  plannedBy: Type.String(),
  dueAt: isoTime(),
  withdrawAt: nullable(isoTime()),
  state: literals("geplant", "laeuft", "erledigt", "fehlgeschlagen", "abgesagt"),
  /** What became of it, in German: „live seit …“ or why it failed. */
  outcome: nullable(Type.String()),
  commit: nullable(Type.String()),
  createdAt: isoTime(),
  doneAt: nullable(isoTime()),
});
export const ScheduleAnswer = Type.Object({ planned: Type.Array(ScheduledChange) });
export const PlannedAnswer = Type.Object({ planned: ScheduledChange });
/**
 * What became of the last published change's release: on a server that deploys itself, or as the workflow that
 * builds the content repository reported it (POST /api/release-status).
 */
export const ReleaseState = Type.Object({
  state: literals("wird gebaut", "live", "fehlgeschlagen"),
  /** Since when it is in this state. */
  since: isoTime(),
  reason: nullable(Type.String()),
  /** Where the live release can be seen, when the workflow named it. */
  url: Type.Optional(Type.String()),
});
export const ContentFileAnswer = Type.Object({
  file: Type.String(),
  title: Type.String(),
  description: Type.Optional(Type.String()),
  kind: ContentKind,
  /** The form's JSON Schema (server/content-editor). */
  schema: Row,
  /** The file's data as the form edits it; missing when the file does not exist yet. */
  data: Type.Optional(Type.Unknown()),
  baseCommit: Type.String(),
  lastChange: Type.Optional(CommitInfo),
  /** The release of the last change (the server's own deploy, or the workflow's report). */
  release: Type.Optional(ReleaseState),
  draft: Type.Optional(DraftInfo),
  otherDrafts: Type.Array(DraftInfo),
  pages: Type.Array(Type.String()),
  /** Why an editor's change to this file goes to the owners first (common/content/approval.ts). */
  approval: Type.Optional(Type.String()),
  /** The file's changes planned for a time, and those of the last 30 days with what became of them. */
  planned: Type.Array(ScheduledChange),
  /** For a legal text or a mail: the settings its placeholders are filled with in the preview beside the text. */
  previewValues: Type.Optional(Type.Unknown()),
  /** The person's own proposal for this file that is waiting or was sent back. */
  proposal: Type.Optional(ProposalInfo),
});

export const DraftSaved = Type.Object({
  draft: Type.Object({ updatedAt: isoTime(), baseCommit: Type.String() }),
  otherDrafts: Type.Array(DraftInfo),
});

export const FieldProblem = Type.Object({
  path: Type.Array(Type.Union([Type.String(), Type.Number()])),
  message: Type.String(),
  /** The field's name as the form shows it („Experimente › Eintrag 1 (startseite-titel) › Andere Texte (B, C) › Variante C“). */
  field: Type.Optional(Type.String()),
});
export const CheckAnswer = Type.Object({
  problems: Type.Array(FieldProblem),
  /** Problems in other files, each naming its file, as the build prints them. */
  otherProblems: Type.Array(Type.String()),
  /** The same, as the editor finds them: the screen's and field's names, and the file to open. */
  otherPlaces: Type.Optional(Type.Array(Type.Object({ file: Type.Optional(Type.String()), text: Type.String() }))),
});

export const ContentPreviewAnswer = Type.Object({
  address: Type.String(),
  /** The preview's pages that show the file. */
  pages: Type.Array(Type.String()),
  seconds: Type.Number(),
});
export const PublishAnswer = Type.Object({
  commit: Type.String(),
  /** Someone else changed other fields meanwhile: both changes went live together. */
  merged: Type.Optional(Type.Boolean()),
  lastChange: Type.Optional(CommitInfo),
  publishing: Publishing,
});
/** „Veröffentlichen“ of a file that needs approval: the proposal it became. */
export const ProposalAnswer = Type.Object({ proposal: ProposalInfo });
export const ProposalList = Type.Object({ proposals: Type.Array(ProposalInfo) });
/** An approved proposal: published (its commit), or planned for a time. */
export const ProposalApproved = Type.Object({
  commit: Type.Optional(Type.String()),
  planned: Type.Optional(ScheduledChange),
  publishing: Publishing,
});
/** A version in a file's history: made in „Inhalte“ (in a role's name), or elsewhere in the repository. */
export const HistoryEntry = Type.Intersect([CommitInfo, Type.Object({ madeHere: Type.Boolean() })]);
export const HistoryAnswer = Type.Object({ history: Type.Array(HistoryEntry) });
/** An earlier version, before it is restored: its data and what restoring it would change, field by field. */
export const VersionAnswer = Type.Object({
  commit: Type.String(),
  data: Type.Unknown(),
  changes: Type.Array(FieldChange),
});
export const RestoreAnswer = Type.Object({ commit: Type.String() });
/** The pictures under content/, relative to it. */
/** The pictures to choose: `images` all of them, `pending` the person's own uploads not published yet. */
export const ImageList = Type.Object({ images: Type.Array(Type.String()), pending: Type.Array(Type.String()) });
export const ImageUploaded = Type.Object({
  image: Type.String(),
  images: Type.Array(Type.String()),
  pending: Type.Array(Type.String()),
});

export type OkAnswer = Static<typeof OkAnswer>;
export type OwnerRole = Static<typeof OwnerRole>;
export type LoginMethod = Static<typeof LoginMethod>;
export type LoginLinkAnswer = Static<typeof LoginLinkAnswer>;
export type LoginAnswer = Static<typeof LoginAnswer>;
export type OwnerSession = Static<typeof OwnerSession>;
export type SessionsEndedAnswer = Static<typeof SessionsEndedAnswer>;
export type PasskeyOptions = Static<typeof PasskeyOptions>;
export type Passkey = Static<typeof Passkey>;
export type PasskeyList = Static<typeof PasskeyList>;
export type RequestSummary = Static<typeof RequestSummary>;
export type RequestPage = Static<typeof RequestPage>;
export type RequestDetail = Static<typeof RequestDetail>;
export type OverviewFigures = Static<typeof OverviewFigures>;
export type OverviewAnswer = Static<typeof OverviewAnswer>;
export type SpamErased = Static<typeof SpamErased>;
export type LeadStatus = Static<typeof LeadStatus>;
export type ConsentProof = Static<typeof ConsentProof>;
export type LeadEntry = Static<typeof LeadEntry>;
export type LeadPage = Static<typeof LeadPage>;
export type PersonData = Static<typeof PersonData>;
export type PersonAnswer = Static<typeof PersonAnswer>;
export type UnsubscribeAnswer = Static<typeof UnsubscribeAnswer>;
export type ErasureResult = Static<typeof ErasureResult>;
export type ErasureAnswer = Static<typeof ErasureAnswer>;
export type AuditEntry = Static<typeof AuditEntry>;
export type AuditPage = Static<typeof AuditPage>;
export type WebhookEndpoint = Static<typeof WebhookEndpoint>;
export type WebhookDelivery = Static<typeof WebhookDelivery>;
export type WebhookState = Static<typeof WebhookState>;
export type VisitStats = Static<typeof VisitStats>;
export type VisitsAnswer = Static<typeof VisitsAnswer>;
export type NewsletterFigures = Static<typeof NewsletterFigures>;
export type NewsletterStatus = Static<typeof NewsletterStatus>;
export type NewsletterSummary = Static<typeof NewsletterSummary>;
export type NewsletterList = Static<typeof NewsletterList>;
export type NewsletterAnswer = Static<typeof NewsletterAnswer>;
export type NewsletterPreview = Static<typeof NewsletterPreview>;
export type TestMailAnswer = Static<typeof TestMailAnswer>;
export type ContentKind = Static<typeof ContentKind>;
export type ContentFileSummary = Static<typeof ContentFileSummary>;
export type Publishing = Static<typeof Publishing>;
export type ContentList = Static<typeof ContentList>;
export type CommitInfo = Static<typeof CommitInfo>;
export type DraftInfo = Static<typeof DraftInfo>;
export type ContentFileAnswer = Static<typeof ContentFileAnswer>;
export type DraftSaved = Static<typeof DraftSaved>;
export type FieldProblem = Static<typeof FieldProblem>;
export type CheckAnswer = Static<typeof CheckAnswer>;
export type ContentPreviewAnswer = Static<typeof ContentPreviewAnswer>;
export type PublishAnswer = Static<typeof PublishAnswer>;
export type ReleaseState = Static<typeof ReleaseState>;
export type ConflictField = Static<typeof ConflictField>;
export type ScheduledChange = Static<typeof ScheduledChange>;
export type ScheduleAnswer = Static<typeof ScheduleAnswer>;
export type PlannedAnswer = Static<typeof PlannedAnswer>;
export type LineChange = Static<typeof LineChange>;
export type FieldChange = Static<typeof FieldChange>;
export type ProposalInfo = Static<typeof ProposalInfo>;
export type ProposalAnswer = Static<typeof ProposalAnswer>;
export type ProposalList = Static<typeof ProposalList>;
export type ProposalApproved = Static<typeof ProposalApproved>;
export type HistoryAnswer = Static<typeof HistoryAnswer>;
export type HistoryEntry = Static<typeof HistoryEntry>;
export type VersionAnswer = Static<typeof VersionAnswer>;
export type RestoreAnswer = Static<typeof RestoreAnswer>;
export type ImageList = Static<typeof ImageList>;
export type ImageUploaded = Static<typeof ImageUploaded>;
