-- Lists at a million rows (issue 13). What a list orders or searches by, kept beside the rows by triggers, so
-- every page is read in index order and every count of an unfiltered list is one row:
--   list_state             the row count of each large list and a stamp that changes with anything its
--                          filtered counts read (an API process may reuse a filtered count while the stamp holds)
--   asset_category_counts  members per category
--   asset_type_counts      assets per type (a search term that matches a type matches whole types)
--   asset_list_keys        per asset: its sort key, its target-allocation label, the tickers and names that
--                          searches read (latest snapshot, details) and one search document for a trigram index
--   asset_category_memberships.sort_key  the member's sort key, so a category's page is an index range
-- Indexes are built by 0092 (CREATE INDEX CONCURRENTLY), backfills of large tables in 0091 (in batches).

CREATE TABLE list_state (
  name   text   PRIMARY KEY,
  n      bigint NOT NULL DEFAULT 0,
  -- random: a cached count is never taken for another database cloned from the same template
  stamp  uuid   NOT NULL DEFAULT gen_random_uuid()
);

CREATE TABLE asset_category_counts (
  category_uid  uuid   PRIMARY KEY REFERENCES asset_categories (uid) ON DELETE CASCADE,
  n             bigint NOT NULL DEFAULT 0
);

CREATE TABLE asset_list_keys (
  asset_uid          uuid PRIMARY KEY REFERENCES assets (uid) ON DELETE CASCADE,
  sort_key           text NOT NULL,  -- lower(unique_identifier)
  unique_identifier  text NOT NULL,
  asset_type         text,
  label              text NOT NULL,  -- coalesce(latest snapshot name, unique_identifier)
  details_ticker     text,
  snapshot_name      text,
  snapshot_ticker    text,
  -- every searched value but the type, lowered, joined by a character no search needs: a superset test served by
  -- one trigram index; each list then applies its own exact predicate to the columns above. The type is left out:
  -- few types hold many assets each, so a term matching a type is served by (asset_type, order) index ranges.
  doc                text GENERATED ALWAYS AS (
    lower(asset_uid::text) || E'\x1f' || sort_key || E'\x1f' || lower(coalesce(details_ticker, '')) || E'\x1f' ||
    lower(coalesce(snapshot_name, '')) || E'\x1f' || lower(coalesce(snapshot_ticker, ''))
  ) STORED
);

-- coalesce(asset_type, ''): neither NULL nor '' matches a search term
CREATE TABLE asset_type_counts (
  asset_type  text   PRIMARY KEY,
  n           bigint NOT NULL DEFAULT 0
);

ALTER TABLE asset_category_memberships ADD COLUMN sort_key text;

-- ---------------------------------------------------------------- counts and stamps
CREATE FUNCTION list_state_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d bigint := 0;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO d FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT -count(*) INTO d FROM old_rows;
  END IF;
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE list_state SET n = 0, stamp = gen_random_uuid() WHERE name = TG_ARGV[0];
  ELSIF d <> 0 THEN
    UPDATE list_state SET n = n + d, stamp = gen_random_uuid() WHERE name = TG_ARGV[0];
  END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION list_state_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' OR EXISTS (SELECT 1 FROM changed_rows) THEN
    UPDATE list_state SET stamp = gen_random_uuid() WHERE name = TG_ARGV[0];
  END IF;
  RETURN NULL;
END;
$$;

DO $$
DECLARE
  t text;
  list text;
