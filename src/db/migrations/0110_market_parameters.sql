-- Model inputs as market data (issue 35, design §5.1): a market parameter (today a Hull-White short-rate model for
-- callables) selected per market-data set by `<role>:index:<index_uid>:<quote_side>`, as curves are. A parameter may
-- not be deleted while selected; a set's selections go with the set.
CREATE TABLE pricing_market_parameters (
  uid                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  unique_identifier  varchar(255) NOT NULL UNIQUE,
  display_name       varchar(255) NOT NULL,
  kind               varchar(32)  NOT NULL CHECK (kind IN ('optionlet_vol', 'short_rate_model')),
  parameters         jsonb        NOT NULL
);

CREATE TABLE pricing_parameter_selections (
  uid                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  market_data_set_uid  uuid         NOT NULL REFERENCES pricing_market_data_sets (uid) ON DELETE CASCADE,
  binding_key          varchar(255) NOT NULL,
  role_key             varchar(32)  NOT NULL CHECK (role_key IN ('optionlet_vol', 'short_rate_model')),
  selector_key         varchar(255) NOT NULL,
  quote_side           varchar(32)  NOT NULL,
  parameter_uid        uuid         NOT NULL REFERENCES pricing_market_parameters (uid) ON DELETE RESTRICT,
  UNIQUE (market_data_set_uid, binding_key)
);
CREATE INDEX pricing_parameter_selections_parameter_idx ON pricing_parameter_selections (parameter_uid);
CREATE INDEX pricing_parameter_selections_selector_idx ON pricing_parameter_selections (selector_key);

-- a selection or a parameter changed: the pricing caches of every process are cleared (migration 0050)
CREATE TRIGGER pricing_market_parameters_pricing_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON pricing_market_parameters FOR EACH STATEMENT EXECUTE FUNCTION notify_pricing_data_changed();
CREATE TRIGGER pricing_parameter_selections_pricing_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON pricing_parameter_selections FOR EACH STATEMENT EXECUTE FUNCTION notify_pricing_data_changed();
