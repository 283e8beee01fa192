import { useField } from "formik";
import { fieldId } from "./values-on-screen";

/** Formik's field props plus the ids and the message (shown once touched) every text control ties together. */
export function useTextField(formId: string, name: string) {
  const [field, meta] = useField<string>(name);
  const id = fieldId(formId, name);
  return { field, id, errorId: `${id}-error`, message: meta.touched ? meta.error : undefined };
}
