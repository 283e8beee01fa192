import React from "react";
import type { WidgetProps } from "@rjsf/utils";
import { fieldLabelsOf } from "../../../../common/content/field-kinds";
import { inputClass } from "../../ui";
import { controlProps } from "./field-description";

/** A choice: each value by its German name where the content description gives one („x-labels“). */
export function SelectWidget(props: WidgetProps) {
  const { value, required, onChange, options, schema } = props;
  const labels = fieldLabelsOf(schema as Record<string, unknown>) ?? {};
  const choices = ((options.enumOptions ?? []) as { value: unknown; label: string }[]).map((choice) => ({
    value: choice.value,
    label: labels[String(choice.value)] ?? choice.label,
  }));
  return (
    <select
      {...controlProps(props)}
      required={required}
      className={inputClass}
      value={choices.findIndex((choice) => choice.value === value)}
      onChange={(event) => onChange(choices[Number(event.target.value)]?.value)}
    >
      {choices.findIndex((choice) => choice.value === value) < 0 && <option value={-1}>Bitte wählen …</option>}
      {choices.map((choice, index) => (
        <option key={String(choice.value)} value={index}>
          {choice.label === "" ? "(leer)" : choice.label}
        </option>
      ))}
    </select>
  );
}
