/**
 * The submit flow both forms share, on top of Formik's values and errors:
 * validate → wait for the proof of work (proof-of-work.ts), computed since the visitor first turned to the
 * form → send (and once more with a new answer when the server refuses the first) → on acceptance go to the
 * thank-you page, no sooner than REDIRECT_DELAY_MS after the click; on refusal show the errors, keep every
 * value, give the button back and focus the first invalid field.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { navigate } from "gatsby";
import { useFormik, type FormikErrors, type FormikTouched } from "formik";
import type { AnyObjectSchema } from "yup";
import { REDIRECT_DELAY_MS, THANK_YOU_PATH } from "../../common/constants";
import { PROOF_FIELD, PROOF_MESSAGES } from "../../common/forms/proof-of-work";
import { HONEYPOT_FIELD } from "../../common/forms/schemas";
import { proofOfWork } from "./proof-of-work";
import { isProofRefused, submitForm, SUBMIT_MESSAGES, type SubmitOutcome } from "./submit";
import { entrySource } from "./entry-source";
import { valuesOnScreen } from "./values-on-screen";

export type SubmitStatus = "idle" | "sending" | "accepted";

type Values = Record<string, string>;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** A wait for the proof of work longer than this is explained under the button. */
export const PROOF_NOTICE_AFTER_MS = 500;

export function useFormSubmission<V extends Values>({
  formId,
  endpoint,
  challengeUrl,
  workerUrl,
  schema,
  initialValues,
}: {
  /** The prefix of the controls' ids (fieldId), by which the values typed before hydration are found. */
  formId: string;
  endpoint: string;
  /** Where the proof of work's challenge comes from and its worker's script (proof-of-work.ts). */
  challengeUrl: string;
  workerUrl: string;
  schema: AnyObjectSchema;
  initialValues: V;
}) {
  const [status, setStatus] = useState<SubmitStatus>("idle");
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [proofValue, setProofValue] = useState<string | undefined>(undefined);
  const [proof] = useState(() => proofOfWork(challengeUrl, workerUrl, setProofValue));
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

  // What the fields show now: a submit waiting for the proof of work sends what was typed meanwhile too.
  const latestValues = useRef(formik.values);
  latestValues.current = formik.values;

  // The proof of work starts when the visitor turns to the form: a focus or touch in it, or the focus that
  // brought the page to life (its scripts start on the first input).
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const start = () => proof.start();
    if (form.contains(document.activeElement)) start();
    form.addEventListener("focusin", start);
    form.addEventListener("pointerdown", start);
    return () => {
      form.removeEventListener("focusin", start);
      form.removeEventListener("pointerdown", start);
      proof.stop();
    };
  }, [proof]);

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
    // Each answer goes with one post: the next one is computed while the visitor corrects.
    proof.start();
  }, [proof]);

  /** Waits for an answer of the proof of work and sends what the fields show then; undefined when they are invalid. */
  const sendWithProof = async (): Promise<SubmitOutcome | undefined> => {
    const notify = setTimeout(() => setNotice(PROOF_MESSAGES.waiting), PROOF_NOTICE_AFTER_MS);
    const solution = await proof.take();
    clearTimeout(notify);
    setNotice(null);
    // Checked again: what was typed while the proof of work finished goes with the post.
    if (Object.keys(await formik.validateForm()).length > 0) return undefined;

    const typed = latestValues.current;
    const values = schema.cast(typed, { stripUnknown: true }) as Values;
    return submitForm(endpoint, {
      ...entrySource(),
      ...values,
      [HONEYPOT_FIELD]: typed[HONEYPOT_FIELD] ?? "",
      ...(solution ? { [PROOF_FIELD]: solution } : {}),
    });
  };

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

    let outcome = await sendWithProof();
    // An answer the server refuses (expired while the tab slept, or used) is replaced, and the post sent
    // again by itself, once, with what the fields show then.
    if (outcome && isProofRefused(outcome)) outcome = await sendWithProof();
    if (!outcome) return fail();

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

  return { formik, formRef, status, formError, notice, proofValue, handleSubmit, sending: status !== "idle" };
}
