/**
 * What the workflow that builds a commit of „Inhalte“ reports back to the server (POST API_PATHS.releaseStatus,
 * signed following Standard Webhooks): the commit, how far its release got, and on a failure which step
 * failed. The server turns the step into German for the editor; a raw log never reaches them.
 */
import Type, { type Static } from "typebox";

/** The steps a release can fail at, as the workflow names them. */
export const RELEASE_FAILURE_STEPS = ["content-check", "release", "cancelled"] as const;

/** The largest report the server reads; a real one is about 200 bytes. */
export const RELEASE_REPORT_LIMIT = 2048;

export const ReleaseReport = Type.Object(
  {
    commit: Type.String({ pattern: "^[0-9a-f]{40}([0-9a-f]{24})?$" }),
    state: Type.Union([Type.Literal("building"), Type.Literal("live"), Type.Literal("failed")]),
    /** With `failed`: one of RELEASE_FAILURE_STEPS, or anything else (then a general German reason). */
    reason: Type.Optional(Type.String({ maxLength: 300 })),
    /** With `live`: where the release can be seen (https://…). */
    url: Type.Optional(Type.String({ maxLength: 500, pattern: "^https?://[^\\s]+$" })),
  },
  { additionalProperties: false },
);
export type ReleaseReport = Static<typeof ReleaseReport>;
