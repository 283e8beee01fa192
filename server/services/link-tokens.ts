/**
 * Link tokens: 32 random bytes, sent only in the mail. The database keeps their SHA-256 hash, so a
 * copy of the database holds no working confirmation or unsubscribe link.
 */
import { createHash, randomBytes } from "node:crypto";
import { LINK_TOKEN_PATTERN } from "../../common/forms/link-token";

export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** What following a link did: its change was made, or the link is unknown, used up or expired. */
export type TokenOutcome = "done" | "invalid";

/** Anything but the exact shape we issue is rejected before it reaches the database. */
export function isWellFormedToken(token: unknown): token is string {
  return typeof token === "string" && LINK_TOKEN_PATTERN.test(token);
}
