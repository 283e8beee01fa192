import React from "react";
import { withPrefix } from "gatsby";
import { FormikProvider } from "formik";
import { LIMITS } from "../../common/constants";
import { ConsentText } from "./ConsentText";
import { FormAlert } from "./FormAlert";
import { HoneypotField } from "./HoneypotField";
import { EMAIL_HTML_PATTERN, FORM_ENDPOINTS, HONEYPOT_FIELD, leadSchema } from "../../common/forms/schemas";
import { SubmitButton } from "./SubmitButton";
import { TextField } from "./TextField";
import { useFormSubmission } from "./useFormSubmission";
import { useHydrated } from "./useHydrated";
import { VISIT_SOURCE_FORM_ID } from "../../common/visit-source";

const FORM_ID = "lead";
export const LEAD_SUBMIT_LABEL = "Kostenlos anfordern";

/**
 * The info form (name, e-mail) of the home page's #info-form section. A plain POST form in the static
 * HTML, so it works without JavaScript; once hydrated, Formik validates and sends it as JSON.
 */
export function LeadForm() {
  const hydrated = useHydrated();
  const { formik, formRef, formError, handleSubmit, sending } = useFormSubmission({
    formId: FORM_ID,
    // In a preview the endpoint lies inside it, where the server refuses forms.
    endpoint: withPrefix(FORM_ENDPOINTS.lead),
    schema: leadSchema,
    initialValues: { name: "", email: "", [HONEYPOT_FIELD]: "" },
  });
  const consentId = `${FORM_ID}-consent`;

  return (
    <FormikProvider value={formik}>
      <form
        ref={formRef}
        id={VISIT_SOURCE_FORM_ID}
        method="post"
        action={withPrefix(FORM_ENDPOINTS.lead)}
        noValidate={hydrated}
        onSubmit={handleSubmit}
        aria-label="Kostenlose Informationen anfordern"
        className="relative space-y-6"
      >
        <div className="grid gap-6 sm:grid-cols-2">
          <TextField
            formId={FORM_ID}
            name="name"
            label="Dein Vorname *"
            autoComplete="given-name"
            placeholder={"z.\u00a0B. Markus"}
            maxLength={LIMITS.name}
          />
          <TextField
            formId={FORM_ID}
            name="email"
            type="email"
            label="Deine E-Mail-Adresse *"
            autoComplete="email"
            placeholder={"z.\u00a0B. markus@beispiel.de"}
            maxLength={LIMITS.email}
            pattern={EMAIL_HTML_PATTERN}
          />
        </div>
        <HoneypotField formId={FORM_ID} />
        <FormAlert message={formError} />
        <div className="flex flex-col items-start gap-4">
          {/* The consent is read before the click that gives it. */}
          <ConsentText id={consentId} />
          <SubmitButton label={LEAD_SUBMIT_LABEL} sending={sending} describedBy={consentId} />
        </div>
      </form>
    </FormikProvider>
  );
}
