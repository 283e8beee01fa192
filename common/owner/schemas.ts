/**
 * The owner API's contract: what each route under OWNER_API_PREFIX (common/routes.ts) accepts in its query, path and body, as
 * JSON Schema (TypeBox). The server validates every request against these (server/routes/owner/), the
 * owner screens take their types from them with `import type` (src/owner/), so the browser carries no
 * TypeBox code. A query or path with anything undeclared, a value given twice (`?status=a&status=b`),
 * as a list (`status[]=a`) or with a NUL byte answers 400.
 *
 * `invalid` names the German message (OWNER_MESSAGES in server/routes/owner/messages.ts) a refused field
 * answers with; a refusal of the whole object (an unknown field) takes the object's, else the general one.
 */
import Type, { type Static, type TSchema } from "typebox";
import Format from "typebox/format";
import { EMAIL_PATTERN } from "../forms/schemas";
import { LIMITS } from "../constants";
import { STATS_PERIODS } from "../visit-stats";
import { LEAD_FILTERS, REQUEST_FILTERS } from "./filters";
import { SEARCH_MAX_LENGTH, UNSUBSCRIBE_NOTE_MAX, WEBHOOK_URL_MAX } from "./limits";

export { OWNER_API_PREFIX } from "../routes";

/** The keys of the German messages fields refer to (OWNER_MESSAGES on the server has each). */
export type OwnerMessageKey =
  | "badFilter"
  | "badCursor"
  | "badSearch"
  | "badId"
  | "badPasskeyId"
  | "badDownload"
  | "badPeriod"
  | "badUrl"
  | "emailInvalid"
  | "eraseMismatch"
  | "unsubscribeNote"
  | "passkeyName"
  | "replyEmpty"
  | "contentFile"
  | "contentData"
  | "contentMessage"
  | "contentCommit"
  | "contentImage"
  | "proposalNote"
  | "contentTime"
  | "contentImageCredit";

const invalid = (key: OwnerMessageKey) => ({ invalid: key });

/** A record's id in a path or query: digits only, 1 to PostgreSQL's largest integer. */
Format.Set("record-id", (value) => /^\d{1,10}$/.test(value) && Number(value) >= 1 && Number(value) <= 2_147_483_647);
/** An e-mail address as the forms accept it, spaces around it allowed (they are trimmed). */
Format.Set("email-address", (value) => !value.includes("\0") && EMAIL_PATTERN.test(value.trim()));

const NO_NUL = "^[^\\u0000]*$";
const text = (key: OwnerMessageKey, options: { maxLength?: number } = {}) =>
  Type.String({ pattern: NO_NUL, ...options, ...invalid(key) });
const recordId = (key: OwnerMessageKey = "badId") => Type.String({ format: "record-id", ...invalid(key) });
const email = () => Type.String({ format: "email-address", maxLength: LIMITS.email, ...invalid("emailInvalid") });
const oneOf = <Values extends string[]>(values: readonly [...Values], key: OwnerMessageKey) => Type.Enum(values, invalid(key));
/** A text field of a body that only has to be text (the route checks its content). */
const plain = () => Type.String({ pattern: NO_NUL });
/** A query string or path: only these keys, each once. */
const query = <P extends Record<string, TSchema>>(properties: P, key?: OwnerMessageKey) =>
  Type.Object(properties, { additionalProperties: false, ...(key ? invalid(key) : {}) });

/** A list without parameters: none may be sent. */
export const NoQuery = query({});

export const IdParams = query({ id: recordId() }, "badId");
/** A credential id as WebAuthn gives it: base64url. */
export const PasskeyIdParams = query(
  { id: Type.String({ pattern: "^[A-Za-z0-9_-]{1,1024}$", ...invalid("badPasskeyId") }) },
  "badPasskeyId",
);

