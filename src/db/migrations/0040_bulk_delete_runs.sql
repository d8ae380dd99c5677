-- One row per bulk-delete job that committed, written in the job's own transaction. A job that BullMQ runs again
-- after its deletion committed (a worker lost before acknowledging it) returns the recorded result instead of
-- finding its rows gone and reporting them as missing.
CREATE TABLE bulk_delete_runs (
  job_id       varchar(64) PRIMARY KEY,
  resource     varchar(64) NOT NULL,
  result       jsonb       NOT NULL,
  finished_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bulk_delete_runs_finished_idx ON bulk_delete_runs (finished_at);
