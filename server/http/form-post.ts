/**
 * What both form endpoints share: the request guards, the honeypot, validation with the shared yup
 * schemas, and the answers of the contract (202 JSON or 303 for form posts; 400 with field messages).
 */
import { normalizeIP } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from "fastify";
import { ValidationError, type AnyObjectSchema, type InferType } from "yup";
import { THANK_YOU_PATH } from "../../common/constants";
import { PROOF_MESSAGES } from "../../common/forms/proof-of-work";
import { HONEYPOT_FIELD, type FieldErrors } from "../../common/forms/schemas";
import { postSource } from "../analytics";
import type { FormKind } from "../analytics/counter";
import type { VisitSource } from "../analytics/source";
import { sendError } from "./errors";
import { HTTP_MESSAGES, tooManyRequestsMessage } from "./messages";
import { isForeignOrigin, isFormPost, isOwnOrigin, mediaType, ownPageOf, sendingPage } from "./request-info";

export const FORM_BODY_LIMIT = 16 * 1024;

const ACCEPTED_TYPES = new Set(["application/json", "application/x-www-form-urlencoded"]);

/** Refuses before the body is read: posts labelled as coming from another site, and other formats. */
export function guardFormPost(allowedOrigins: ReadonlySet<string>): onRequestHookHandler {
  return function formPostGuard(request, reply, done) {
    if (isForeignOrigin(request, allowedOrigins)) {
      request.log.info({ statusCode: 403 }, "foreign origin refused");
      sendError(request, reply, { status: 403, message: HTTP_MESSAGES.foreignOrigin });
      return;
    }
    const type = mediaType(request);
    if (type !== undefined && !ACCEPTED_TYPES.has(type)) {
      sendError(request, reply, { status: 415, message: HTTP_MESSAGES.unsupportedType });
      return;
    }
    done();
  };
}

export const formResponseSchema = {
  202: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] },
  400: {
    type: "object",
    properties: { errors: { type: "object", additionalProperties: { type: "string" } }, error: { type: "string" } },
  },
} as const;

function fieldsOf(body: unknown): Record<string, unknown> {
  return typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** People never see the field, so any value in it means a bot. */
export function isHoneypotFilled(body: unknown): boolean {
  const value = fieldsOf(body)[HONEYPOT_FIELD];
  if (value === undefined || value === null) return false;
  return typeof value !== "string" || value.trim() !== "";
}

/** Why a post looks automated, stored with it (German, for the owner); null for a person's post. */
export function automatedSign(request: FastifyRequest): string | null {
  if (!ownPageOf(request) && !isOwnOrigin(request)) return "ohne Aufruf einer Seite gesendet";
  return null;
}

export type Validation<S extends AnyObjectSchema> = { values: InferType<S> } | { errors: FieldErrors };

/**
 * Validates with the shared schema. Only strings count as input: a number, list or object in a field
 * is treated as missing, so it gets the field's own message instead of being turned into text. So is
 * a string with a NUL character, which PostgreSQL cannot store in a text column. This is the one check
 * of the fields: the routes declare no Fastify body schema, whose type coercion would turn a number into
 * text before this could refuse it.
 */
export async function validateForm<S extends AnyObjectSchema>(schema: S, body: unknown): Promise<Validation<S>> {
  const fields = fieldsOf(body);
  const input: Record<string, string | undefined> = {};
  for (const name of Object.keys(schema.fields)) {
    const value = fields[name];
    input[name] = typeof value === "string" && !value.includes("\0") ? value : undefined;
  }
  try {
    return { values: await schema.validate(input, { abortEarly: false, stripUnknown: true }) };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: FieldErrors = {};
    for (const problem of error.inner.length > 0 ? error.inner : [error]) {
      if (problem.path && !(problem.path in errors)) errors[problem.path] = problem.message;
    }
    return { errors };
  }
}

export function answerAccepted(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (isFormPost(request)) return reply.code(303).header("location", THANK_YOU_PATH).send();
  return reply.code(202).send({ ok: true });
}

export function answerInvalid(request: FastifyRequest, reply: FastifyReply, errors: FieldErrors, backHref: string): FastifyReply {
  return sendError(request, reply, { status: 400, message: HTTP_MESSAGES.badRequest, errors, backHref });
}

export interface FormRoute<S extends AnyObjectSchema> {
  url: string;
  /** The form's rules, shared with the browser (common/forms/schemas.ts). */
  schema: S;
  /** The page the form stands on, when the request does not say which page sent it. */
  page: string;
  /** The form's id on that page, so the error page links back to the form itself. */
  anchor?: string;
  /** What the post is counted as in the visit statistics (server/analytics). */
  kind: FormKind;
  /**
   * Stores what was sent; `formPage` is the page it came from, `source` its visit's source when the post says,
   * `spam` why it looks automated (null: a person's).
   */
  submit: (values: InferType<S>, formPage: string, source: VisitSource | undefined, spam: string | null) => Promise<unknown>;
}

/**
 * One form endpoint: guards, honeypot, validation, the proof of work, then `submit`, with the answers of the
 * contract. A post with a valid, unused solution goes on; one without any (a browser without JavaScript, or a
 * bot) meets a second, stricter rate limit (config.unsolvedRateLimit); one with a wrong, expired or used solution
 * is refused with a German message. The solution is checked after the fields, so a post with field errors does
 * not use it up.
 */
export function registerFormRoute<S extends AnyObjectSchema>(app: FastifyInstance, route: FormRoute<S>): void {
  const unsolvedLimit = app.createRateLimit({
    max: app.config.unsolvedRateLimit.max,
    timeWindow: app.config.unsolvedRateLimit.windowMs,
    keyGenerator: (request) => `unsolved:${route.url}:${normalizeIP(request.ip)}`,
  });
  app.post(
    route.url,
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: guardFormPost(app.allowedOrigins),
      config: { rateLimit: app.formRateLimit },
      schema: { response: formResponseSchema },
    },
    async (request, reply) => {
      if (isHoneypotFilled(request.body)) return answerAccepted(request, reply);
      const formPage = sendingPage(request, route.page);
      const result = await validateForm(route.schema, request.body);
      const backHref = route.anchor ? `${formPage}#${route.anchor}` : formPage;
      if ("errors" in result) return answerInvalid(request, reply, result.errors, backHref);
      const proof = await app.proofOfWork.check(request.body);
      if (proof === "refused") {
        request.log.info({ statusCode: 400 }, "proof of work refused");
        return sendError(request, reply, { status: 400, message: PROOF_MESSAGES.refused, backHref });
      }
      if (proof === "missing") {
        const limit = await unsolvedLimit(request);
        if (!limit.isAllowed && limit.isExceeded) {
          reply.header("retry-after", limit.ttlInSeconds);
          throw Object.assign(new Error(tooManyRequestsMessage(limit.ttl)), { statusCode: 429, code: "RATE_LIMITED" });
        }
      }
      const source = postSource(
        request,
        request.body,
        [...app.allowedOrigins].map((origin) => new URL(origin).host),
      );
      const spam = automatedSign(request);
      const stored = await route.submit(result.values, formPage, source, spam);
      // Only a post from a page counts for it: one straight at the API would lift the page's rate past 100 %.
      if (!spam) app.visitStats?.post(route.kind, request, formPage, source);
      // The variant of a running experiment its hidden field names (server/experiments/).
      if (!spam) await app.experiments.post(route.kind, request, stored);
      return answerAccepted(request, reply);
    },
  );
}
