-- The secret of each day under which the shared rate limit keys its rows (an HMAC of route and address),
-- shared by every instance. Deleted the day after: a row's key then leads back to no address, even by
-- trying all of them. Unlogged, like the hits: a lost secret only starts fresh windows.
CREATE UNLOGGED TABLE rate_limit_keys (
  day date PRIMARY KEY,
  secret text NOT NULL
);
