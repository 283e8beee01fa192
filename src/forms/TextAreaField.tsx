import React from "react";
import { FieldError, describedByOf } from "./FieldError";
import { useTextField } from "./useTextField";
import { LABEL_CLASS, controlClass } from "./fieldStyles";

export interface TextAreaFieldProps {
  formId: string;
  name: string;
  label: string;
  placeholder?: string;
  maxLength: number;
  rows: number;
}

/** A labelled textarea with a live "n/limit" counter and its message tied to it. */
export function TextAreaField({ formId, name, label, maxLength, ...textarea }: TextAreaFieldProps) {
  const { field, id, errorId, message } = useTextField(formId, name);
  const countId = `${id}-count`;
  return (
    <div>
      <label htmlFor={id} className={LABEL_CLASS}>
        {label}
      </label>
      <textarea
        {...field}
        {...textarea}
        id={id}
        required
        maxLength={maxLength}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${describedByOf(errorId, message)} ${countId}` : countId}
        className={`${controlClass(Boolean(message))} resize-y`}
      />
      <div className="flex items-start justify-between gap-4">
        <FieldError id={errorId} message={message} />
        <p id={countId} className="mt-2 shrink-0 text-sm text-bark-700 tabular-nums">
          <span className="sr-only">Zeichen: </span>
          {field.value.length}/{maxLength}
        </p>
      </div>
    </div>
  );
}
