import React from "react";
import { useField } from "formik";
import { HONEYPOT_FIELD } from "../../common/forms/schemas";
import { fieldId } from "./values-on-screen";

/**
 * A trap for bots that fill every input: off-screen, hidden from assistive technology, out of the tab
 * order and excluded from autofill, so a person never puts anything in it.
 */
export function HoneypotField({ formId }: { formId: string }) {
  const [field] = useField<string>(HONEYPOT_FIELD);
  const id = fieldId(formId, HONEYPOT_FIELD);
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Website (bitte leer lassen)</label>
      <input {...field} id={id} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
