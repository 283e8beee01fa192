/**
 * One way to answer a refused or failed request: `{ error }` as JSON, or the German error page for form
 * posts and browsers. 4xx answers say what was wrong; any 5xx gets only a generic message, and its
 * details go to the log (without request bodies, which hold personal data).
 */
import type { Socket } from "node:net";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { DEFAULT_CSP } from "./csp";
import { renderErrorPage } from "./error-page";
import { STATIC_SECURITY_HEADERS } from "./security-headers";
import { HTTP_MESSAGES } from "./messages";
import { isFormPost, sendingPage, wantsHtml } from "./request-info";

export interface ErrorAnswer {
  status: number;
  message: string;
  /** Field messages of a rejected form. */
  errors?: Record<string, string>;
  /** Where the error page's link leads (a path of this site). */
  backHref?: string;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, answer: ErrorAnswer): FastifyReply {
  reply.code(answer.status);
  if (!wantsHtml(request)) {
    return reply.send(answer.errors ? { errors: answer.errors } : { error: answer.message });
  }
  const invalidInput = answer.errors !== undefined;
  // A refused form post leads back to its form; any other page to the start page.
  const fromForm = isFormPost(request);
  const html = renderErrorPage({
    title: invalidInput ? "Bitte prüfe deine Angaben" : "Das hat leider nicht geklappt",
    intro: invalidInput ? "Dein Formular konnte so nicht gesendet werden:" : answer.message,
    problems: invalidInput ? Object.values(answer.errors ?? {}) : [],
    backHref: answer.backHref ?? (fromForm ? sendingPage(request, "/") : "/"),
    backLabel: fromForm ? "Zurück zum Formular" : "Zur Startseite",
  });
  return reply.type("text/html; charset=utf-8").send(html);
}

/** Error codes Fastify sets while reading a body, with the German message for each. */
const CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: HTTP_MESSAGES.tooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: HTTP_MESSAGES.unsupportedType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: HTTP_MESSAGES.badRequest,
  FST_ERR_CTP_EMPTY_JSON_BODY: HTTP_MESSAGES.badRequest,
  FST_ERR_CTP_INVALID_JSON_BODY: HTTP_MESSAGES.badRequest,
  RATE_LIMITED: "",
};

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: loggableError(error) }, "request failed");
    return sendError(request, reply, { status, message: HTTP_MESSAGES.serverError });
  }
  // A client's mistake: worth a line, but the message may quote the body (JSON syntax errors do).
  request.log.info({ statusCode: status, code: error.code }, "request refused");
  return sendError(request, reply, { status, message: clientMessage(error, status) });
}

function clientMessage(error: FastifyError, status: number): string {
  if (error.code === "RATE_LIMITED") return error.message;
  const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
  if (known) return known;
  if (status === 413) return HTTP_MESSAGES.tooLarge;
  if (status === 415) return HTTP_MESSAGES.unsupportedType;
  if (status === 404) return HTTP_MESSAGES.notFound;
  return HTTP_MESSAGES.badRequest;
}

/**
 * What of a server error goes to the log: its kind and stack. Database errors also carry `detail`
 * and `where`, which can quote stored values (an e-mail in a key conflict), so those are left out.
 */
export function loggableError(error: Error & { code?: string }): {
  type: string;
  code?: string;
  message: string;
  stack: string;
} {
  return { type: error.name, code: error.code, message: error.message, stack: error.stack ?? "" };
}

/**
 * Errors Fastify raises before any route runs (its `frameworkErrors` option): a URL whose percent-encoding
 * does not decode, for example `/%E0%A4%A`. Answered like every other refused request.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  // These replies skip the app's hooks, so the headers every answer carries are set here.
  if (!reply.hasHeader("content-security-policy")) reply.header("content-security-policy", DEFAULT_CSP);
  reply.headers(STATIC_SECURITY_HEADERS);
  if (error.code === "FST_ERR_BAD_URL") {
    request.log.info({ statusCode: 400, code: error.code }, "request refused");
    return sendError(request, reply, { status: 400, message: HTTP_MESSAGES.badUrl });
  }
  return errorHandler(error, request, reply);
}

/** What Node's HTTP parser cannot read at all, by its error code: status, reason phrase and message. */
function unreadableRequest(code: string | undefined): [status: number, reason: string, message: string] {
  if (code === "HPE_HEADER_OVERFLOW") return [431, "Request Header Fields Too Large", HTTP_MESSAGES.headersTooLarge];
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return [408, "Request Timeout", HTTP_MESSAGES.requestTimeout];
  return [400, "Bad Request", HTTP_MESSAGES.badRequest];
}

/**
 * Requests Node cannot parse (Fastify's `clientErrorHandler`): an over-long request line or header block
 * (over Node's 16 KB `maxHeaderSize`), a broken request line. No request object exists, so nothing tells
 * JSON from HTML wanted: the German error page is written straight to the socket, with the usual headers.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, reason, message] = unreadableRequest(error.code);
  if (socket.writable) {
    const body = renderErrorPage({
      title: "Das hat leider nicht geklappt",
      intro: message,
      problems: [],
      backHref: "/",
      backLabel: "Zur Startseite",
    });
    const headers = {
      "content-type": "text/html; charset=utf-8",
      "content-length": String(Buffer.byteLength(body)),
      "content-security-policy": DEFAULT_CSP,
      ...STATIC_SECURITY_HEADERS,
      "cache-control": "no-store",
      connection: "close",
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join("\r\n");
    socket.end(`HTTP/1.1 ${status} ${reason}\r\n${head}\r\n\r\n${body}`);
  } else {
    socket.destroy(error);
  }
}
