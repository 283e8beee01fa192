/**
 * The forms' proof of work (common/forms/proof-of-work.ts): challenges in ALTCHA's version 1 format, made and
 * checked with altcha-lib. The signing key lives in the database (made once by the first instance to ask), so
 * every instance on one PostgreSQL database accepts the others' challenges; each solution is accepted once,
 * which the table of used signatures, shared the same way, makes sure of. Its rows go once their challenge has
 * expired, swept at most once a minute.
 */
import { randomBytes } from "node:crypto";
import { createChallenge, verifySolution } from "altcha-lib/v1";
import { PROOF_FIELD, proofExpiresAt, type ProofChallenge, type ProofPayload } from "../../common/forms/proof-of-work";
import type { Queryable } from "../db/types";

/**
 * The secret number lies between 1 and this, so a browser tries half of it on average. Measured in Chromium with
 * `npm run bench:proof` (11 challenges each, medians, 2 cores): in the forms' worker 0.39 s at full speed and 0.45 s
 * at 4× CPU slowdown (the hashing runs in the browser's crypto threads; the main thread had no long task
 * meanwhile); the same solver on the main thread, where the slowdown reaches all of it, 0.29 s and 1.6 s
 * (90th percentile 2.4 s); from the first focus in the info form, scripts and hydration included, until the
 * answer was ready 0.95 s and 2.2 s.
 */
export const PROOF_MAX_NUMBER = 50_000;

/** How long a challenge can be answered; the browser fetches a new one before its own runs out. */
export const PROOF_LIFETIME_MS = 20 * 60_000;

const SWEEP_INTERVAL_MS = 60_000;

/** What a post carries in PROOF_FIELD: nothing, a valid unused solution, or something refused. */
export type ProofCheck = "missing" | "valid" | "refused";

export interface ProofOfWork {
  challenge(): Promise<ProofChallenge>;
  /** Checks the post's PROOF_FIELD and, when it is valid, marks it used. */
  check(body: unknown): Promise<ProofCheck>;
}

export interface ProofOptions {
  maxNumber?: number;
  lifetimeMs?: number;
}

/** The key every instance signs with: the first to ask makes it. */
async function sharedKey(db: Queryable): Promise<string> {
  await db.query("INSERT INTO proof_of_work_key (secret) VALUES ($1) ON CONFLICT (id) DO NOTHING", [
    randomBytes(32).toString("hex"),
  ]);
  const { rows } = await db.query<{ secret: string }>("SELECT secret FROM proof_of_work_key");
  return rows[0]!.secret;
}

function payloadOf(value: string): (ProofPayload & { algorithm: "SHA-256" }) | undefined {
  try {
    const payload: unknown = JSON.parse(Buffer.from(value, "base64").toString("utf8"));
    if (typeof payload !== "object" || payload === null) return undefined;
    const { algorithm, challenge, number, salt, signature } = payload as Record<string, unknown>;
    if (algorithm !== "SHA-256" || typeof challenge !== "string" || typeof salt !== "string") return undefined;
    if (typeof signature !== "string" || !/^[0-9a-f]{64}$/.test(signature)) return undefined;
    if (typeof number !== "number" || !Number.isSafeInteger(number) || number < 0) return undefined;
    return { algorithm, challenge, number, salt, signature };
  } catch {
    return undefined;
  }
}

export function proofOfWork(db: Queryable, options: ProofOptions = {}): ProofOfWork {
  const maxNumber = options.maxNumber ?? PROOF_MAX_NUMBER;
  const lifetimeMs = options.lifetimeMs ?? PROOF_LIFETIME_MS;
  let key: Promise<string> | undefined;
  const hmacKey = () => {
    key ??= sharedKey(db).catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };

  let lastSweep = Date.now();
  const sweep = () => {
    if (Date.now() - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = Date.now();
    db.query("DELETE FROM proof_of_work_used WHERE expires_at < now()").catch(() => {
      // Swept again a minute later; meanwhile an expired row only takes room.
    });
  };

  return {
    async challenge() {
      const made = await createChallenge({
        algorithm: "SHA-256",
        hmacKey: await hmacKey(),
        maxnumber: maxNumber,
        expires: new Date(Date.now() + lifetimeMs),
      });
      return { ...made, algorithm: "SHA-256", maxnumber: maxNumber };
    },

    async check(body) {
      const fields = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
      const value = fields[PROOF_FIELD];
      if (value === undefined || value === null || value === "") return "missing";
      const payload = typeof value === "string" && value.length <= 1024 ? payloadOf(value) : undefined;
      const expiresAt = payload && proofExpiresAt(payload.salt);
      // altcha-lib lets a salt without `expires` live for ever; ours always carry one.
      if (!payload || expiresAt === undefined) return "refused";
      if (!(await verifySolution(payload, await hmacKey(), true))) return "refused";
      const { rows } = await db.query(
        `INSERT INTO proof_of_work_used (signature, expires_at) VALUES ($1, to_timestamp($2::double precision / 1000))
         ON CONFLICT (signature) DO NOTHING RETURNING 1`,
        [payload.signature, expiresAt],
      );
      sweep();
      return rows.length === 1 ? "valid" : "refused";
    },
  };
}
