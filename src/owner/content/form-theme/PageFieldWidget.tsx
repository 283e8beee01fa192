import React from "react";
import type { WidgetProps } from "@rjsf/utils";
import { FIELD_CHOICES_KEYWORD, type FieldChoice } from "../../../../common/content/field-kinds";
import { inputClass } from "../../ui";
import { describedBy } from "./field-description";
import { SelectWidget } from "./SelectWidget";
import { TextWidget } from "./TextWidget";

/**
 * An experiment's text (kind page-field): chosen among the texts of the page its entry names, by their names in
 * the page's form and how they read now (the server adds them to the schema, experiment-form.ts). A value the
 * page does not have stays shown as it is, so nothing is lost; the check names it.
 */
export function PageFieldWidget(props: WidgetProps) {
  const { id, value, schema, registry } = props;
  const choices = schema[FIELD_CHOICES_KEYWORD] as Record<string, FieldChoice[]> | undefined;
  if (!choices) return <TextWidget {...props} />;
  const data = (registry.formContext as { formData?: { experiments?: { page?: unknown }[] } }).formData;
  const index = /_(\d+)_[A-Za-z]+$/.exec(id)?.[1];
  const page = index === undefined ? undefined : data?.experiments?.[Number(index)]?.page;
  const offered = typeof page === "string" ? (choices[page] ?? []) : [];
  const unknown =
    typeof value === "string" && value !== "" && !offered.some((choice) => choice.value === value)
      ? [{ value, label: `${value} (gibt es auf dieser Seite nicht)` }]
      : [];
  if (typeof page !== "string" || page === "")
    return (
      <select id={id} name={id} disabled className={inputClass} aria-describedby={describedBy(id, props)}>
        <option>Wähl zuerst die Seite</option>
      </select>
    );
  return <SelectWidget {...props} options={{ ...props.options, enumOptions: [...unknown, ...offered] }} />;
}
