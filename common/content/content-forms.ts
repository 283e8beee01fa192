/**
 * A content file as its form sees it: the JSON Schema the form is generated from (the content
 * description's for JSON files, a small one for the head and text of the Markdown files) and the form's
 * data read from the file's text. Writing the text back is the server's (server/content-editor).
 */
import path from "node:path";
import type { EditableFile } from "./editable-files";
import { readFrontMatter } from "./front-matter";
import { jsonSchemaFor } from "./json-schemas";
import { CONTENT_FILES } from "./content-schema";
import { FIELD_KIND_KEYWORD } from "./field-kinds";

export type FormData = unknown;
type JsonSchema = Record<string, unknown>;

const LEGAL_FORM: JsonSchema = {
  type: "object",
  required: ["title", "description", "revised", "body"],
  properties: {
    title: { type: "string", title: "Überschrift", minLength: 1 },
    description: {
      type: "string",
      title: "Kurzbeschreibung",
      description: "Ein Satz für Suchmaschinen und Vorschauen beim Teilen.",
      minLength: 1,
    },
    revised: {
      type: "string",
      title: "Stand",
      description: "Der Tag der letzten inhaltlichen Änderung, als JJJJ-MM-TT.",
      pattern: "^\\d{4}-\\d{2}-\\d{2}$",
    },
    body: {
      type: "string",
      title: "Text",
      description:
        "Abschnitte beginnen mit „## 1. Überschrift“; **fett**, Listen mit „- “ und Links als [Linktext](/seite). Werte wie {{legal.company}} kommen aus den Einstellungen.",
      [FIELD_KIND_KEYWORD]: "markdown",
    },
  },
};

const EMAIL_FORM: JsonSchema = {
  type: "object",
  required: ["body"],
  properties: {
    subject: { type: "string", title: "Betreff" },
    body: {
      type: "string",
      title: "Text",
      description:
        "Absätze trennst du mit einer Leerzeile; ## Zwischenüberschrift, - Listenpunkt, **fett** und [Linktext](Adresse). Platzhalter wie {{name}} füllt der Server beim Versand.",
      [FIELD_KIND_KEYWORD]: "markdown",
    },
  },
};

/** The JSON Schema the form is built from: the content description's, without the "$schema" bookkeeping. */
export function formSchemaFor(entry: EditableFile): JsonSchema {
  if (entry.kind === "legal") return LEGAL_FORM;
  if (entry.kind === "email") {
    // The parts added under every mail have no subject of their own.
    if (path.posix.basename(entry.file).startsWith("_")) {
      const { subject: _subject, ...properties } = EMAIL_FORM.properties as Record<string, unknown>;
      return { ...EMAIL_FORM, properties };
    }
    return { ...EMAIL_FORM, required: ["subject", "body"] };
  }
  const source = CONTENT_FILES.find((file) => file.file === entry.file)!;
  const { $schema: _draft, $comment: _comment, ...schema } = jsonSchemaFor(source);
  if (schema.properties && typeof schema.properties === "object") {
    const { $schema: _reference, ...properties } = schema.properties as Record<string, unknown>;
    schema.properties = properties;
  }
  return schema;
}

/** The form's data of a file's text. */
export function formDataOf(entry: EditableFile, source: string): FormData {
  if (entry.kind === "json") {
    const value = JSON.parse(source) as unknown;
    if (value && typeof value === "object" && !Array.isArray(value) && "$schema" in value) {
      const { $schema: _schema, ...rest } = value as Record<string, unknown>;
      return rest;
    }
    return value;
  }
  // A head nobody can read (broken YAML, `---js`) is shown as text, never run: the check names it at the field.
  const { data, content } = readableFrontMatter(source);
  const body = content.replace(/^\r?\n/, "");
  if (entry.kind === "legal")
    return { title: data.title ?? "", description: data.description ?? "", revised: data.revised ?? "", body };
  return path.posix.basename(entry.file).startsWith("_") ? { body } : { subject: data.subject ?? "", body };
}

function readableFrontMatter(source: string): { data: Record<string, unknown>; content: string } {
  try {
    return readFrontMatter(source);
  } catch {
    return { data: {}, content: source };
  }
}