export const LeadsQuery = query({
  status: Type.Optional(oneOf(LEAD_FILTERS, "badFilter")),
  vor: Type.Optional(recordId("badCursor")),
});
export const RequestsQuery = query({
  filter: Type.Optional(oneOf(REQUEST_FILTERS, "badFilter")),
  q: Type.Optional(text("badSearch", { maxLength: SEARCH_MAX_LENGTH })),
  /** The last request shown: `<submitted_at>_<id>` (services/inbox.ts reads it). */
  vor: Type.Optional(text("badCursor", { maxLength: 40 })),
});
export const AuditQuery = query({ vor: Type.Optional(recordId("badCursor")) });
export const PersonQuery = query({
  email: email(),
  download: Type.Optional(oneOf(["1"] as const, "badDownload")),
});
export const VisitsQuery = query({
  tage: Type.Optional(oneOf(STATS_PERIODS.map(String), "badPeriod")),
});

export const EraseBody = Type.Object(
  { email: email(), confirmation: Type.Optional(text("eraseMismatch", { maxLength: LIMITS.email })) },
  invalid("emailInvalid"),
);
/** A withdrawal by message: the address and the owner's note on how it came in, kept in the audit log. */
export const UnsubscribeBody = Type.Object(
  { email: email(), note: Type.Optional(text("unsubscribeNote", { maxLength: UNSUBSCRIBE_NOTE_MAX })) },
  { additionalProperties: false, ...invalid("emailInvalid") },
);
export const LoginLinkBody = Type.Object({ email: email() }, invalid("emailInvalid"));
export const ReplyBody = Type.Object({ text: text("replyEmpty") }, invalid("replyEmpty"));
export const PasskeyBody = Type.Object(
  { name: text("passkeyName"), response: Type.Optional(Type.Unknown()) },
  invalid("passkeyName"),
);
export const EndpointBody = Type.Object({ url: text("badUrl", { maxLength: WEBHOOK_URL_MAX }) }, invalid("badUrl"));
export const NewsletterTextBody = Type.Object({
  subject: Type.Optional(plain()),
  preheader: Type.Optional(plain()),
  body: Type.Optional(plain()),
});
export const NewsletterBody = Type.Object({
  ...NewsletterTextBody.properties,
  /** A saved draft's id; without it a new draft is saved. */
  id: Type.Optional(recordId()),
  /** "now", "later" (at `at`, local time of the site) or anything else: only saved. */
  send: Type.Optional(plain()),
  at: Type.Optional(plain()),
});

/**
 * „Inhalte“: a content file is named by its path under content/ (`pfad` in a query, `file` in a body); the
 * route answers 404 for a path that is not one of the editable files. `data` is the form's data, which
 * the content check judges field by field (server/content-editor/check.ts).
 */
const contentFile = () => text("contentFile", { maxLength: 200 });
const formData = () => Type.Unknown({ ...invalid("contentData") });
export const ContentFileQuery = query({ pfad: contentFile() }, "contentFile");
export const ContentDraftBody = Type.Object(
  { file: contentFile(), data: formData(), baseCommit: text("contentData", { maxLength: 64 }) },
  { additionalProperties: false, ...invalid("contentData") },
);
export const ContentDataBody = Type.Object(
  { file: contentFile(), data: formData() },
  { additionalProperties: false, ...invalid("contentData") },
);
/** The change's description for the commit message (trimmed, 1 to 200 characters: the route checks after trimming). */
export const ContentPublishBody = Type.Object(
  { file: contentFile(), message: text("contentMessage", { maxLength: 400 }) },
  { additionalProperties: false, ...invalid("contentMessage") },
);
/**
 * A picture to look at in „Inhalte“: its path under content/ (`pfad`), and, for an owner looking at a proposal, the
 * proposal (`vorschlag`) whose waiting picture it is.
 */
