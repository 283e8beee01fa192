-- After unsubscribing, the proof of consent is kept for `retention.consentProofYears` (content/site.json),
-- then the lead is thinned to its block-list entry: the address, status 'unsubscribed' and the time of
-- unsubscribing. So the proof's columns may be empty, but only in such an entry.
ALTER TABLE leads ALTER COLUMN name DROP NOT NULL;
ALTER TABLE leads ALTER COLUMN form_page DROP NOT NULL;
ALTER TABLE leads ALTER COLUMN submitted_at DROP NOT NULL;
ALTER TABLE leads ALTER COLUMN consent_text_version DROP NOT NULL;
ALTER TABLE leads ALTER COLUMN privacy_version DROP NOT NULL;

ALTER TABLE leads ADD CONSTRAINT leads_proof_kept_until_unsubscribed CHECK (
  status = 'unsubscribed'
  OR (name IS NOT NULL AND form_page IS NOT NULL AND submitted_at IS NOT NULL
      AND consent_text_version IS NOT NULL AND privacy_version IS NOT NULL)
);
