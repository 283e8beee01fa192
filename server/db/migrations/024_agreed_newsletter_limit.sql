-- The monthly newsletter limit the consent text showed when the person agreed (`consent.newslettersPerMonth`
-- of content/site.json at the sign-up). A limit raised later does not raise theirs: each person gets at most
-- the lower of the limit in force and the one they agreed to (server/newsletters/sending.ts).
ALTER TABLE lead_consents ADD COLUMN newsletters_per_month integer CHECK (newsletters_per_month > 0);
-- Every declaration before this column agreed to two: the only number the consent text has shown since
-- newsletters came.
UPDATE lead_consents SET newsletters_per_month = 2;

-- People a newsletter left out because they had already had as many newsletters that month as their limit
-- allows, counted when its sending starts, for the owner.
ALTER TABLE newsletters ADD COLUMN skipped_at_limit integer NOT NULL DEFAULT 0;
