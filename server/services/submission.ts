import type { VisitSource } from "../analytics/source";

/** What the server knows about a submission besides the form values. */
export interface SubmissionMeta {
  /** Path of the page the form was sent from, e.g. "/" (part of the proof of consent). */
  formPage: string;
  /** Where the visit came from, as far as the post says (server/analytics/source.ts); undefined: not known. */
  source?: VisitSource;
  /** Why the post looks automated (http/form-post.ts); null or undefined: a person's. */
  spam?: string | null;
}

/** Versions of the texts a visitor agreed to, stored with each lead. */
export interface ConsentVersions {
  consentText: string;
  privacyStatement: string;
  /** The monthly newsletter limit the consent text showed: the most this person ever gets, whatever is raised later. */
  newslettersPerMonth: number;
}

/**
 * The form values as the database stores them: text is sent to it as UTF-8, which turns a lone surrogate
 * (possible in JSON, not in UTF-8) into U+FFFD. Mails composed before the write use these, so they say
 * what is stored, and their JSON is valid for the `jsonb` column.
 */
export function asStored<T extends object>(values: T): T {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === "string" ? Buffer.from(value, "utf8").toString("utf8") : value,
    ]),
  ) as T;
}
