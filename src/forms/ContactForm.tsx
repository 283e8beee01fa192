import React from "react";
import { LIMITS } from "../../common/constants";
import { FORM_ENDPOINTS, HONEYPOT_FIELD, contactSchema } from "../../common/forms/schemas";
import { ContactNotice } from "./ConsentText";
import { EmailField, SiteForm } from "./SiteForm";
import { SubmitButton } from "./SubmitButton";
import { TextAreaField } from "./TextAreaField";
import { TextField } from "./TextField";

const FORM_ID = "contact";
export const CONTACT_SUBMIT_LABEL = "Nachricht senden";
export const MESSAGE_ROWS = 6;

/** The message form of the contact page. */
export function ContactForm() {
  const noticeId = `${FORM_ID}-notice`;
  return (
    <SiteForm
      formId={FORM_ID}
      endpoint={FORM_ENDPOINTS.contact}
      schema={contactSchema}
      initialValues={{ name: "", email: "", message: "", [HONEYPOT_FIELD]: "" }}
      label="Kontaktformular"
      footer={(sending) => (
        <div className="flex flex-col gap-4">
          <SubmitButton label={CONTACT_SUBMIT_LABEL} sending={sending} describedBy={noticeId} />
          <ContactNotice id={noticeId} />
        </div>
      )}
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
      <EmailField formId={FORM_ID} label="Deine E-Mail *" placeholder={"z.\u00a0B. thomas.mueller@beispiel.de"} />
      <TextAreaField
        formId={FORM_ID}
        name="message"
        label="Deine Nachricht *"
        placeholder={"z.\u00a0B. Wie baue ich mehr Bewegung in meinen Büroalltag ein?"}
        maxLength={LIMITS.message}
        rows={MESSAGE_ROWS}
      />
    </SiteForm>
  );
}
