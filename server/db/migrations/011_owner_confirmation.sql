-- Sensitive owner actions (passkeys, export, erasure, webhook receivers) need a login within the last few
-- minutes: `confirmed_at` is the time of the login or of its last confirmation (passkey or fresh link).
ALTER TABLE owner_sessions ADD COLUMN confirmed_at timestamptz;
UPDATE owner_sessions SET confirmed_at = created_at;
ALTER TABLE owner_sessions ALTER COLUMN confirmed_at SET NOT NULL;
ALTER TABLE owner_sessions ALTER COLUMN confirmed_at SET DEFAULT now();

-- A passkey confirmation of a running session has a challenge of its own, bound to the owner.
ALTER TABLE owner_challenges DROP CONSTRAINT owner_challenges_purpose_check;
ALTER TABLE owner_challenges ADD CONSTRAINT owner_challenges_purpose_check
  CHECK (purpose IN ('register', 'login', 'confirm'));

-- Failed logins are counted from the audit log; the warning to the owners looks at the last hour.
CREATE INDEX audit_log_action_at_idx ON audit_log (action, at);
