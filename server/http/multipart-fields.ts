/**
 * The text fields of a small `multipart/form-data` body (RFC 7578), as mail providers send the one-click
 * unsubscribe of RFC 8058 (`List-Unsubscribe=One-Click`). Files are skipped; only the route that accepts it
 * registers this parser, with a small body limit.
 */
import type { FastifyInstance } from "fastify";

export const MULTIPART_BODY_LIMIT = 4 * 1024;

export function boundaryOf(contentType: string | undefined): string | undefined {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType ?? "");
  return match?.[1] ?? match?.[2];
}

/** The named text parts of `body`; undefined when it is not multipart with this boundary. */
export function multipartFields(body: string, boundary: string): Record<string, string> | undefined {
  const delimiter = `--${boundary}`;
  const parts = body.split(delimiter);
  // Before the first delimiter is a preamble, after the last (`--…--`) an epilogue.
  if (parts.length < 2 || !parts[parts.length - 1]!.startsWith("--")) return undefined;
  const fields: Record<string, string> = {};
  for (const part of parts.slice(1, -1)) {
    const headerEnd = part.indexOf("\r\n\r\n");
    if (!part.startsWith("\r\n") || headerEnd === -1) return undefined;
    const headers = part.slice(2, headerEnd);
    const disposition = /^content-disposition:\s*form-data(.*)$/im.exec(headers)?.[1] ?? "";
    const name = /;\s*name="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined || /;\s*filename\*?=/i.test(disposition)) continue;
    const value = part.slice(headerEnd + 4).replace(/\r\n$/, "");
    if (!(name in fields)) fields[name] = value;
  }
  return fields;
}

/** Lets the routes of this plugin read multipart/form-data text fields as their body. */
export function acceptMultipartFields(app: FastifyInstance): void {
  app.addContentTypeParser(
    "multipart/form-data",
    { parseAs: "string", bodyLimit: MULTIPART_BODY_LIMIT },
    (request, body, done) => {
      const boundary = boundaryOf(request.headers["content-type"]);
      const fields = boundary ? multipartFields(body as string, boundary) : undefined;
      if (fields) return done(null, fields);
      const error = Object.assign(new Error("Der Inhalt der Anfrage ist kein gültiges multipart/form-data."), {
        statusCode: 400,
      });
      done(error, undefined);
    },
  );
}
