import React from "react";
import { withPrefix } from "gatsby";
import { FormikProvider } from "formik";
import { LIMITS } from "../../common/constants";
import { ContactNotice } from "./ConsentText";
import { FormAlert } from "./FormAlert";
import { HoneypotField } from "./HoneypotField";
import { EMAIL_HTML_PATTERN, FORM_ENDPOINTS, HONEYPOT_FIELD, contactSchema } from "../../common/forms/schemas";
import { SubmitButton } from "./SubmitButton";
import { TextAreaField } from "./TextAreaField";
import { TextField } from "./TextField";
import { useFormSubmission } from "./useFormSubmission";
import { useHydrated } from "./useHydrated";
import { VISIT_SOURCE_FORM_ID } from "../../common/visit-source";

const FORM_ID = "contact";
export const CONTACT_SUBMIT_LABEL = "Nachricht senden";
export const MESSAGE_ROWS = 6;

/**
 * The message form of the contact page. A plain POST form in the static HTML, so it works without
 * JavaScript; once hydrated, Formik validates and sends it as JSON.
 */
export function ContactForm() {
  const hydrated = useHydrated();
  const { formik, formRef, formError, handleSubmit, sending } = useFormSubmission({
    formId: FORM_ID,
    // In a preview the endpoint lies inside it, where the server refuses forms.
    endpoint: withPrefix(FORM_ENDPOINTS.contact),
    schema: contactSchema,
    initialValues: { name: "", email: "", message: "", [HONEYPOT_FIELD]: "" },
  });
  const noticeId = `${FORM_ID}-notice`;

  return (
    <FormikProvider value={formik}>
      <form
        ref={formRef}
        id={VISIT_SOURCE_FORM_ID}
        method="post"
        action={withPrefix(FORM_ENDPOINTS.contact)}
        noValidate={hydrated}
        onSubmit={handleSubmit}
        aria-label="Kontaktformular"
        className="relative space-y-6"
      >
        <p className="text-sm text-bark-700">Felder mit * sind Pflichtfelder.</p>
        <TextField
          formId={FORM_ID}
          name="name"
          label="Dein Name *"
          autoComplete="name"
          placeholder={"z.\u00a0B. Thomas Müller"}
          maxLength={LIMITS.name}
        />
        <TextField
          formId={FORM_ID}
          name="email"
          type="email"
          label="Deine E-Mail *"
          autoComplete="email"
          placeholder={"z.\u00a0B. thomas.mueller@beispiel.de"}
          maxLength={LIMITS.email}
          pattern={EMAIL_HTML_PATTERN}
        />
        <TextAreaField
          formId={FORM_ID}
          name="message"
          label="Deine Nachricht *"
          placeholder={"z.\u00a0B. Wie baue ich mehr Bewegung in meinen Büroalltag ein?"}
          maxLength={LIMITS.message}
          rows={MESSAGE_ROWS}
        />
        <HoneypotField formId={FORM_ID} />
        <FormAlert message={formError} />
        <div className="flex flex-col gap-4">
          <SubmitButton label={CONTACT_SUBMIT_LABEL} sending={sending} describedBy={noticeId} />
          <ContactNotice id={noticeId} />
        </div>
      </form>
    </FormikProvider>
  );
}
