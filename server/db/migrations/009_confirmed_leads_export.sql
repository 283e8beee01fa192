-- The newsletter export reads confirmed leads page by page in order of confirmation.
CREATE INDEX leads_confirmed_export ON leads (confirmed_at, id) WHERE status = 'confirmed';
