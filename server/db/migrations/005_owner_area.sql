-- The owner area: answering contact requests, passwordless login (link or passkey), sessions shared by
-- every instance, and the audit log of owner actions.

-- A request is open until it is answered (through the owner area or marked as answered elsewhere).
ALTER TABLE contact_requests ADD COLUMN answered_at timestamptz;
ALTER TABLE contact_requests ADD COLUMN answered_by text;
-- When the owners were reminded of the still open request (at most once).
ALTER TABLE contact_requests ADD COLUMN reminded_at timestamptz;

-- Newest first with keyset pagination, and the open ones by age.
CREATE INDEX contact_requests_newest_idx ON contact_requests (submitted_at DESC, id DESC);
CREATE INDEX contact_requests_open_idx ON contact_requests (submitted_at, id) WHERE answered_at IS NULL;

-- The owners' answers, shown with the request and deleted with it.
CREATE TABLE contact_replies (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  contact_request_id integer NOT NULL REFERENCES contact_requests (id) ON DELETE CASCADE,
  owner_email text NOT NULL,
  text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX contact_replies_request_idx ON contact_replies (contact_request_id);

-- The Message-ID is kept after sending (the composed mail is not), so a reply can thread to it.
ALTER TABLE mail_outbox ADD COLUMN message_id text;

-- One-time login links: only the SHA-256 hash of the token is stored.
CREATE TABLE owner_login_tokens (
  token_hash text PRIMARY KEY,
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Sessions: the cookie holds a random id, the table its hash.
CREATE TABLE owner_sessions (
  id_hash text PRIMARY KEY,
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  method text NOT NULL CHECK (method IN ('link', 'passkey'))
);

CREATE INDEX owner_sessions_email_idx ON owner_sessions (lower(email));

-- Passkeys (WebAuthn credentials) of the owners.
CREATE TABLE owner_passkeys (
  credential_id text PRIMARY KEY,
  email text NOT NULL,
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text NOT NULL DEFAULT '',
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);

CREATE INDEX owner_passkeys_email_idx ON owner_passkeys (lower(email));

-- WebAuthn challenges, kept server-side for a few minutes and used once.
CREATE TABLE owner_challenges (
  id_hash text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('register', 'login')),
  email text,
  challenge text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Every owner action: who, when, what, on which object. Kept `retention.auditLogDays` (content/site.json).
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  owner_email text NOT NULL,
  action text NOT NULL,
  object text
);

CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
