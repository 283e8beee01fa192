-- Mail to an address typed into a form is bounded: one acknowledgment of a contact request per address
-- within 24 hours, however many requests name it (services/form-mail-bounds.ts). The address is kept only
-- as its SHA-256 hash, and only for a day (privacy.ts purges older rows).
CREATE TABLE form_mail_guard (
  address_key text NOT NULL,
  kind text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (address_key, kind)
);

-- The form mails of the last hours and days, counted for the global brake.
CREATE INDEX mail_outbox_form_mails_idx ON mail_outbox (created_at)
  WHERE kind IN ('contact-acknowledgment', 'lead-confirmation');
