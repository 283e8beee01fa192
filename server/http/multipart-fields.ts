/**
 * The text fields of a small `multipart/form-data` body (RFC 7578), as mail providers send the one-click
 * unsubscribe of RFC 8058 (`List-Unsubscribe=One-Click`), read by @fastify/multipart. Only the route that
 * accepts it registers this, in a plugin of its own, with tight limits: at most 4 KB, a few short text
 * fields and no file. A field named twice counts once, as first written. Anything else is refused with a
 * German message before the route runs.
 */
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "./errors";

export const MULTIPART_BODY_LIMIT = 4 * 1024;

const LIMITS = { fieldNameSize: 100, fieldSize: 1024, fields: 8, files: 0, parts: 8, headerPairs: 10 } as const;

export const MULTIPART_MESSAGES = {
  unreadable:
    "Deine Abmeldung konnte nicht gelesen werden: Der Inhalt ist kein gültiges multipart/form-data. Öffne den Abmeldelink aus der E-Mail, dann klappt es mit einem Klick.",
  tooLarge: `Deine Abmeldung ist zu groß: Sie darf höchstens ${MULTIPART_BODY_LIMIT / 1024}\u00a0KB kurze Textfelder enthalten, keine Datei. Öffne den Abmeldelink aus der E-Mail, dann klappt es mit einem Klick.`,
} as const;

class RefusedBody extends Error {
  constructor(readonly status: 400 | 413) {
    super(status === 413 ? MULTIPART_MESSAGES.tooLarge : MULTIPART_MESSAGES.unreadable);
  }
}

/** The body's text fields; a file, a cut-off value or a limit reached is too large, anything unreadable a 400. */
async function readFields(request: FastifyRequest): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  let seen = 0;
  // The parser reads the request itself: its bytes are counted here (a body sent in chunks has no length to
  // check beforehand), and at the limit the parser is stopped as by a broken connection; the answer still goes.
  request.raw.on("data", (chunk: Buffer) => {
    const before = seen;
    seen += chunk.length;
    if (before <= MULTIPART_BODY_LIMIT && seen > MULTIPART_BODY_LIMIT) request.raw.emit("error", new RefusedBody(413));
  });
  try {
    for await (const part of request.parts({ limits: LIMITS })) {
      if (seen > MULTIPART_BODY_LIMIT) throw new RefusedBody(413);
      if (part.type === "file" || part.fieldnameTruncated || part.valueTruncated) throw new RefusedBody(413);
      if (!(part.fieldname in fields)) fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    if (error instanceof RefusedBody) throw error;
    throw new RefusedBody((error as { statusCode?: number }).statusCode === 413 || seen > MULTIPART_BODY_LIMIT ? 413 : 400);
  }
  if (seen > MULTIPART_BODY_LIMIT) throw new RefusedBody(413);
  return fields;
}

function refuse(request: FastifyRequest, reply: FastifyReply, status: 400 | 413): FastifyReply {
  request.log.info({ statusCode: status }, "multipart body refused");
  return sendError(request, reply, { status, message: new RefusedBody(status).message });
}

/** Lets the routes of `scope` (a plugin of their own) read multipart/form-data text fields as their body. */
export async function acceptMultipartFields(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, { limits: LIMITS });
  scope.addHook("onRequest", async (request, reply) => {
    const length = Number(request.headers["content-length"] ?? 0);
    if (request.isMultipart() && length > MULTIPART_BODY_LIMIT) return refuse(request, reply, 413);
  });
  scope.addHook("preValidation", async (request, reply) => {
    if (!request.isMultipart()) return;
    try {
      request.body = await readFields(request);
    } catch (error) {
      if (!(error instanceof RefusedBody)) throw error;
      return refuse(request, reply, error.status);
    }
  });
}
