/** GET /api/challenge: a fresh proof-of-work challenge for one form post (common/forms/proof-of-work.ts). */
import type { FastifyInstance } from "fastify";
import { API_PATHS } from "../../common/routes";

export default async function challengeRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    API_PATHS.challenge,
    {
      schema: {
        response: {
          200: {
            type: "object",
            properties: {
              algorithm: { type: "string" },
              challenge: { type: "string" },
              maxnumber: { type: "integer" },
              salt: { type: "string" },
              signature: { type: "string" },
            },
            required: ["algorithm", "challenge", "maxnumber", "salt", "signature"],
          },
        },
      },
    },
    // Every answer is new and for one post only: the API's `no-store` keeps it out of every cache.
    async () => app.proofOfWork.challenge(),
  );
}
