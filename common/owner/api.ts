/**
 * The owner API, one row per route under OWNER_API_PREFIX (common/routes.ts): its method, path, who may call
 * it, and the names of the schemas of its query, path parameters, body and answer (common/owner/schemas.ts,
 * responses.ts, experiments.ts). The server registers every route from its row (server/routes/owner/route.ts),
 * the owner screens call it through its row (`call` in src/owner/api.ts), both typed from the same schemas.
 *
 * Only names and paths, no schema code: the browser imports this table as it is, and the schemas' types with
 * `import type` only, so no TypeBox code comes into its bundle.
 *
 * `access` is what the owner guard (server/routes/owner/guard.ts) lets in: "owners" only, "editors" (owners
 * and editors) or "public" (the login steps, no session needed).
 */
import type { Static, TSchema } from "typebox";
import type * as Requests from "./schemas";
import type * as Answers from "./responses";
import type * as Experiments from "./experiments";

type Declared = typeof Requests & typeof Answers & typeof Experiments;
/** Every schema of the owner API, by its name. */
export type OwnerSchemas = { [Name in keyof Declared as Declared[Name] extends TSchema ? Name : never]: Declared[Name] };
export type SchemaName = keyof OwnerSchemas;

export type OwnerAccess = "owners" | "editors" | "public";

export interface ApiRow {
  method: "GET" | "POST" | "DELETE";
  /** Relative to OWNER_API_PREFIX; `:name` is a path parameter. */
  path: string;
  access: OwnerAccess;
  query?: SchemaName;
  params?: SchemaName;
  body?: SchemaName;
  /** The JSON answer: one schema (sent with 200) or one per status; none for a download (CSV, picture). */
  answer?: SchemaName | { [status: number]: SchemaName };
}

