/** GET /api/health: 200 while the database answers, 503 otherwise (for load balancers and monitoring). */
import type { FastifyInstance } from "fastify";
import { loggableError } from "../http/errors";

const TIMEOUT_MS = 2_000;

export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/api/health",
    {
      schema: {
        response: {
          200: { type: "object", properties: { ok: { type: "boolean" } } },
          503: { type: "object", properties: { ok: { type: "boolean" }, error: { type: "string" } } },
        },
      },
    },
    async (request, reply) => {
      try {
        await withTimeout(app.db.query("SELECT 1"), TIMEOUT_MS);
        return { ok: true };
      } catch (error) {
        request.log.warn({ err: loggableError(error as Error) }, "database unavailable");
        return reply.code(503).send({ ok: false, error: "Die Datenbank ist gerade nicht erreichbar." });
      }
    },
  );
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
