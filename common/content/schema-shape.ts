/**
 * A yup schema read as plain data: type, presence, limits and the German messages of its checks. The
 * GraphQL types and the editors' JSON Schemas are both written from this, so they say what the check does.
 */
import type { AnySchema, CustomSchemaMetadata } from "yup";

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

interface TestOptions {
  name?: string;
  message?: unknown;
  params?: Record<string, unknown>;
}

/** yup keeps these on the instance without a public accessor; describe() drops the messages and regexes. */
interface SchemaInternals {
  type: string;
  spec: { optional: boolean; meta?: CustomSchemaMetadata };
  tests: { OPTIONS?: TestOptions }[];
  _whitelist: Set<unknown>;
  internalTests: { whiteList?: { OPTIONS?: TestOptions } };
  fields?: Record<string, AnySchema>;
  innerType?: AnySchema;
}

const KINDS = ["string", "number", "array", "object"] as const;

export function shapeOf(schema: AnySchema): Shape {
  const raw = schema as unknown as SchemaInternals;
  const kind = KINDS.find((candidate) => candidate === raw.type);
  if (!kind) throw new Error(`Inhaltsbeschreibung: Typ „${raw.type}“ wird nicht unterstützt`);
  const shape: Shape = {
    kind,
    optional: raw.spec.optional,
    nonEmpty: false,
    integer: false,
    messages: [],
    meta: raw.spec.meta ?? {},
  };
  const note = (message: unknown) => {
    if (typeof message === "string" && message && !shape.messages.includes(message)) shape.messages.push(message);
  };
  for (const { OPTIONS: test = {} } of raw.tests) {
    const params = test.params ?? {};
    switch (test.name) {
      case "required":
        shape.nonEmpty = true;
        break;
      case "trim":
        shape.trimMessage = String(test.message);
        break;
      case "integer":
        shape.integer = true;
        note(test.message);
        break;
      case "matches":
        shape.pattern = { regex: params.regex as RegExp, message: String(test.message) };
        note(test.message);
        break;
      case "min":
        if (typeof params.min === "number") shape.min = params.min;
        if (typeof params.more === "number") shape.moreThan = params.more;
        note(test.message);
        break;
      case "max":
        if (typeof params.max === "number") shape.max = params.max;
        if (typeof params.less === "number") shape.lessThan = params.less;
        note(test.message);
        break;
      default:
        // Checks JSON Schema cannot express (a real date, an existing image) still carry a useful message.
        note(test.message);
    }
  }
  if (raw._whitelist.size > 0) {
    shape.enum = [...raw._whitelist];
    note(raw.internalTests.whiteList?.OPTIONS?.message);
  }
  if (raw.fields) shape.fields = Object.fromEntries(Object.entries(raw.fields).map(([name, field]) => [name, shapeOf(field)]));
  if (raw.innerType) shape.items = shapeOf(raw.innerType);
  return shape;
}
