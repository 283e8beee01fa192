/**
 * Registers an owner API route from its row of OWNER_API (common/owner/api.ts): method, path, who may call
 * it (the guard reads `config.ownerAccess`, guard.ts) and its schemas, looked up by name, so the route file
 * holds only the handler and what the row cannot say (a body limit, a recent login, a rate limit). The
 * handler's request and reply are typed from the row's schemas (TypeBox type provider).
 */
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import * as requests from "../../../common/owner/schemas";
import * as answers from "../../../common/owner/responses";
import * as experiments from "../../../common/owner/experiments";
import type { ApiRow, OwnerSchemas, RouteSchema } from "../../../common/owner/api";

const SCHEMAS: OwnerSchemas = { ...requests, ...answers, ...experiments };

/** The Fastify schema of a row: its named schemas, each part only when declared. */
function schemaOf(row: ApiRow): Record<string, unknown> {
  const { query, params, body, answer } = row;
  const response =
    answer === undefined
      ? undefined
      : typeof answer === "string"
        ? { 200: SCHEMAS[answer] }
        : Object.fromEntries(Object.entries(answer).map(([status, name]) => [status, SCHEMAS[name]]));
  return {
    ...(query && { querystring: SCHEMAS[query] }),
    ...(params && { params: SCHEMAS[params] }),
    ...(body && { body: SCHEMAS[body] }),
    ...(response && { response }),
  };
}

type HandlerFor<Schema extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  Schema,
  TypeBoxTypeProvider
>;
/** Request and answer typed from the row. */
type Handler<Row extends ApiRow> = HandlerFor<RouteSchema<Row>>;

/** What a route adds to its row: hooks, a body limit, config such as a rate limit. */
type Extras = Pick<RouteShorthandOptions, "bodyLimit" | "preValidation" | "preHandler" | "config">;

interface RouteFunction {
  <Row extends ApiRow>(row: Row, handler: Handler<Row>): void;
  <Row extends ApiRow>(row: Row, extras: Extras, handler: Handler<Row>): void;
}

function routes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  return (row: ApiRow, extrasOrHandler: Extras | RouteHandlerMethod, maybeHandler?: RouteHandlerMethod): void => {
    const extras = typeof extrasOrHandler === "function" ? {} : extrasOrHandler;
    const handler = (typeof extrasOrHandler === "function" ? extrasOrHandler : maybeHandler)!;
    app.route({
      ...extras,
      method: row.method,
      url: row.path,
      schema: schemaOf(row),
      config: { ...extras.config, ownerAccess: row.access },
      handler,
    });
  };
}

/** `route(OWNER_API.x, handler)` or `route(OWNER_API.x, extras, handler)`, registered on `scope`. */
export const ownerRoute = (scope: FastifyInstance) => routes(scope) as RouteFunction;
