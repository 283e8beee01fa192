/**
 * GET /api/health: 200 while the database takes a write, 503 otherwise (for load balancers and monitoring).
 * A read alone would pass on a read-only database or a full disk, where every form submission fails.
 */
import type { FastifyInstance } from "fastify";
import { loggableError } from "../http/errors";

const TIMEOUT_MS = 2_000;

/**
 * PGlite on a full disk still rewrites a row that fits its page, but fails to grow a table, and the next
 * 16 MiB write-ahead log segment must fit as well: below this the next submissions are bound to fail.
 */
export const MIN_FREE_BYTES = 16 * 1024 * 1024;

// One row rewritten in place: polled every few seconds, it neither grows nor costs more than one commit.
const PROBE_SQL = `INSERT INTO health_probe (id, checked_at) VALUES (1, now())
  ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at`;

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
        await withTimeout(probeWrite(app), TIMEOUT_MS);
        return { ok: true };
      } catch (error) {
        request.log.warn({ err: loggableError(error as Error) }, "database cannot take a write");
        return reply.code(503).send({ ok: false, error: "Die Datenbank kann gerade nichts speichern." });
      }
    },
  );
}

async function probeWrite(app: FastifyInstance): Promise<void> {
  const free = await app.db.freeBytes?.();
  if (free !== undefined && free < MIN_FREE_BYTES) {
    throw new Error(`only ${free} bytes free for the database files`);
  }
  await app.db.query(PROBE_SQL);
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
