-- Leads of the information form, with the proof of consent German law expects (LEGAL.md):
-- e-mail, form page, time of submission and of confirmation, versions of consent text and privacy statement.
CREATE TABLE leads (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL,
  form_page text NOT NULL,
  submitted_at timestamptz NOT NULL DEFAULT now(),
  consent_text_version text NOT NULL,
  privacy_version text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
  confirmed_at timestamptz
);

-- One lead per address, whatever its case: a repeated submission never creates a second lead.
CREATE UNIQUE INDEX leads_email_key ON leads (lower(email));
-- Finding unconfirmed leads past their deadline.
CREATE INDEX leads_status_submitted_at_idx ON leads (status, submitted_at);

CREATE TABLE contact_requests (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  message text NOT NULL,
  form_page text NOT NULL,
  submitted_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX contact_requests_submitted_at_idx ON contact_requests (submitted_at);
CREATE INDEX contact_requests_email_idx ON contact_requests (lower(email));
