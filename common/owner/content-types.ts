/** What the „Inhalte“ screen and the owner API's content routes exchange. */

export interface ContentFileSummary {
  /** Relative to content/, e.g. "testimonials.json". */
  file: string;
  title: string;
  description?: string;
  group: "Seiten" | "Listen" | "Einstellungen" | "Rechtstexte" | "E-Mails";
  kind: "json" | "legal" | "email";
  /** Who has an unpublished change to it. */
  drafts: string[];
}

/** Where „Veröffentlichen“ sends a change: a branch of the content repository, or this server's own deploy. */
export type Publishing = { to: "remote"; branch: string } | { to: "deploy" };

export interface CommitInfo {
  commit: string;
  author: string;
  email: string;
  /** ISO time of the commit. */
  date: string;
  message: string;
}

export interface FieldProblem {
  path: (string | number)[];
  message: string;
}

export interface CheckAnswer {
  problems: FieldProblem[];
  /** Problems in other files, each naming its file. */
  otherProblems: string[];
}

export interface DraftInfo {
  editor: string;
  data: unknown;
  baseCommit: string;
  updatedAt: string;
}

export interface ContentFileAnswer {
  file: string;
  title: string;
  description?: string;
  kind: ContentFileSummary["kind"];
  schema: Record<string, unknown>;
  data: unknown;
  baseCommit: string;
  lastChange?: CommitInfo;
  draft?: DraftInfo;
  otherDrafts: DraftInfo[];
  pages: string[];
}
