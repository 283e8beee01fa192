/**
 * Passkeys (WebAuthn) for the owners, through @simplewebauthn/server. Challenges are kept server-side
 * for five minutes and used once; a passkey belongs to one owner address and is listed and removable.
 * A passkey also confirms a running session on the spot (purpose "confirm", bound to its owner).
 */
import { createHash } from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { Queryable } from "../db/types";
import type { Passkey } from "../../common/owner/responses";

const CHALLENGE_MINUTES = 5;
export const PASSKEY_NAME_MAX = 60;

/** Where the owner area is: the relying party's id (host name) and the origin pages are served from. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export type { Passkey };

type ChallengePurpose = "register" | "login" | "confirm";

const challengeHash = (challenge: string) => createHash("sha256").update(challenge).digest("hex");

async function storeChallenge(db: Queryable, purpose: ChallengePurpose, challenge: string, email: string | null) {
  await db.query(
    `INSERT INTO owner_challenges (id_hash, purpose, email, challenge, expires_at)
     VALUES ($1, $2, $3, $4, now() + $5::integer * interval '1 minute')`,
    [challengeHash(challenge), purpose, email, challenge, CHALLENGE_MINUTES],
  );
}

/** Used once: true only for an unexpired challenge of this purpose (and owner, when registering). */
function consumeChallenge(db: Queryable, purpose: ChallengePurpose, email: string | null) {
  return async (challenge: string): Promise<boolean> => {
    const { rows } = await db.query(
      `DELETE FROM owner_challenges
        WHERE id_hash = $1 AND purpose = $2 AND expires_at > now() AND ($3::text IS NULL OR email = $3)
        RETURNING id_hash`,
      [challengeHash(challenge), purpose, email],
    );
    return rows.length > 0;
  };
}

export async function listPasskeys(db: Queryable, email: string): Promise<Passkey[]> {
  const { rows } = await db.query<{ credential_id: string; name: string; created_at: Date; last_used_at: Date | null }>(
    "SELECT credential_id, name, created_at, last_used_at FROM owner_passkeys WHERE email = $1 ORDER BY created_at",
    [email],
  );
  return rows.map((row) => ({
    id: row.credential_id,
    name: row.name,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  }));
}

export async function registrationOptions(db: Queryable, rp: RelyingParty, email: string) {
  const existing = await db.query<{ credential_id: string; transports: string }>(
    "SELECT credential_id, transports FROM owner_passkeys WHERE email = $1",
    [email],
  );
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: email,
    userID: new Uint8Array(createHash("sha256").update(email).digest()),
    attestationType: "none",
    excludeCredentials: existing.rows.map((row) => ({ id: row.credential_id, transports: splitTransports(row.transports) })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  await storeChallenge(db, "register", options.challenge, email);
  return options;
}

export async function registerPasskey(
  db: Queryable,
  rp: RelyingParty,
  email: string,
  name: string,
  response: RegistrationResponseJSON,
): Promise<boolean> {
  const result = await verifyRegistrationResponse({
    response,
    expectedChallenge: consumeChallenge(db, "register", email),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
  }).catch(() => ({ verified: false as const }));
  if (!result.verified) return false;
  const { credential } = result.registrationInfo;
  await db.query(
    `INSERT INTO owner_passkeys (credential_id, email, public_key, counter, transports, name)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (credential_id) DO NOTHING`,
    [credential.id, email, Buffer.from(credential.publicKey), credential.counter, (credential.transports ?? []).join(","), name],
  );
  return true;
}

/** Removes one of the owner's passkeys; returns its name, or undefined when there was none. */
export async function removePasskey(db: Queryable, email: string, id: string): Promise<string | undefined> {
  const { rows } = await db.query<{ name: string }>(
    "DELETE FROM owner_passkeys WHERE email = $1 AND credential_id = $2 RETURNING name",
    [email, id],
  );
  return rows[0]?.name;
}

/** "Alle Sitzungen beenden" with the passkeys: every passkey of this owner. Returns their names. */
export async function removeAllPasskeys(db: Queryable, email: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>("DELETE FROM owner_passkeys WHERE email = $1 RETURNING name", [email]);
  return rows.map((row) => row.name);
}

export async function loginOptions(db: Queryable, rp: RelyingParty) {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: "preferred" });
  await storeChallenge(db, "login", options.challenge, null);
  return options;
}

/** Options to confirm a running session: only this owner's passkeys are offered and accepted. */
export async function confirmationOptions(db: Queryable, rp: RelyingParty, email: string) {
  const { rows } = await db.query<{ credential_id: string; transports: string }>(
    "SELECT credential_id, transports FROM owner_passkeys WHERE email = $1",
    [email],
  );
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: "preferred",
    allowCredentials: rows.map((row) => ({ id: row.credential_id, transports: splitTransports(row.transports) as never })),
  });
  await storeChallenge(db, "confirm", options.challenge, email);
  return options;
}

/** What a passkey assertion proved: the owner it belongs to, or for whom (if anyone) it failed. */
export type PasskeyOutcome = { ok: true; email: string } | { ok: false; email?: string };

/**
 * Checks a passkey assertion: a login (any owner's passkey, challenge of purpose "login") or, with
 * `owner`, the confirmation of that owner's session (only their passkeys, their "confirm" challenge).
 */
export async function verifyPasskey(
  db: Queryable,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  owner?: string,
): Promise<PasskeyOutcome> {
  const { rows } = await db.query<{
    credential_id: string;
    email: string;
    public_key: Uint8Array;
    counter: string;
    transports: string;
  }>("SELECT credential_id, email, public_key, counter, transports FROM owner_passkeys WHERE credential_id = $1", [
    typeof response?.id === "string" ? response.id : "",
  ]);
  const stored = rows[0];
  if (!stored) return { ok: false };
  if (owner !== undefined && stored.email !== owner) return { ok: false, email: owner };
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: owner === undefined ? consumeChallenge(db, "login", null) : consumeChallenge(db, "confirm", owner),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: stored.credential_id,
      publicKey: new Uint8Array(stored.public_key),
      counter: Number(stored.counter),
      transports: splitTransports(stored.transports) as never,
    },
  }).catch(() => ({ verified: false as const, authenticationInfo: undefined }));
  if (!result.verified || !result.authenticationInfo) return { ok: false, email: stored.email };
  await db.query("UPDATE owner_passkeys SET counter = $2, last_used_at = now() WHERE credential_id = $1", [
    stored.credential_id,
    result.authenticationInfo.newCounter,
  ]);
  return { ok: true, email: stored.email };
}

function splitTransports(value: string): string[] {
  return value ? value.split(",") : [];
}
