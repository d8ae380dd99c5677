-- Every table a pricing request reads announces changes on the `pricing_data_changed` channel, so each API
-- process can drop its cached pricing contexts after a commit by any writer (loader, another instance).
CREATE FUNCTION notify_pricing_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pricing_data_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'assets', 'asset_pricing_details', 'indexes', 'index_convention_details', 'data_nodes', 'pricing_curves',
    'curve_building_details', 'discount_curve_observations', 'index_fixings', 'pricing_market_data_sets',
    'pricing_market_data_bindings', 'pricing_curve_selections'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_pricing_data_changed()',
      t || '_pricing_notify', t);
  END LOOP;
END;
$$;
