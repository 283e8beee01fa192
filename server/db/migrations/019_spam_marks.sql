-- Posts that look automated (http/automated.ts) are kept but marked with the reason; NULL: a person's.
-- Marked rows are shown apart in the owner area („Spam“), count in no figure and can be erased together.
ALTER TABLE contact_requests ADD COLUMN spam text;
ALTER TABLE leads ADD COLUMN spam text;
CREATE INDEX contact_requests_spam_idx ON contact_requests (submitted_at, id) WHERE spam IS NOT NULL;
