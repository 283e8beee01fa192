/**
 * The editors' JSON Schemas (content/schemas/), written from the content description so that VS Code and
 * other editors complete field names and flag what the build's content check would refuse, while typing.
 */
import path from "node:path";
import { CONTENT_FILES, isListFile, type ListFile, type ObjectFile } from "./content-schema";
import { FIELD_TITLES } from "./field-titles";
import { shapeOf, type Shape } from "./schema-shape";
import { FIELD_KIND_KEYWORD, FIELD_LABELS_KEYWORD, ITEM_NAMES_KEYWORD } from "./field-kinds";
import { ALL_ROUTES } from "../routes";

type JsonSchema = Record<string, unknown>;

/** "pages/home.json" → "schemas/pages/home.schema.json" (relative to content/). */
export const schemaPath = (file: string): string => `schemas/${file.replace(/\.json$/, ".schema.json")}`;

/** What a content file's "$schema" says: the path of its schema relative to the file. */
export const schemaReference = (file: string): string => {
  const relative = path.posix.relative(path.posix.dirname(file), schemaPath(file));
  return relative.startsWith(".") ? relative : `./${relative}`;
};

/** JSON Schema patterns have no flags: a case-insensitive regex spells out both cases of each letter. */
export function patternSource(regex: RegExp): string {
  if (!regex.flags.includes("i")) return regex.source;
  let out = "";
  let inClass = false;
  for (let index = 0; index < regex.source.length; index += 1) {
    const char = regex.source[index];
    if (char === "\\") {
      out += char + regex.source[index + 1];
      index += 1;
    } else if (/[a-z]/i.test(char)) {
      const both = char.toLowerCase() + char.toUpperCase();
      out += inClass ? both : `[${both}]`;
    } else {
      if (char === "[") inClass = true;
      if (char === "]") inClass = false;
      out += char;
    }
  }
  return out;
}

/** No space at the start or the end; for a field that may stay empty, empty too. */
const trimmedPattern = (nonEmpty: boolean) => (nonEmpty ? "^\\S(?:[\\s\\S]*\\S)?$" : "^(?:\\S(?:[\\s\\S]*\\S)?)?$");

const sentence = (message: string) => `${message.charAt(0).toUpperCase()}${message.slice(1)}.`;

/**
 * A rule as help beside the field, before anything is wrong: „muss eine ganze Zahl sein“ → „Eine ganze
 * Zahl.“; a message that only says what is wrong („ist kein gültiges Datum“) is left for when it is.
 */
function hint(message: string): string | undefined {
  if (/^ist keine? /.test(message)) return undefined;
  const rule =
    /^muss (.+?) sein(.*)$/s.exec(message) ??
    /^muss (.+?) liegen(.*)$/s.exec(message) ??
    /^darf (nicht .+?) sein(.*)$/s.exec(message);
  return sentence(rule ? `${rule[1]}${rule[2]}` : message);
}

/** A page of the site is named by its title, with its path to tell it apart. */
const PAGE_LABELS: Record<string, string> = Object.fromEntries(
  ALL_ROUTES.map((route) => [route.path, `${route.title} (${route.path})`]),
);

/** The German names of a choice's values: declared with the field, or a page's title for a site path. */
function labelsOf(shape: Shape): Record<string, string> | undefined {
  const declared = shape.meta.labels ?? (shape.meta.kind === "site-path" ? PAGE_LABELS : undefined);
  if (!declared) return undefined;
  const values = (shape.enum ?? []).map(String);
  const missing = values.filter((value) => declared[value] === undefined);
  if (missing.length > 0) throw new Error(`Inhaltsbeschreibung: zu ${missing.join(", ")} fehlt der deutsche Name`);
  return Object.fromEntries(values.map((value) => [value, declared[value]!]));
}

