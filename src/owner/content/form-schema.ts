/** What the generated forms need beside the JSON Schema: widgets per field, and the check's messages as rjsf's error tree. */
import type { ErrorSchema, UiSchema } from "@rjsf/utils";
import type { FieldProblem } from "../../../common/owner/responses";
import { fieldKindOf, ITEM_NAMES_KEYWORD, type FieldKind } from "../../../common/content/field-kinds";

/**
 * Each field gets the widget of its kind (common/content/field-kinds.ts): pictures the picture one, Markdown texts
 * the Markdown one, an experiment's text the choice of its page's texts.
 */
const WIDGETS: Partial<Record<FieldKind, string>> = { picture: "image", markdown: "markdown", "page-field": "pageField" };

export function uiSchemaFor(schema: Record<string, unknown>): UiSchema {
  const walk = (node: Record<string, unknown>): UiSchema => {
    if (node.type === "object" && node.properties) {
      const ui: UiSchema = {};
      for (const [key, child] of Object.entries(node.properties as Record<string, Record<string, unknown>>)) {
        ui[key] = walk(child);
      }
      return ui;
    }
    // Entries with names of their own („Variante B“, „Variante C“) keep their place: their name says which is which.
    if (node.type === "array" && node.items)
      return { items: walk(node.items as Record<string, unknown>), "ui:options": { orderable: !node[ITEM_NAMES_KEYWORD] } };
    const kind = fieldKindOf(node);
    const widget = kind && WIDGETS[kind];
    // A choice shows its values by their German names through the theme's select (form-theme/SelectWidget.tsx, "x-labels").
    return widget ? { "ui:widget": widget } : {};
  };
  return { ...walk(schema), "ui:submitButtonOptions": { norender: true } };
}

/** The check's problems as rjsf's error tree: [1, "quote"] → { 1: { quote: { __errors: [...] } } }. */
export function errorSchemaOf(problems: FieldProblem[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const problem of problems) {
    let node = root;
    for (const part of problem.path) {
      const key = String(part);
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    }
    ((node.__errors ??= []) as string[]).push(problem.message);
  }
  return root as ErrorSchema;
}

/** The form's data with the list entry at `path` (e.g. [4] or ["experiments", 2]) moved to the top of its list. */
export function movedToTop(data: unknown, path: readonly (string | number)[]): unknown {
  const index = path.at(-1);
  if (typeof index !== "number" || index <= 0) return data;
  const copy = structuredClone(data);
  const list = path.slice(0, -1).reduce<unknown>((node, step) => (node as Record<string, unknown>)?.[step], copy);
  if (!Array.isArray(list) || index >= list.length) return data;
  list.unshift(...list.splice(index, 1));
  return copy;
}
