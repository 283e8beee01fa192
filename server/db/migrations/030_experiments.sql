-- Experiments on a page's words (server/experiments): sums per day and variant of the views of people taking
-- part, their sign-ups and contact requests; nothing about a single visit. Each instance adds its counts
-- every minute, so several add up.
CREATE TABLE experiment_counts (
  day date NOT NULL,
  experiment text NOT NULL,
  variant text NOT NULL,
  views bigint NOT NULL DEFAULT 0,
  leads integer NOT NULL DEFAULT 0,
  contacts integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, experiment, variant)
);

-- The variant a sign-up was sent from, so its confirmation (the double opt-in) counts for it. Goes with the
-- lead when the lead is erased.
CREATE TABLE experiment_leads (
  lead_id integer PRIMARY KEY REFERENCES leads (id) ON DELETE CASCADE,
  experiment text NOT NULL,
  variant text NOT NULL,
  signed_up_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX experiment_leads_experiment ON experiment_leads (experiment, variant);