export const OWNER_API = {
  // Login and session (server/routes/owner/login.ts)
  loginLink: {
    method: "POST",
    path: "/anmeldelink",
    access: "public",
    body: "LoginLinkBody",
    answer: { 202: "LoginLinkAnswer" },
  },
  login: { method: "POST", path: "/sitzung", access: "public", answer: "LoginAnswer" },
  passkeyLoginOptions: { method: "POST", path: "/passkey-anmeldung/optionen", access: "public", answer: "PasskeyOptions" },
  passkeyLogin: { method: "POST", path: "/passkey-anmeldung", access: "public", answer: "LoginAnswer" },
  confirmOptions: { method: "POST", path: "/bestaetigen/optionen", access: "editors", answer: "PasskeyOptions" },
  confirm: { method: "POST", path: "/bestaetigen", access: "editors", answer: "OwnerSession" },
  session: { method: "GET", path: "/sitzung", access: "editors", answer: "OwnerSession" },
  logout: { method: "POST", path: "/abmelden", access: "editors", answer: "OkAnswer" },
  endSessions: { method: "POST", path: "/sitzungen-beenden", access: "editors", answer: "SessionsEndedAnswer" },

  // Passkeys (passkeys.ts)
  passkeys: { method: "GET", path: "/passkeys", access: "editors", answer: "PasskeyList" },
  passkeyOptions: { method: "POST", path: "/passkeys/optionen", access: "editors", answer: "PasskeyOptions" },
  addPasskey: { method: "POST", path: "/passkeys", access: "editors", body: "PasskeyBody", answer: { 201: "PasskeyList" } },
  removePasskey: { method: "DELETE", path: "/passkeys/:id", access: "editors", params: "PasskeyIdParams", answer: "PasskeyList" },

  // Inbox (inbox.ts)
  overview: { method: "GET", path: "/uebersicht", access: "owners", answer: "OverviewAnswer" },
  requests: { method: "GET", path: "/anfragen", access: "owners", query: "RequestsQuery", answer: "RequestPage" },
  eraseSpam: { method: "POST", path: "/spam/loeschen", access: "owners", answer: "SpamErased" },
  request: { method: "GET", path: "/anfragen/:id", access: "owners", params: "IdParams", answer: "RequestDetail" },
  reply: {
    method: "POST",
    path: "/anfragen/:id/antwort",
    access: "owners",
    params: "IdParams",
    body: "ReplyBody",
    answer: "RequestDetail",
  },
  markAnswered: {
    method: "POST",
    path: "/anfragen/:id/beantwortet",
    access: "owners",
    params: "IdParams",
    answer: "RequestDetail",
  },

  // Leads, people, audit log (people.ts)
  leads: { method: "GET", path: "/leads", access: "owners", query: "LeadsQuery", answer: "LeadPage" },
  leadsExport: { method: "GET", path: "/leads/export.csv", access: "owners" },
  person: { method: "GET", path: "/person", access: "owners", query: "PersonQuery", answer: "PersonAnswer" },
  unsubscribePerson: {
    method: "POST",
    path: "/person/abmelden",
    access: "owners",
    body: "UnsubscribeBody",
    answer: "UnsubscribeAnswer",
  },
  erasePerson: { method: "POST", path: "/person/loeschen", access: "owners", body: "EraseBody", answer: "ErasureAnswer" },
  audit: { method: "GET", path: "/protokoll", access: "owners", query: "AuditQuery", answer: "AuditPage" },

  // Webhooks (webhooks.ts)
  webhooks: { method: "GET", path: "/webhooks", access: "owners", query: "NoQuery", answer: "WebhookState" },
  resendDelivery: { method: "POST", path: "/webhooks/:id/erneut", access: "owners", params: "IdParams", answer: "WebhookState" },
  enableEndpoint: { method: "POST", path: "/webhooks/endpunkt", access: "owners", body: "EndpointBody", answer: "WebhookState" },

  // Visits (visits.ts)
  visits: { method: "GET", path: "/besucher", access: "owners", query: "VisitsQuery", answer: "VisitsAnswer" },
  visitsExport: { method: "GET", path: "/besucher/export.csv", access: "owners", query: "VisitsQuery" },

  // Experiments (experiments.ts); the id is checked by the route, which names it in its answer.
  experiments: { method: "GET", path: "/experimente", access: "owners", answer: "ExperimentsAnswer" },
  endExperiment: { method: "POST", path: "/experimente/:id/beenden", access: "owners", answer: "ExperimentEnded" },
  adoptWinner: {
    method: "POST",
    path: "/experimente/:id/uebernehmen",
    access: "owners",
    body: "ExperimentWinner",
    answer: "ExperimentEnded",
  },

  // Newsletters (newsletters.ts)
  newsletters: { method: "GET", path: "/newsletter", access: "owners", query: "NoQuery", answer: "NewsletterList" },
  newsletterPreview: {
    method: "POST",
    path: "/newsletter/vorschau",
    access: "owners",
    body: "NewsletterTextBody",
    answer: "NewsletterPreview",
  },
  newsletterTest: {
    method: "POST",
    path: "/newsletter/test",
    access: "owners",
    body: "NewsletterTextBody",
    answer: "TestMailAnswer",
  },
  saveNewsletter: { method: "POST", path: "/newsletter", access: "owners", body: "NewsletterBody", answer: "NewsletterAnswer" },
  cancelNewsletter: {
    method: "POST",
    path: "/newsletter/:id/absagen",
    access: "owners",
    params: "IdParams",
    answer: "NewsletterAnswer",
  },

  // „Inhalte“ (content.ts)
  contentList: { method: "GET", path: "/inhalte", access: "editors", answer: "ContentList" },
  contentFile: {
    method: "GET",
    path: "/inhalte/datei",
    access: "editors",
    query: "ContentFileQuery",
    answer: "ContentFileAnswer",
  },
  saveDraft: { method: "POST", path: "/inhalte/entwurf", access: "editors", body: "ContentDraftBody", answer: "DraftSaved" },
  deleteDraft: { method: "DELETE", path: "/inhalte/entwurf", access: "editors", query: "ContentFileQuery", answer: "OkAnswer" },
  checkContent: { method: "POST", path: "/inhalte/pruefen", access: "editors", body: "ContentDataBody", answer: "CheckAnswer" },
  previewContent: {
    method: "POST",
    path: "/inhalte/vorschau",
    access: "editors",
    body: "ContentDataBody",
    answer: "ContentPreviewAnswer",
  },
  publish: {
    method: "POST",
    path: "/inhalte/veroeffentlichen",
    access: "editors",
    body: "ContentPublishBody",
    answer: { 200: "PublishAnswer", 202: "ProposalAnswer" },
  },
  history: { method: "GET", path: "/inhalte/verlauf", access: "editors", query: "ContentFileQuery", answer: "HistoryAnswer" },
  version: { method: "GET", path: "/inhalte/fassung", access: "editors", query: "ContentVersionQuery", answer: "VersionAnswer" },
  restore: {
    method: "POST",
    path: "/inhalte/zuruecksetzen",
    access: "editors",
    body: "ContentRestoreBody",
    answer: { 200: "RestoreAnswer", 202: "ProposalAnswer" },
  },
  plan: { method: "POST", path: "/inhalte/planen", access: "editors", body: "ContentPlanBody", answer: { 201: "PlannedAnswer" } },
  cancelPlan: { method: "DELETE", path: "/inhalte/geplant/:id", access: "editors", params: "IdParams", answer: "OkAnswer" },
  proposals: { method: "GET", path: "/inhalte/vorschlaege", access: "owners", answer: "ProposalList" },
  approveProposal: {
    method: "POST",
    path: "/inhalte/vorschlaege/:id/freigeben",
    access: "owners",
    params: "IdParams",
    body: "ProposalApproveBody",
    answer: "ProposalApproved",
  },
  returnProposal: {
    method: "POST",
    path: "/inhalte/vorschlaege/:id/zurueckgeben",
    access: "owners",
    params: "IdParams",
    body: "ProposalReturnBody",
    answer: "OkAnswer",
  },
  previewProposal: {
    method: "POST",
    path: "/inhalte/vorschlaege/:id/vorschau",
    access: "owners",
    params: "IdParams",
    answer: "ContentPreviewAnswer",
  },
  withdrawProposal: {
    method: "DELETE",
    path: "/inhalte/vorschlag",
    access: "editors",
    query: "ContentFileQuery",
    answer: "OkAnswer",
  },
  images: { method: "GET", path: "/inhalte/bilder", access: "editors", answer: "ImageList" },
  image: { method: "GET", path: "/inhalte/bild", access: "editors", query: "ContentImageQuery" },
  uploadImage: {
    method: "POST",
    path: "/inhalte/bilder",
    access: "editors",
    body: "ContentImageBody",
    answer: { 201: "ImageUploaded" },
  },
} as const satisfies Record<string, ApiRow>;

