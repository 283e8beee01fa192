-- Page views and visits counted by the server (server/analytics): sums per day, no single visit, no
-- address, no user agent. Each instance adds its counts every minute, so several add up.
CREATE TABLE visit_pages (
  day date NOT NULL,
  route text NOT NULL,
  device text NOT NULL,
  views bigint NOT NULL DEFAULT 0,
  -- Of the views, those counted from Gatsby's page-data.json (navigation inside the site, or a hovered link).
  in_site bigint NOT NULL DEFAULT 0,
  leads integer NOT NULL DEFAULT 0,
  contacts integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, route, device)
);

-- Visits by where they came from: utm_source or the referring host, "direkt" without either.
CREATE TABLE visit_sources (
  day date NOT NULL,
  source text NOT NULL,
  medium text NOT NULL,
  campaign text NOT NULL,
  visits bigint NOT NULL DEFAULT 0,
  leads integer NOT NULL DEFAULT 0,
  contacts integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, source, medium, campaign)
);

-- The source of the visit a sign-up or request was sent from, for the funnel (NULL: not known).
ALTER TABLE leads ADD COLUMN source text, ADD COLUMN medium text, ADD COLUMN campaign text;
ALTER TABLE contact_requests ADD COLUMN source text, ADD COLUMN medium text, ADD COLUMN campaign text;
