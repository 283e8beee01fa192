/**
 * One way to answer a refused or failed request: `{ error }` as JSON, or the German error page for form
 * posts and browsers. 4xx answers say what was wrong; any 5xx gets only a generic message, and its
 * details go to the log (without request bodies, which hold personal data).
 */
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { renderErrorPage } from "./error-page";
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
