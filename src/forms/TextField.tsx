import React from "react";
import { useField } from "formik";
import { FieldError } from "./FieldError";
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
  const [field, meta] = useField<string>(name);
  const id = `${formId}-${name}`;
  const errorId = `${id}-error`;
  const message = meta.touched ? meta.error : undefined;
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
        aria-describedby={message ? errorId : undefined}
        className={controlClass(Boolean(message))}
      />
      <FieldError id={errorId} message={message} />
    </div>
  );
}
