-- The forms' proof of work (http/proof-of-work.ts): the key that signs the challenges, made by the first
-- instance that needs it and shared by every instance on the database, and the solutions already used, each
-- kept until its challenge expires (then it would be refused anyway), so none is accepted twice.
CREATE TABLE proof_of_work_key (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  secret text NOT NULL
);
CREATE TABLE proof_of_work_used (
  signature text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
