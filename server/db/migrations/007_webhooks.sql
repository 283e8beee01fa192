-- Webhooks to the owner's tools (docs/webhooks.md). Each event is written, in the transaction of the
-- confirmation, unsubscription, contact request or erasure that causes it, as one delivery row per
-- endpoint; a worker sends them with the same claim, lease and back-off code as the mails
-- (server/outbox/queue.ts).
--
-- A table of its own rather than a kind of row in mail_outbox: a delivery belongs to an endpoint that can
-- be disabled, is ordered per person and endpoint, and must survive the person's erasure as
-- `person.erased`, while every mail query (sending, erasure by address, purge, Art. 15 export) would
-- otherwise have to learn to skip it.

-- The addresses in WEBHOOK_URLS, synchronised at start. `active` is false once an address is no longer
-- configured; `disabled_at` is set when the endpoint answered 410 Gone, and then nothing more is sent to it.
CREATE TABLE webhook_endpoints (
  url text PRIMARY KEY,
  active boolean NOT NULL DEFAULT true,
  disabled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE webhook_deliveries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The `webhook-id` header: the same on every attempt and for every endpoint, for de-duplication.
  event_id text NOT NULL,
  event_type text NOT NULL,
  endpoint text NOT NULL REFERENCES webhook_endpoints (url) ON DELETE CASCADE,
  -- SHA-256 of the lower-cased address: keeps a person's events in order and finds them for erasure.
  person_key text NOT NULL,
  -- The JSON body as sent (signed per attempt); the rows go with the person or after `sentMailDays`.
  payload text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  -- Due time; a worker that claims a row moves it forward by a lease, as in mail_outbox.
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- Retries run for three days from here (reset by "erneut senden").
  queued_at timestamptz NOT NULL DEFAULT now(),
  last_status integer,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz
);

CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
-- Order per person and endpoint: a row waits while an earlier one of the same pair is pending.
CREATE INDEX webhook_deliveries_order_idx ON webhook_deliveries (endpoint, person_key, id) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_person_idx ON webhook_deliveries (person_key);