function fieldSchema(shape: Shape, name?: string): JsonSchema {
  const schema: JsonSchema = {};
  const title = shape.meta.title ?? (name ? FIELD_TITLES[name] : undefined);
  if (title) schema.title = title;
  const labels = shape.enum && labelsOf(shape);
  // A choice with German names offers only the allowed values, and a list of named entries says its rules by what
  // it offers: the list of their codes would only confuse.
  const messages = shape.meta.itemNames
    ? []
    : labels
      ? shape.messages.filter((message) => message !== shape.enumMessage)
      : shape.messages;
  const description = [shape.meta.description && sentence(shape.meta.description), ...messages.map(hint)]
    .filter(Boolean)
    .join(" ");
  if (description) schema.description = description;
  switch (shape.kind) {
    case "string":
      schema.type = "string";
      if (shape.enum) schema.enum = shape.enum;
      else {
        if (shape.nonEmpty) schema.minLength = 1;
        if (shape.pattern) {
          schema.pattern = patternSource(shape.pattern.regex);
          schema.patternErrorMessage = shape.pattern.message;
        } else if (shape.trimMessage) {
          schema.pattern = trimmedPattern(shape.nonEmpty);
          schema.patternErrorMessage = shape.trimMessage;
        }
      }
      break;
    case "number":
      schema.type = shape.integer ? "integer" : "number";
      if (shape.enum) schema.enum = shape.enum;
      if (shape.min !== undefined) schema.minimum = shape.min;
      if (shape.max !== undefined) schema.maximum = shape.max;
      if (shape.moreThan !== undefined) schema.exclusiveMinimum = shape.moreThan;
      if (shape.lessThan !== undefined) schema.exclusiveMaximum = shape.lessThan;
      break;
    case "array":
      schema.type = "array";
      if (shape.items) schema.items = fieldSchema(shape.items);
      if (shape.min !== undefined) schema.minItems = shape.min;
      if (shape.max !== undefined) schema.maxItems = shape.max;
      break;
    case "object": {
      const fields = Object.entries(shape.fields ?? {});
      schema.type = "object";
      schema.properties = Object.fromEntries(fields.map(([fieldName, field]) => [fieldName, fieldSchema(field, fieldName)]));
      schema.required = fields.filter(([, field]) => !field.optional).map(([fieldName]) => fieldName);
      break;
    }
  }
  if (shape.meta.kind) schema[FIELD_KIND_KEYWORD] = shape.meta.kind;
  if (labels) schema[FIELD_LABELS_KEYWORD] = labels;
  if (shape.meta.itemNames) schema[ITEM_NAMES_KEYWORD] = shape.meta.itemNames;
  return schema;
}

const GENERATED = "Generated by `npm run schemas` from common/content/content-schema.ts; do not edit.";
const PLACEHOLDER_HINT = "Platzhalter wie {{replyWithinHours}} nehmen Werte aus content/site.json.";

function listFileSchema(entry: ListFile): JsonSchema {
  return {
    title: entry.title,
    description: [entry.description && sentence(entry.description), `Genau ${entry.count} Einträge.`].filter(Boolean).join(" "),
    type: "array",
    // The check refuses fields an entry does not name, as it does at the top of an object file.
    items: { ...fieldSchema(shapeOf(entry.entry)), additionalProperties: false },
    minItems: entry.count,
    maxItems: entry.count,
  };
}

function objectFileSchema(entry: ObjectFile, placeholders: boolean): JsonSchema {
  const body = fieldSchema(shapeOf(entry.schema));
  return {
    title: entry.title,
    description: [entry.description && sentence(entry.description), placeholders && PLACEHOLDER_HINT].filter(Boolean).join(" "),
    ...body,
    // The check refuses unknown fields at the top of an object file (noUnknown); "$schema" is the one exception.
    properties: {
      $schema: { title: "Verweis auf dieses Schema", type: "string", const: schemaReference(entry.file) },
      ...(body.properties as JsonSchema),
    },
    additionalProperties: false,
  };
}

/** The JSON Schema of one content file from the table. */
export function jsonSchemaFor(entry: ListFile | ObjectFile): JsonSchema {
  const schema = isListFile(entry) ? listFileSchema(entry) : objectFileSchema(entry, entry.file !== "site.json");
  return { $schema: "http://json-schema.org/draft-07/schema#", $comment: GENERATED, ...schema };
}

/** Every content file's schema, keyed by its path relative to content/. */
export const contentJsonSchemas = (): Map<string, JsonSchema> =>
  new Map(CONTENT_FILES.map((entry) => [schemaPath(entry.file), jsonSchemaFor(entry)]));

/** The `json.schemas` setting of VS Code: each content file tied to its schema, list files included. */
export const editorSchemaSettings = (): { fileMatch: string[]; url: string }[] =>
  CONTENT_FILES.map((entry) => ({ fileMatch: [`content/${entry.file}`], url: `./content/${schemaPath(entry.file)}` }));
