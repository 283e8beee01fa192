-- A queued mail's content (3–5 kB of JSON) is written once, read once by the worker and emptied once sent.
-- Compressing it took about a third of the time a sign-up's statement takes on PGlite; stored as it is
-- (out of line, uncompressed), only the mails still waiting take more room.
ALTER TABLE mail_outbox ALTER COLUMN message SET STORAGE EXTERNAL;
