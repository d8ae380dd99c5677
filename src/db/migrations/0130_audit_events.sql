-- The audit trail (issue 37): every mutation through the API or the loader, refused or failed ones included: who
-- (a key's name, a token's subject, `loader`, or `anonymous` without authentication), when, which operation, its
-- status and what it touched (kinds, counts, uids). Never a request body or a credential.
CREATE TABLE audit_events (
  id            bigserial    PRIMARY KEY,
  at            timestamptz  NOT NULL DEFAULT now(),
  subject       varchar(255) NOT NULL,
  operation_id  varchar(128) NOT NULL,
  method        varchar(16)  NOT NULL,
  path          text         NOT NULL,
  status        integer      NOT NULL,
  touched       jsonb        NOT NULL DEFAULT '{}'::jsonb,
  request_id    varchar(64)
);
CREATE INDEX audit_events_at_idx ON audit_events (at DESC, id DESC);
CREATE INDEX audit_events_subject_idx ON audit_events (subject, at DESC);
CREATE INDEX audit_events_operation_idx ON audit_events (operation_id, at DESC);
