-- The comment of 018_form_mail_bounds.sql says the address is kept as its SHA-256 hash; since the daily
-- secret (services/form-mail-keys.ts) it is kept as an HMAC under a secret that changes every day, for at
-- most FORM_MAIL_BOUND_HOURS. Migrations are never edited once run, so the table says it itself:
COMMENT ON TABLE form_mail_guard IS
  'One acknowledgment per address and kind within FORM_MAIL_BOUND_HOURS. address_key: HMAC-SHA-256 of the lower-cased address under a secret that changes daily (services/form-mail-keys.ts), never the address; rows older than the bound are purged (services/privacy.ts).';
