/** A field's help text as the form shows it, and how an input names its help and its errors for screen readers. */
import type { WidgetProps } from "@rjsf/utils";

/** The patterns the content description gives a day's field, required or optional (content-schema.ts). */
export const DATE_PATTERNS = new Set(["^\\d{4}-\\d{2}-\\d{2}$", "^(\\d{4}-\\d{2}-\\d{2})?$"]);

/**
 * A field's help as the form shows it: a day's field has the browser's date picker, which shows the day in the
 * browser's own way, so the file's format (JJJJ-MM-TT, the help for those who edit the file) is left out there.
 */
export function shownDescription(schema: { pattern?: string }, description: string | undefined): string | undefined {
  if (!description || !schema.pattern || !DATE_PATTERNS.has(schema.pattern)) return description;
  return description.replace(/\s*Ein Datum im Format JJJJ-MM-TT\.\s*/, " ").trim() || undefined;
}

/** The ids of the help and the errors FieldTemplate shows under an input, for its aria-describedby. */
export const describedBy = (id: string, props: WidgetProps) =>
  [
    shownDescription(props.schema, props.schema.description) ? `${id}__beschreibung` : "",
    (props.rawErrors ?? []).length > 0 ? `${id}__fehler` : "",
  ]
    .filter(Boolean)
    .join(" ") || undefined;

/**
 * What every input of the form carries: its id and name, whether it can be changed, whether the check marks it,
 * and the help and errors FieldTemplate shows under it.
 */
export const controlProps = (props: WidgetProps) => ({
  id: props.id,
  name: props.id,
  disabled: props.disabled || props.readonly,
  "aria-invalid": (props.rawErrors ?? []).length > 0 || undefined,
  "aria-describedby": describedBy(props.id, props),
});
