/** Solves the forms' proof of work in tests, with Node's synchronous SHA-256 (a browser uses crypto.subtle). */
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { encodeProof, type ProofChallenge } from "../../common/forms/proof-of-work";
import { API_PATHS } from "../../common/routes";

export function solveProof(challenge: ProofChallenge): string {
  for (let number = 0; number <= challenge.maxnumber; number += 1) {
    if (createHash("sha256").update(`${challenge.salt}${number}`).digest("hex") === challenge.challenge) {
      return encodeProof(challenge, number);
    }
  }
  throw new Error("no number solves the challenge");
}

/** A fresh challenge from the app's own route, solved: the value of PROOF_FIELD for one post. */
export async function solvedProof(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: "GET", url: API_PATHS.challenge, headers: { accept: "application/json" } });
  if (response.statusCode !== 200) throw new Error(`challenge answered ${response.statusCode}: ${response.body}`);
  return solveProof(response.json<ProofChallenge>());
}
