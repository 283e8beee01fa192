/**
 * The submit flow both forms share, on top of Formik's values and errors:
 * validate → send once → on acceptance go to the thank-you page, no sooner than REDIRECT_DELAY_MS after
 * the click; on refusal show the errors, keep every value, give the button back and focus the first
 * invalid field.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { navigate } from "gatsby";
import { useFormik, type FormikErrors, type FormikTouched } from "formik";
import type { AnyObjectSchema } from "yup";
import { REDIRECT_DELAY_MS, THANK_YOU_PATH } from "../../common/constants";
import { HONEYPOT_FIELD } from "../../common/forms/schemas";
import { submitForm, SUBMIT_MESSAGES } from "./submit";
import { entrySource } from "./entry-source";
import { valuesOnScreen } from "./values-on-screen";

export type SubmitStatus = "idle" | "sending" | "accepted";

type Values = Record<string, string>;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

export function useFormSubmission<V extends Values>({
  formId,
  endpoint,
  schema,
  initialValues,
}: {
  /** The prefix of the controls' ids (fieldId), by which the values typed before hydration are found. */
  formId: string;
  endpoint: string;
  schema: AnyObjectSchema;
  initialValues: V;
}) {
  const [status, setStatus] = useState<SubmitStatus>("idle");
  const [formError, setFormError] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  // A ref, not state: a second click in the same tick must see the first one at once.
  const inFlight = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  // What the fields show when the form comes to life: typed, pasted or autofilled before the scripts ran.
  const [startValues] = useState(() => valuesOnScreen(formId, initialValues));
  // The visit's source, read once from the page the visit began on (entry-source.ts); sent beside the values.
  useState(entrySource);
  const formik = useFormik<V>({
    initialValues: startValues,
    validationSchema: schema,
    // Checked on submit (spec); after a first attempt, messages follow the typing so fixes show at once.
    validateOnChange: attempted,
    validateOnBlur: attempted,
    onSubmit: () => undefined,
  });

  useEffect(() => {
    if (focusRequest === 0) return;
    // The first invalid field; without one (no connection, server error) the message above the button.
    const target = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-form-error]:not(:empty)');
    target?.focus();
  }, [focusRequest]);

  const fieldNames = Object.keys(schema.fields);

  const fail = useCallback(() => {
    inFlight.current = false;
    setStatus("idle");
    setFocusRequest((n) => n + 1);
  }, []);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    const clickedAt = Date.now();
    setStatus("sending");
    setFormError(null);
    setAttempted(true);
    await formik.setTouched(Object.fromEntries(fieldNames.map((name) => [name, true])) as FormikTouched<V>, false);

    const errors = await formik.validateForm();
    if (Object.keys(errors).length > 0) return fail();

    const values = schema.cast(formik.values, { stripUnknown: true }) as Values;
    const outcome = await submitForm(endpoint, {
      ...entrySource(),
      ...values,
      [HONEYPOT_FIELD]: formik.values[HONEYPOT_FIELD] ?? "",
    });

    if (outcome.kind === "accepted") {
      setStatus("accepted");
      await wait(REDIRECT_DELAY_MS - (Date.now() - clickedAt));
      await navigate(THANK_YOU_PATH);
      return;
    }
    if (outcome.kind === "invalid") {
      const known = Object.fromEntries(Object.entries(outcome.errors).filter(([name]) => fieldNames.includes(name)));
      formik.setErrors(known as FormikErrors<V>);
      if (Object.keys(known).length < Object.keys(outcome.errors).length) setFormError(SUBMIT_MESSAGES.rejected);
    } else {
      setFormError(outcome.message);
    }
    fail();
  };

  return { formik, formRef, status, formError, handleSubmit, sending: status !== "idle" };
}
