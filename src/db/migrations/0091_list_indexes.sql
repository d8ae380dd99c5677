-- migrate:no-transaction
-- The indexes that serve list pages in order and searches by trigram (issue 13), built without a lock that
-- stops reads or writes. Each index is dropped first, so a run interrupted midway (which leaves an invalid
-- index and no record of this migration) is simply run again.

-- memberships existing before 0090 get their sort key in batches of 50,000, each committed on its own
DO $$
DECLARE
  last uuid := '00000000-0000-0000-0000-000000000000';
  upto uuid;
BEGIN
  LOOP
    SELECT uid INTO upto FROM asset_category_memberships WHERE uid > last ORDER BY uid OFFSET 49999 LIMIT 1;
    IF upto IS NULL THEN
      SELECT uid INTO upto FROM asset_category_memberships WHERE uid > last ORDER BY uid DESC LIMIT 1;
    END IF;
    EXIT WHEN upto IS NULL;
    UPDATE asset_category_memberships m SET sort_key = lower(a.unique_identifier)
    FROM assets a
    WHERE m.uid > last AND m.uid <= upto AND m.sort_key IS NULL AND a.uid = m.asset_uid;
    last := upto;
    COMMIT;
  END LOOP;
END;
$$;

DROP INDEX CONCURRENTLY IF EXISTS asset_list_keys_order_idx;
CREATE INDEX CONCURRENTLY asset_list_keys_order_idx ON asset_list_keys (sort_key COLLATE "C", asset_uid);
DROP INDEX CONCURRENTLY IF EXISTS asset_list_keys_type_idx;
CREATE INDEX CONCURRENTLY asset_list_keys_type_idx ON asset_list_keys (asset_type, sort_key COLLATE "C", asset_uid);
DROP INDEX CONCURRENTLY IF EXISTS asset_list_keys_type_label_idx;
CREATE INDEX CONCURRENTLY asset_list_keys_type_label_idx ON asset_list_keys (asset_type, label COLLATE "C", unique_identifier COLLATE "C", asset_uid);
DROP INDEX CONCURRENTLY IF EXISTS asset_list_keys_label_idx;
CREATE INDEX CONCURRENTLY asset_list_keys_label_idx ON asset_list_keys (label COLLATE "C", unique_identifier COLLATE "C", asset_uid);
DROP INDEX CONCURRENTLY IF EXISTS asset_list_keys_doc_idx;
CREATE INDEX CONCURRENTLY asset_list_keys_doc_idx ON asset_list_keys USING gin (doc gin_trgm_ops);
DROP INDEX CONCURRENTLY IF EXISTS asset_category_memberships_order_idx;
CREATE INDEX CONCURRENTLY asset_category_memberships_order_idx ON asset_category_memberships (category_uid, sort_key COLLATE "C", asset_uid);

DROP INDEX CONCURRENTLY IF EXISTS portfolios_order_idx;
CREATE INDEX CONCURRENTLY portfolios_order_idx ON portfolios (unique_identifier COLLATE "C", uid);
DROP INDEX CONCURRENTLY IF EXISTS portfolios_calendar_order_idx;
CREATE INDEX CONCURRENTLY portfolios_calendar_order_idx ON portfolios (calendar_uid, unique_identifier COLLATE "C", uid);
-- the search document of portfolios (src/portfolios/repository.ts writes the same expression)
DROP INDEX CONCURRENTLY IF EXISTS portfolios_search_idx;
CREATE INDEX CONCURRENTLY portfolios_search_idx ON portfolios USING gin ((
  lower(uid::text) || E'\x1f' || lower(unique_identifier) || E'\x1f' || lower(calendar_uid::text) || E'\x1f' ||
  lower(coalesce(published_index_uid::text, '')) || E'\x1f' || lower(coalesce(signal_uid, ''))
) gin_trgm_ops);
-- and of accounts (src/accounts/repository.ts)
DROP INDEX CONCURRENTLY IF EXISTS accounts_search_idx;
CREATE INDEX CONCURRENTLY accounts_search_idx ON accounts USING gin ((
  lower(uid::text) || E'\x1f' || lower(account_name) || E'\x1f' || lower(unique_identifier)
) gin_trgm_ops);

-- statistics for the planner (search selectivity) and a visibility map for index-only scans of deep pages
VACUUM (ANALYZE) asset_list_keys;
VACUUM (ANALYZE) asset_category_memberships;
ANALYZE portfolios;
ANALYZE accounts;
