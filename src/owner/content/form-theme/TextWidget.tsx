import React from "react";
import type { WidgetProps } from "@rjsf/utils";
import { inputClass } from "../../ui";
import { controlProps, DATE_PATTERNS } from "./field-description";

/** A text or a number: one line, several lines for a long text, or the browser's date picker for a day. */
export function TextWidget(props: WidgetProps) {
  const { id, value, required, onChange, onBlur, onFocus, schema } = props;
  const numeric = schema.type === "number" || schema.type === "integer";
  const long = !numeric && typeof value === "string" && (value.length > 70 || value.includes("\n"));
  const common = {
    ...controlProps(props),
    required,
    onBlur: (event: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => onBlur(id, event.target.value),
    onFocus: (event: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => onFocus(id, event.target.value),
    className: inputClass,
  };
  if (long)
    return (
      <textarea
        {...common}
        rows={Math.min(8, Math.max(3, Math.ceil(String(value).length / 70)))}
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  // A day (JJJJ-MM-TT, as the file keeps it) gets the browser's date picker, which gives the same text.
  if (schema.pattern && DATE_PATTERNS.has(schema.pattern))
    return <input {...common} type="date" value={value ?? ""} onChange={(event) => onChange(event.target.value)} />;
  return (
    <input
      {...common}
      type="text"
      inputMode={numeric ? "numeric" : undefined}
      value={value ?? ""}
      onChange={(event) => {
        const text = event.target.value;
        if (!numeric) return onChange(text);
        // A number stays a number in the file; anything else goes to the check as typed, which names the mistake.
        const number = Number(text.replace(",", "."));
        onChange(text.trim() !== "" && Number.isFinite(number) ? number : text);
      }}
    />
  );
}
