/**
 * The forms' proof of work, in ALTCHA's challenge format (version 1, altcha-lib/v1): the server hands out a
 * challenge signed with its key (GET API_PATHS.challenge), the browser looks for the number whose SHA-256,
 * written after the salt, is the challenge, and sends it with the form in PROOF_FIELD as the base64 of the
 * JSON payload. The server checks the signature, the expiry in the salt and that the payload was not used
 * before. Nothing of the device goes into it: the browser only computes.
 */

/** The form field (hidden input, JSON key) that carries the solved payload. */
export const PROOF_FIELD = "altcha";

/** What GET API_PATHS.challenge answers. */
export interface ProofChallenge {
  algorithm: "SHA-256";
  /** Hex SHA-256 of `salt` followed by the secret number in decimal. */
  challenge: string;
  /** The secret number lies between 1 and this. */
  maxnumber: number;
  /** Random hex, then `?expires=<unix seconds>&`. */
  salt: string;
  /** HMAC of `challenge` under the server's key. */
  signature: string;
}

/** What the browser sends back: the challenge with the number it found. */
export interface ProofPayload {
  algorithm: string;
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

/** The value of PROOF_FIELD for a solved challenge (ASCII only, so btoa is safe). */
export function encodeProof(challenge: ProofChallenge, number: number): string {
  const payload: ProofPayload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return btoa(JSON.stringify(payload));
}

/** When a challenge expires (ms since 1970), from the `expires` its salt carries; undefined without one. */
export function proofExpiresAt(salt: string): number | undefined {
  const seconds = Number(/[?&]expires=(\d+)/.exec(salt)?.[1]);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

export const PROOF_MESSAGES = {
  /** A payload that is wrong, expired or already used (the server's 400). */
  refused:
    "Die Sicherheitsprüfung deines Formulars ist abgelaufen oder ungültig. Bitte sende das Formular noch einmal – deine Eingaben bleiben erhalten.",
  /** Shown while the browser is still computing when the visitor sends. */
  waiting: "Einen Moment: Dein Browser schließt noch eine kurze Sicherheitsprüfung ab, dann wird dein Formular gesendet.",
} as const;