export const ContentImageQuery = query({ pfad: contentFile(), vorschlag: Type.Optional(recordId()) }, "contentFile");
/** An earlier version of a file to look at: the file and the commit. */
export const ContentVersionQuery = query(
  { pfad: contentFile(), fassung: Type.String({ pattern: "^[0-9a-f]{7,64}$", ...invalid("contentCommit") }) },
  "contentCommit",
);
export const ContentRestoreBody = Type.Object(
  { file: contentFile(), commit: Type.String({ pattern: "^[0-9a-f]{7,64}$", ...invalid("contentCommit") }) },
  { additionalProperties: false, ...invalid("contentCommit") },
);
/** A time in Germany as the date-and-time field gives it: „2026-12-24T18:00“ (the route reads it in Europe/Berlin). */
const localTime = () => Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}$", ...invalid("contentTime") });
/** „Veröffentlichen am …“: the person's draft of the file goes live at `am`, and, with `zuruecknehmenAm`, goes back then. */
export const ContentPlanBody = Type.Object(
  {
    file: contentFile(),
    message: text("contentMessage", { maxLength: 400 }),
    am: localTime(),
    zuruecknehmenAm: Type.Optional(localTime()),
  },
  { additionalProperties: false, ...invalid("contentTime") },
);
/** Approving a proposal, at once or (with `am`) at a time. */
export const ProposalApproveBody = Type.Object(
  { am: Type.Optional(localTime()), zuruecknehmenAm: Type.Optional(localTime()) },
  { additionalProperties: false, ...invalid("contentTime") },
);
/** Sending a proposal back: what the editor should change, in a sentence or two. */
export const ProposalReturnBody = Type.Object(
  { note: text("proposalNote", { maxLength: 1000 }) },
  { additionalProperties: false, ...invalid("proposalNote") },
);
/**
 * Where a picture comes from (common/content/image-credits.ts): each fact may be missing here, so the route
 * can say in German which ones are; a value that is no text at all is refused as a whole.
 */
const creditText = () => Type.Optional(text("contentImageCredit", { maxLength: 2000 }));
export const ContentImageCredit = Type.Object(
  {
    author: creditText(),
    license: creditText(),
    proof: creditText(),
    showsPerson: creditText(),
    consentDate: creditText(),
  },
  { additionalProperties: false, ...invalid("contentImageCredit") },
);
/** A picture: its file name (for the new name), its bytes in base64 and where it comes from. */
export const ContentImageBody = Type.Object(
  {
    name: text("contentImage", { maxLength: 200 }),
    data: Type.String({ minLength: 1, pattern: "^[A-Za-z0-9+/=\\s]+$", ...invalid("contentImage") }),
    credit: Type.Optional(ContentImageCredit),
  },
  { additionalProperties: false, ...invalid("contentImage") },
);

export type IdParams = Static<typeof IdParams>;
export type LeadsQuery = Static<typeof LeadsQuery>;
export type RequestsQuery = Static<typeof RequestsQuery>;
export type AuditQuery = Static<typeof AuditQuery>;
export type PersonQuery = Static<typeof PersonQuery>;
export type VisitsQuery = Static<typeof VisitsQuery>;
export type EraseBody = Static<typeof EraseBody>;
export type UnsubscribeBody = Static<typeof UnsubscribeBody>;
export type LoginLinkBody = Static<typeof LoginLinkBody>;
export type ReplyBody = Static<typeof ReplyBody>;
export type PasskeyBody = Static<typeof PasskeyBody>;
export type EndpointBody = Static<typeof EndpointBody>;
export type NewsletterTextBody = Static<typeof NewsletterTextBody>;
export type NewsletterBody = Static<typeof NewsletterBody>;
export type ContentFileQuery = Static<typeof ContentFileQuery>;
export type ContentDraftBody = Static<typeof ContentDraftBody>;
export type ContentDataBody = Static<typeof ContentDataBody>;
export type ContentPublishBody = Static<typeof ContentPublishBody>;
export type ContentRestoreBody = Static<typeof ContentRestoreBody>;
export type ContentVersionQuery = Static<typeof ContentVersionQuery>;
export type ContentImageQuery = Static<typeof ContentImageQuery>;
export type ContentImageBody = Static<typeof ContentImageBody>;
export type ProposalReturnBody = Static<typeof ProposalReturnBody>;
export type ContentPlanBody = Static<typeof ContentPlanBody>;
export type ProposalApproveBody = Static<typeof ProposalApproveBody>;
