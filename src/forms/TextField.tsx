import React from "react";
import { FieldError, describedByOf } from "./FieldError";
import { useTextField } from "./useTextField";
import { LABEL_CLASS, controlClass } from "./fieldStyles";

export interface TextFieldProps {
  /** Prefix that keeps ids unique on the page, e.g. "lead". */
  formId: string;
  name: string;
  label: string;
  type?: "text" | "email";
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
  pattern?: string;
}

/** A labelled input whose message is tied to it with aria-describedby and aria-invalid. */
export function TextField({ formId, name, label, type = "text", ...input }: TextFieldProps) {
  const { field, id, errorId, message } = useTextField(formId, name);
  return (
    <div>
      <label htmlFor={id} className={LABEL_CLASS}>
        {label}
      </label>
      <input
        {...field}
        {...input}
        id={id}
        type={type}
        required
        aria-invalid={message ? true : undefined}
        aria-describedby={describedByOf(errorId, message)}
        className={controlClass(Boolean(message))}
      />
      <FieldError id={errorId} message={message} />
    </div>
  );
}
