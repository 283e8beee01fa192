-- The proof of consent of every sign-up, kept apart from the lead: an address that unsubscribes and signs
-- up again gets a new row, so the earlier proof stays for `retention.consentProofYears` after its
-- unsubscribing (content/site.json) instead of being overwritten. The lead row keeps the current state.
CREATE TABLE lead_consents (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  lead_id integer NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  form_page text NOT NULL,
  submitted_at timestamptz NOT NULL,
  consent_text_version text NOT NULL,
  privacy_version text NOT NULL,
  confirmed_at timestamptz,
  unsubscribed_at timestamptz
);

CREATE INDEX lead_consents_lead_id_idx ON lead_consents (lead_id);

-- The proof each lead holds today. A thinned block-list entry has none; a pending lead that unsubscribed
-- earlier holds only its new, still open declaration.
INSERT INTO lead_consents (lead_id, form_page, submitted_at, consent_text_version, privacy_version, confirmed_at, unsubscribed_at)
SELECT id, form_page, submitted_at, consent_text_version, privacy_version, confirmed_at,
       CASE WHEN status = 'unsubscribed' THEN unsubscribed_at END
  FROM leads
 WHERE form_page IS NOT NULL AND submitted_at IS NOT NULL
   AND consent_text_version IS NOT NULL AND privacy_version IS NOT NULL
 ORDER BY id;
