/**
 * A yup schema read as plain data: type, presence, limits and the German messages of its checks. The
 * GraphQL types and the editors' JSON Schemas are both written from this, so they say what the check does.
 * It reads yup's public description (`describe()`); the messages, which the description leaves out, come
 * from each test's options and, for a list of allowed values, from what yup answers to a value outside it.
 */
import { ValidationError, type AnySchema, type CustomSchemaMetadata, type SchemaDescription } from "yup";

export interface Shape {
  kind: "string" | "number" | "array" | "object";
  /** May be absent from the file. */
  optional: boolean;
  /** A string that must not be empty. */
  nonEmpty: boolean;
  integer: boolean;
  /** Message of the no-leading-or-trailing-space check, when there is one. */
  trimMessage?: string;
  enum?: unknown[];
  /** The message for a value outside `enum` (also in `messages`). */
  enumMessage?: string;
  pattern?: { regex: RegExp; message: string };
  /** Inclusive and exclusive bounds of a number, and min/max entries of a list. */
  min?: number;
  max?: number;
  moreThan?: number;
  lessThan?: number;
  /** German messages of the checks beyond presence and type, as an editor would read them. */
  messages: string[];
  meta: CustomSchemaMetadata;
  fields?: Record<string, Shape>;
  items?: Shape;
}

const KINDS = ["string", "number", "array", "object"] as const;

/** The message yup gives for a value outside the allowed list (the list's own message). */
function oneOfMessage(schema: AnySchema, allowed: unknown[]): string | undefined {
  const outside =
    schema.type === "number"
      ? Math.max(0, ...allowed.filter((value): value is number => typeof value === "number")) + 1
      : `${allowed.join("|")}\u0000`;
  try {
    schema.validateSync(outside, { abortEarly: true });
  } catch (error) {
    if (error instanceof ValidationError && error.type === "oneOf") return error.message;
  }
  return undefined;
}

export function shapeOf(schema: AnySchema): Shape {
  const description = schema.describe() as SchemaDescription;
  const kind = KINDS.find((candidate) => candidate === description.type);
  if (!kind) throw new Error(`Inhaltsbeschreibung: Typ „${description.type}“ wird nicht unterstützt`);
  const shape: Shape = {
    kind,
    optional: description.optional,
    nonEmpty: false,
    integer: false,
    messages: [],
    meta: (description.meta as CustomSchemaMetadata | undefined) ?? {},
  };
  const note = (message: unknown) => {
    if (typeof message === "string" && message && !shape.messages.includes(message)) shape.messages.push(message);
  };
  // The description names each test once; its message is in the options the test was made with.
  const messageOf = (name?: string) => schema.tests.find((test) => test.OPTIONS?.name === name)?.OPTIONS?.message;
  for (const test of description.tests) {
    const params = test.params ?? {};
    const message = messageOf(test.name);
    switch (test.name) {
      case "required":
        shape.nonEmpty = true;
        break;
      case "trim":
        shape.trimMessage = String(message);
        break;
      case "integer":
        shape.integer = true;
        note(message);
        break;
      case "matches":
        shape.pattern = { regex: params.regex as RegExp, message: String(message) };
        note(message);
        break;
      case "min":
        if (typeof params.min === "number") shape.min = params.min;
        if (typeof params.more === "number") shape.moreThan = params.more;
        note(message);
        break;
      case "max":
        if (typeof params.max === "number") shape.max = params.max;
        if (typeof params.less === "number") shape.lessThan = params.less;
        note(message);
        break;
      default:
        // Checks JSON Schema cannot express (a real date, an existing image) still carry a useful message.
        note(message);
    }
  }
  if (description.oneOf.length > 0) {
    shape.enum = description.oneOf;
    shape.enumMessage = oneOfMessage(schema, description.oneOf);
    note(shape.enumMessage);
  }
  if ("fields" in schema && schema.fields)
    shape.fields = Object.fromEntries(
      Object.entries(schema.fields as Record<string, AnySchema>).map(([name, field]) => [name, shapeOf(field)]),
    );
  if ("innerType" in schema && schema.innerType) shape.items = shapeOf(schema.innerType as AnySchema);
  return shape;
}
