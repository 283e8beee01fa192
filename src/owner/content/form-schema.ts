/** What the generated forms need beside the JSON Schema: widgets per field, and the check's messages as rjsf's error tree. */
import type { ErrorSchema, UiSchema } from "@rjsf/utils";
import type { ContentFileAnswer, FieldProblem } from "../../../common/owner/responses";

/** Picture fields (their pattern names the picture types) get the picture widget, texts of Markdown files the Markdown one. */
export function uiSchemaFor(schema: Record<string, unknown>, kind: ContentFileAnswer["kind"]): UiSchema {
  const walk = (node: Record<string, unknown>, name?: string): UiSchema => {
    if (node.type === "object" && node.properties) {
      const ui: UiSchema = {};
      for (const [key, child] of Object.entries(node.properties as Record<string, Record<string, unknown>>)) {
        ui[key] = walk(child, key);
      }
      return ui;
    }
    if (node.type === "array" && node.items)
      return { items: walk(node.items as Record<string, unknown>), "ui:options": { orderable: true } };
    if (node.type === "string" && typeof node.pattern === "string" && /\[jJ\]\[pP\]|jpe?g/.test(node.pattern))
      return { "ui:widget": "image" };
    if (node.type === "string" && kind !== "json" && name === "body") return { "ui:widget": "markdown" };
    return {};
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
