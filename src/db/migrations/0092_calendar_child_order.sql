-- migrate:no-transaction
-- Calendar dates and sessions listed in the order of an index that starts with their calendar (issue 13: a
-- calendar of 50,000 dates pages without sorting them); events already have theirs (0001).
DROP INDEX CONCURRENTLY IF EXISTS calendar_dates_order_idx;
CREATE INDEX CONCURRENTLY calendar_dates_order_idx ON calendar_dates (calendar_uid, local_date, uid);
DROP INDEX CONCURRENTLY IF EXISTS calendar_sessions_order_idx;
CREATE INDEX CONCURRENTLY calendar_sessions_order_idx ON calendar_sessions (calendar_uid, local_date, session_label, uid);
