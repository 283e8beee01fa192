import React from "react";
import { withPrefix } from "gatsby";
import { FormikProvider } from "formik";
import type { AnyObjectSchema } from "yup";
import { LIMITS } from "../../common/constants";
import { PROOF_FIELD } from "../../common/forms/proof-of-work";
import { EMAIL_HTML_PATTERN } from "../../common/forms/schemas";
import { API_PATHS } from "../../common/routes";
import { VISIT_SOURCE_FORM_ID } from "../../common/visit-source";
import { FormAlert } from "./FormAlert";
import { HoneypotField } from "./HoneypotField";
import { PROOF_WORKER_PATH } from "./proof-of-work";
import { TextField } from "./TextField";
import { useFormSubmission } from "./useFormSubmission";
import { useHydrated } from "./useHydrated";

/**
 * What the info form and the contact form share: a plain POST form in the static HTML, so it works without
 * JavaScript; once hydrated, Formik validates and sends it as JSON, with the proof of work. After the form's own
 * fields come the honeypot, the proof's hidden field and the form's error, then `footer` with the submit button
 * (given whether it is sending), then a line that says why sending waits, when it waits for the proof.
 */
export function SiteForm<V extends Record<string, string>>({
  formId,
  endpoint,
  schema,
  initialValues,
  label,
  children,
  footer,
}: {
  /** The prefix of the controls' ids, e.g. "lead". */
  formId: string;
  /** The form's endpoint (FORM_ENDPOINTS), without a preview's prefix. */
  endpoint: string;
  schema: AnyObjectSchema;
  initialValues: V;
  /** The form's accessible name. */
  label: string;
  children: React.ReactNode;
  footer: (sending: boolean) => React.ReactNode;
}) {
  const hydrated = useHydrated();
  // In a preview the endpoint lies inside it, where the server refuses forms.
  const action = withPrefix(endpoint);
  const { formik, formRef, formError, notice, proofValue, handleSubmit, sending } = useFormSubmission({
    formId,
    endpoint: action,
    challengeUrl: withPrefix(API_PATHS.challenge),
    workerUrl: withPrefix(PROOF_WORKER_PATH),
    schema,
    initialValues,
  });
  return (
    <FormikProvider value={formik}>
      <form
        ref={formRef}
        id={VISIT_SOURCE_FORM_ID}
        method="post"
        action={action}
        noValidate={hydrated}
        onSubmit={handleSubmit}
        aria-label={label}
        className="relative space-y-6"
      >
        {children}
        <HoneypotField formId={formId} />
        {/* Both only with the scripts: the proof of work is computed by them, and the page's HTML stays as it is. */}
        {hydrated && <input type="hidden" name={PROOF_FIELD} value={proofValue ?? ""} />}
        <FormAlert message={formError} />
        {footer(sending)}
        {hydrated && (
          <p role="status" className={notice ? "text-sm leading-relaxed text-bark-700" : undefined}>
            {notice}
          </p>
        )}
      </form>
    </FormikProvider>
  );
}

/** The e-mail field both forms ask for, with the server's limits. */
export function EmailField({ formId, label, placeholder }: { formId: string; label: string; placeholder: string }) {
  return (
    <TextField
      formId={formId}
      name="email"
      type="email"
      label={label}
      autoComplete="email"
      placeholder={placeholder}
      maxLength={LIMITS.email}
      pattern={EMAIL_HTML_PATTERN}
    />
  );
}
