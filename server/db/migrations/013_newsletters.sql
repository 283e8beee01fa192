-- Newsletters written in the owner area or with `npm run leads -- newsletter send`, and sent through the mail
-- outbox: one mail_outbox row per newsletter and recipient (kind 'newsletter'), queued in one transaction
-- when sending starts. The figures of a newsletter are counted from those rows.
CREATE TABLE newsletters (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subject text NOT NULL,
  preheader text NOT NULL DEFAULT '',
  -- Markdown in the subset of common/mail/markdown.ts, rendered in the site's mail layout at sending time.
  body text NOT NULL,
  -- draft, scheduled (waits for send_at), sending (rows queued), sent (no row waiting any more), cancelled.
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'scheduled', 'sending', 'sent', 'cancelled')),
  -- When sending starts: the time chosen, or the moment of "jetzt senden". Its calendar month
  -- (content/site.json timeZone) is the month the newsletter counts in for the consent's limit.
  send_at timestamptz,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  cancelled_at timestamptz,
  CHECK (status = 'draft' OR status = 'cancelled' OR send_at IS NOT NULL)
);

CREATE INDEX newsletters_due_idx ON newsletters (send_at) WHERE status IN ('scheduled', 'sending');

-- The newsletter a row belongs to. At most one row per newsletter and lead, whatever happens: a second
-- start (crash, restart, another instance) adds nothing.
ALTER TABLE mail_outbox ADD COLUMN newsletter_id integer REFERENCES newsletters (id) ON DELETE SET NULL;
CREATE UNIQUE INDEX mail_outbox_newsletter_lead_key ON mail_outbox (newsletter_id, lead_id) WHERE newsletter_id IS NOT NULL;
-- When the recipient unsubscribed through the link in this newsletter (its figure "abgemeldet").
ALTER TABLE mail_outbox ADD COLUMN unsubscribed_at timestamptz;
-- Mails to people before newsletters: the worker claims due rows in this order.
CREATE INDEX mail_outbox_priority_idx ON mail_outbox ((kind = 'newsletter'), next_attempt_at, id) WHERE status = 'pending';

-- The unsubscribe link of a newsletter mail names its newsletter, so the figure can be counted.
ALTER TABLE lead_tokens ADD COLUMN newsletter_id integer REFERENCES newsletters (id) ON DELETE SET NULL;

-- An address the mail server refused for good (SMTP 5xx): no more newsletters go to it. Shown in the
-- owner area and in `npm run leads -- show`; deleted with the lead.
ALTER TABLE leads ADD COLUMN undeliverable_at timestamptz;
ALTER TABLE leads ADD COLUMN undeliverable_reason text;

-- MAIL_RATE: every mail handed to the mail server, shared by all instances. Rows older than a day go.
CREATE TABLE mail_sends (
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_sends_at_idx ON mail_sends (at);