BEGIN
  FOR t, list IN VALUES ('assets', 'assets'), ('portfolios', 'portfolios') LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_state_count(%L)', t || '_list_count_ins', t, list);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_state_count(%L)', t || '_list_count_del', t, list);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION list_state_count(%L)', t || '_list_count_trunc', t, list);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION list_state_touch(%L)', t || '_list_touch_upd', t, list);
  END LOOP;
  -- what searches and category filters of asset lists read besides assets
  FOREACH t IN ARRAY ARRAY['asset_details', 'asset_snapshots', 'asset_category_memberships'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION list_state_touch(%L)', t || '_list_touch_ins', t, 'assets');
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION list_state_touch(%L)', t || '_list_touch_upd', t, 'assets');
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION list_state_touch(%L)', t || '_list_touch_del', t, 'assets');
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION list_state_touch(%L)', t || '_list_touch_trunc', t, 'assets');
  END LOOP;
END;
$$;

-- members per category; rows locked in category order so concurrent writers cannot deadlock on them
CREATE FUNCTION asset_category_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO asset_category_counts (category_uid, n)
    SELECT category_uid, count(*) FROM new_rows GROUP BY category_uid ORDER BY category_uid
    ON CONFLICT (category_uid) DO UPDATE SET n = asset_category_counts.n + excluded.n;
  ELSE
    UPDATE asset_category_counts c SET n = c.n - d.k
    FROM (SELECT category_uid, count(*) AS k FROM old_rows GROUP BY category_uid ORDER BY category_uid) d
    WHERE c.category_uid = d.category_uid;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER asset_category_memberships_count_ins AFTER INSERT ON asset_category_memberships
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_category_count();
CREATE TRIGGER asset_category_memberships_count_del AFTER DELETE ON asset_category_memberships
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_category_count();
-- memberships are never updated: refuse it rather than count wrong
CREATE FUNCTION refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are not updated: delete and insert them', TG_TABLE_NAME;
END;
$$;
CREATE TRIGGER asset_category_memberships_no_update BEFORE UPDATE OF category_uid, asset_uid ON asset_category_memberships
  FOR EACH ROW EXECUTE FUNCTION refuse_update();

CREATE FUNCTION asset_type_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM asset_type_counts;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO asset_type_counts (asset_type, n)
    SELECT coalesce(asset_type, ''), count(*) FROM new_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (asset_type) DO UPDATE SET n = asset_type_counts.n + excluded.n;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE asset_type_counts c SET n = c.n - d.k
    FROM (SELECT coalesce(asset_type, '') AS t, count(*) AS k FROM old_rows GROUP BY 1 ORDER BY 1) d
    WHERE c.asset_type = d.t;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER assets_type_count_ins AFTER INSERT ON assets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_type_count();
CREATE TRIGGER assets_type_count_upd AFTER UPDATE ON assets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_type_count();
CREATE TRIGGER assets_type_count_del AFTER DELETE ON assets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_type_count();
CREATE TRIGGER assets_type_count_trunc AFTER TRUNCATE ON assets FOR EACH STATEMENT EXECUTE FUNCTION asset_type_count();

-- ---------------------------------------------------------------- sort keys and search values
CREATE FUNCTION membership_sort_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.sort_key := (SELECT lower(unique_identifier) FROM assets WHERE uid = NEW.asset_uid);
  RETURN NEW;
END;
$$;
CREATE TRIGGER asset_category_memberships_sort_key BEFORE INSERT ON asset_category_memberships
  FOR EACH ROW EXECUTE FUNCTION membership_sort_key();

CREATE FUNCTION asset_list_keys_of_assets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- a new asset has neither details nor snapshots yet (both reference it)
    INSERT INTO asset_list_keys (asset_uid, sort_key, unique_identifier, asset_type, label)
    SELECT uid, lower(unique_identifier), unique_identifier, asset_type, unique_identifier FROM new_rows;
  ELSE
    UPDATE asset_list_keys k
    SET sort_key = lower(n.unique_identifier), unique_identifier = n.unique_identifier, asset_type = n.asset_type,
        label = coalesce(k.snapshot_name, n.unique_identifier)
    FROM new_rows n
    WHERE k.asset_uid = n.uid
      AND (k.unique_identifier IS DISTINCT FROM n.unique_identifier OR k.asset_type IS DISTINCT FROM n.asset_type);
    UPDATE asset_category_memberships m SET sort_key = lower(n.unique_identifier)
    FROM new_rows n
    WHERE m.asset_uid = n.uid AND m.sort_key IS DISTINCT FROM lower(n.unique_identifier);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER assets_list_keys_ins AFTER INSERT ON assets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_list_keys_of_assets();
CREATE TRIGGER assets_list_keys_upd AFTER UPDATE ON assets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_list_keys_of_assets();

CREATE FUNCTION asset_list_keys_of_details() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE asset_list_keys k SET details_ticker = NULL FROM old_rows o WHERE k.asset_uid = o.asset_uid AND k.details_ticker IS NOT NULL;
  ELSE
    UPDATE asset_list_keys k SET details_ticker = n.ticker FROM new_rows n WHERE k.asset_uid = n.asset_uid AND k.details_ticker IS DISTINCT FROM n.ticker;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER asset_details_list_keys_ins AFTER INSERT ON asset_details REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_list_keys_of_details();
CREATE TRIGGER asset_details_list_keys_upd AFTER UPDATE ON asset_details REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_list_keys_of_details();
CREATE TRIGGER asset_details_list_keys_del AFTER DELETE ON asset_details REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_list_keys_of_details();

-- the latest snapshot (by time_index) of each asset whose snapshots changed
CREATE FUNCTION asset_list_keys_from_snapshots(identifiers text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE asset_list_keys k
  SET snapshot_name = s.name, snapshot_ticker = s.ticker, label = coalesce(s.name, a.unique_identifier)
  FROM assets a
  LEFT JOIN LATERAL (
    SELECT name, ticker FROM asset_snapshots WHERE asset_identifier = a.unique_identifier ORDER BY time_index DESC LIMIT 1
  ) s ON true
  WHERE a.unique_identifier = ANY (identifiers) AND k.asset_uid = a.uid
    AND (k.snapshot_name IS DISTINCT FROM s.name OR k.snapshot_ticker IS DISTINCT FROM s.ticker OR k.label IS DISTINCT FROM coalesce(s.name, a.unique_identifier));
$$;
CREATE FUNCTION asset_list_keys_of_snapshots() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM asset_list_keys_from_snapshots(ARRAY(SELECT DISTINCT asset_identifier FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM asset_list_keys_from_snapshots(ARRAY(SELECT DISTINCT asset_identifier FROM old_rows));
  ELSE
    PERFORM asset_list_keys_from_snapshots(ARRAY(SELECT asset_identifier FROM new_rows UNION SELECT asset_identifier FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER asset_snapshots_list_keys_ins AFTER INSERT ON asset_snapshots REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_list_keys_of_snapshots();
CREATE TRIGGER asset_snapshots_list_keys_upd AFTER UPDATE ON asset_snapshots REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_list_keys_of_snapshots();
CREATE TRIGGER asset_snapshots_list_keys_del AFTER DELETE ON asset_snapshots REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_list_keys_of_snapshots();

-- ---------------------------------------------------------------- what exists now
-- Recomputes everything above from the tables: for a bulk load that ran with triggers off
-- (session_replication_role = replica), and for this migration. Memberships' sort keys only with `memberships`
-- (0091 fills those of a loaded database in batches).
CREATE FUNCTION refresh_list_keys(memberships boolean DEFAULT true) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE asset_list_keys;
  INSERT INTO asset_list_keys (asset_uid, sort_key, unique_identifier, asset_type, label, details_ticker, snapshot_name, snapshot_ticker)
  SELECT a.uid, lower(a.unique_identifier), a.unique_identifier, a.asset_type, coalesce(s.name, a.unique_identifier), d.ticker, s.name, s.ticker
  FROM assets a
  LEFT JOIN asset_details d ON d.asset_uid = a.uid
  LEFT JOIN LATERAL (
    SELECT name, ticker FROM asset_snapshots WHERE asset_identifier = a.unique_identifier ORDER BY time_index DESC LIMIT 1
  ) s ON true;
  IF memberships THEN
    UPDATE asset_category_memberships m SET sort_key = lower(a.unique_identifier)
    FROM assets a WHERE a.uid = m.asset_uid AND m.sort_key IS DISTINCT FROM lower(a.unique_identifier);
  END IF;
  DELETE FROM asset_category_counts;
  INSERT INTO asset_category_counts (category_uid, n) SELECT category_uid, count(*) FROM asset_category_memberships GROUP BY category_uid;
  DELETE FROM asset_type_counts;
  INSERT INTO asset_type_counts (asset_type, n) SELECT coalesce(asset_type, ''), count(*) FROM assets GROUP BY 1;
  INSERT INTO list_state (name, n) SELECT 'assets', count(*) FROM assets
  ON CONFLICT (name) DO UPDATE SET n = excluded.n, stamp = gen_random_uuid();
  INSERT INTO list_state (name, n) SELECT 'portfolios', count(*) FROM portfolios
  ON CONFLICT (name) DO UPDATE SET n = excluded.n, stamp = gen_random_uuid();
END;
$$;

SELECT refresh_list_keys(false);