type SchemaOf<Row, Part extends "query" | "params" | "body"> = Row extends { [P in Part]: infer Name extends SchemaName }
  ? OwnerSchemas[Name]
  : undefined;
type Value<Schema> = Schema extends TSchema ? Static<Schema> : never;

/** The names of a path's parameters: "/anfragen/:id/antwort" → { id: string }. */
type PathParams<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : unknown;

type Optional<Shape> = Record<never, never> extends Shape ? true : false;
type QueryInput<Row extends ApiRow> = Row extends { query: SchemaName }
  ? Optional<Value<SchemaOf<Row, "query">>> extends true
    ? { query?: Value<SchemaOf<Row, "query">> }
    : { query: Value<SchemaOf<Row, "query">> }
  : unknown;
type ParamsInput<Row extends ApiRow> = Row extends { params: SchemaName }
  ? { params: Value<SchemaOf<Row, "params">> }
  : Row["path"] extends `${string}:${string}`
    ? { params: PathParams<Row["path"]> }
    : unknown;
type BodyInput<Row extends ApiRow> = Row extends { body: SchemaName }
  ? Optional<Value<SchemaOf<Row, "body">>> extends true
    ? { body?: Value<SchemaOf<Row, "body">> }
    : { body: Value<SchemaOf<Row, "body">> }
  : { body?: Record<string, unknown> };

/** What the browser sends to a route: its query, path parameters and body, each as its schema declares. */
export type RouteInput<Row extends ApiRow> = QueryInput<Row> & ParamsInput<Row> & BodyInput<Row>;

/** What a route answers: its schema's value, or any of them when it declares one per status. */
export type RouteAnswer<Row extends ApiRow> = Row extends { answer: infer Answer }
  ? Answer extends SchemaName
    ? Static<OwnerSchemas[Answer]>
    : { [Status in keyof Answer]: Answer[Status] extends SchemaName ? Static<OwnerSchemas[Answer[Status]]> : never }[keyof Answer]
  : unknown;

/** The Fastify schema a row declares, as the server registers it (with the schemas themselves). */
export type RouteSchema<Row extends ApiRow> = {
  querystring: SchemaOf<Row, "query">;
  params: SchemaOf<Row, "params">;
  body: SchemaOf<Row, "body">;
  response: Row extends { answer: infer Answer }
    ? Answer extends SchemaName
      ? { 200: OwnerSchemas[Answer] }
      : { [Status in keyof Answer]: Answer[Status] extends SchemaName ? OwnerSchemas[Answer[Status]] : never }
    : undefined;
};
