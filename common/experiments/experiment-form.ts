/**
 * The experiments' form in „Inhalte“: the text an experiment varies is chosen from the texts its page has, by
 * their names in the page's own form („Kopfbereich › Titel“) and how they read now, never typed as a dotted
 * key. Only texts an experiment may vary are offered (experiment-fields.ts); the check still decides.
 */
import { CONTENT_FILES } from "../content/content-schema";
import { FIELD_CHOICES_KEYWORD, type FieldChoice } from "../content/field-kinds";
import { FIELD_TITLES } from "../content/field-titles";
import { jsonSchemaFor } from "../content/json-schemas";
import { refusedField } from "./experiment-fields";
import { pageFileOf } from "./experiment-problems";
import { EXPERIMENT_PAGES } from "./experiment-schema";
import { ALL_ROUTES } from "../routes";

type Node = Record<string, unknown>;

const excerpt = (text: string) => (text.length > 60 ? `${text.slice(0, 59).trimEnd()} …` : text);

/** The texts of a page's data an experiment may vary, named by the titles of the page's form. */
export function pageFieldChoices(data: unknown, schema: Node): FieldChoice[] {
  const choices: FieldChoice[] = [];
  const walk = (value: unknown, node: Node | undefined, field: string, names: string[]) => {
    if (typeof value === "string") {
      if (refusedField(field, value) === undefined)
        choices.push({ value: field, label: `${names.join(" › ")}: „${excerpt(value)}“` });
    } else if (Array.isArray(value)) {
      const items = node?.items as Node | undefined;
      value.forEach((item, index) =>
        walk(item, items, `${field}[${index}]`, [...names.slice(0, -1), `${names.at(-1)}, Nr. ${index + 1}`]),
      );
    } else if (value && typeof value === "object") {
      const properties = (node?.properties ?? {}) as Record<string, Node>;
      for (const [key, inner] of Object.entries(value as Node)) {
        if (key === "$schema") continue;
        const child = properties[key];
        const name = typeof child?.title === "string" ? child.title : (FIELD_TITLES[key] ?? key);
        walk(inner, child, field ? `${field}.${key}` : key, [...names, name]);
      }
    }
  };
  walk(data, schema, "", []);
  return choices;
}

/** Per page an experiment may name, the texts to choose from; `readPage` reads a page's file ("pages/home.json"). */
export function experimentFieldChoices(readPage: (file: string) => unknown): Record<string, FieldChoice[]> {
  return Object.fromEntries(
    EXPERIMENT_PAGES.map((page) => {
      const file = pageFileOf(page);
      const entry = CONTENT_FILES.find((candidate) => candidate.file === file);
      const data = file ? readPage(file) : undefined;
      return [page, entry && data !== undefined ? pageFieldChoices(data, jsonSchemaFor(entry)) : []];
    }),
  );
}

/** The experiments file's form schema with the choices at each experiment's field. */
export function withFieldChoices(schema: Node, choices: Record<string, FieldChoice[]>): Node {
  const properties = schema.properties as Record<string, Node> | undefined;
  const list = properties?.experiments;
  const entry = list?.items as Node | undefined;
  const fields = entry?.properties as Record<string, Node> | undefined;
  if (!list || !entry || !fields?.field) return schema;
  const field = { ...fields.field, [FIELD_CHOICES_KEYWORD]: choices };
  return {
    ...schema,
    properties: { ...properties, experiments: { ...list, items: { ...entry, properties: { ...fields, field } } } },
  };
}

/**
 * How the owner reads an experiment's text: its page's title and the text's name in the page's form
 * („Startseite“, „Kopfbereich › Titel“), never the dotted key; the key itself where the page has no such field.
 */
export function experimentTextName(page: string, field: string): { pageTitle: string; fieldName: string } {
  const route = ALL_ROUTES.find((candidate) => candidate.path === page);
  const pageTitle = route?.title ?? page;
  const file = pageFileOf(page);
  const entry = CONTENT_FILES.find((candidate) => candidate.file === file);
  if (!entry) return { pageTitle, fieldName: field };
  const names: string[] = [];
  let node: Node | undefined = jsonSchemaFor(entry);
  for (const [, key, index] of field.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (index !== undefined) {
      node = node?.items as Node | undefined;
      names[names.length - 1] = `${names.at(-1) ?? "Eintrag"}, Nr. ${Number(index) + 1}`;
      continue;
    }
    node = (node?.properties as Record<string, Node> | undefined)?.[key!];
    if (!node) return { pageTitle, fieldName: field };
    names.push(typeof node.title === "string" ? node.title : (FIELD_TITLES[key!] ?? key!));
  }
  return { pageTitle, fieldName: names.join(" › ") };
}
