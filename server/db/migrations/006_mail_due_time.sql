-- The time a mail is planned for, kept as it was set: `next_attempt_at` moves with every claim and retry,
-- so it cannot tell when a scheduled mail (the daily plan mails) was due. Empty for mails sent at once.
ALTER TABLE mail_outbox ADD COLUMN due_at timestamptz;
