import React from "react";
import { LIMITS } from "../../common/constants";
import { FORM_ENDPOINTS, HONEYPOT_FIELD, leadSchema } from "../../common/forms/schemas";
import { ConsentText } from "./ConsentText";
import { EmailField, SiteForm } from "./SiteForm";
import { SubmitButton } from "./SubmitButton";
import { TextField } from "./TextField";

const FORM_ID = "lead";
export const LEAD_SUBMIT_LABEL = "Kostenlos anfordern";

/** The info form (name, e-mail) of the home page's #info-form section. */
export function LeadForm() {
  const consentId = `${FORM_ID}-consent`;
  return (
    <SiteForm
      formId={FORM_ID}
      endpoint={FORM_ENDPOINTS.lead}
      schema={leadSchema}
      initialValues={{ name: "", email: "", [HONEYPOT_FIELD]: "" }}
      label="Kostenlose Informationen anfordern"
      footer={(sending) => (
        <div className="flex flex-col items-start gap-4">
          {/* The consent is read before the click that gives it. */}
          <ConsentText id={consentId} />
          <SubmitButton label={LEAD_SUBMIT_LABEL} sending={sending} describedBy={consentId} />
        </div>
      )}
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
        <EmailField formId={FORM_ID} label="Deine E-Mail-Adresse *" placeholder={"z.\u00a0B. markus@beispiel.de"} />
      </div>
    </SiteForm>
  );
}
