/** What the server knows about a submission besides the form values. */
export interface SubmissionMeta {
  /** Path of the page the form was sent from, e.g. "/" (part of the proof of consent). */
  formPage: string;
}

/** Versions of the texts a visitor agreed to, stored with each lead. */
export interface ConsentVersions {
  consentText: string;
  privacyStatement: string;
}
