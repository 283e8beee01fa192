/**
 * The owner API validates every request against its route's schema (common/owner/schemas.ts) before the
 * handler runs, with TypeBox's compiled checks, taking each value as sent: nothing is converted, dropped or
 * filled in. A refusal answers 400 with the German message the refused field names (`invalid`).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from "fastify";
import type { TSchema } from "typebox";
import { Compile } from "typebox/compile";
import type { OwnerMessageKey } from "../../../common/owner/schemas";
import { errorHandler, sendError } from "../../http/errors";
import { HTTP_MESSAGES } from "../../http/messages";
import { OWNER_MESSAGES } from "./messages";

const compileSchema: FastifySchemaCompiler<TSchema> = ({ schema }) => {
  const check = Compile(schema);
  return (value: unknown) => (check.Check(value) ? { value } : { error: [...check.Errors(value)] as never });
};

interface DeclaredSchema {
  invalid?: OwnerMessageKey;
  properties?: Record<string, DeclaredSchema>;
}

interface ValidationIssue {
  instancePath: string;
  params: { requiredProperties?: string[] };
}

/** The message of the first refused field: its own, else its object's, else the general one. */
export function invalidMessage(schema: DeclaredSchema | undefined, issue: ValidationIssue | undefined): string {
  const name = issue?.params.requiredProperties?.[0] ?? issue?.instancePath.split("/")[1];
  const field = name === undefined ? undefined : schema?.properties?.[name];
  const key = field?.invalid ?? schema?.invalid;
  return key ? OWNER_MESSAGES[key] : HTTP_MESSAGES.badRequest;
}

export function registerOwnerValidation(api: FastifyInstance): void {
  api.setValidatorCompiler(compileSchema);
  api.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (!error.validation || !error.validationContext) return errorHandler(error, request, reply);
    request.log.info({ statusCode: 400, part: error.validationContext }, "owner request refused by its schema");
    const schemas = request.routeOptions.schema as Record<string, DeclaredSchema> | undefined;
    const message = invalidMessage(schemas?.[error.validationContext], error.validation[0] as unknown as ValidationIssue);
    return sendError(request, reply, { status: 400, message });
  });
}
