-- API keys (issue 37, AUTH_MODE=api-keys): only the SHA-256 of a key's secret is stored; the secret is printed once by
-- `npm run keys -- create`. A revoked key stays (its name and history) but no longer authenticates.
CREATE TABLE api_keys (
  uid          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name         varchar(128) NOT NULL UNIQUE,
  key_hash     char(64)     NOT NULL UNIQUE,
  scopes       text[]       NOT NULL CHECK (scopes <@ ARRAY['read', 'write', 'admin']::text[] AND cardinality(scopes) > 0),
  created_at   timestamptz  NOT NULL DEFAULT now(),
  revoked_at   timestamptz
);
