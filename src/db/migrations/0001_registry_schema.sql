-- The whole data model of design §3 and reference/routes.md §16. Foreign keys carry the delete rule that the
-- delete-impact routes report; every list filter, ordering and exact count is served by an index.
-- Time series ("data nodes") lead their primary key with the owning data node, so one table holds many
-- logically partitioned storages and a market-data binding can point at any of them.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- ---------------------------------------------------------------- indexes (rate indexes) and conventions
CREATE TABLE indexes (
  uid                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  unique_identifier   varchar(255) NOT NULL UNIQUE,
  index_type          varchar(64)  NOT NULL,
  display_name        varchar(255) NOT NULL,
  calculation_method  varchar(16)  NOT NULL DEFAULT 'custom' CHECK (calculation_method IN ('formula', 'custom')),
  value_format        varchar(16)  NOT NULL DEFAULT 'decimal' CHECK (value_format IN ('decimal', 'percent')),
  value_suffix        varchar(32),
  description         text,
  metadata_json       jsonb
);
CREATE INDEX indexes_index_type_idx ON indexes (index_type);
CREATE INDEX indexes_order_idx ON indexes (lower(coalesce(display_name, '')), unique_identifier, uid);

CREATE TABLE index_convention_details (
  index_uid             uuid PRIMARY KEY REFERENCES indexes (uid) ON DELETE CASCADE,
  index_family          varchar(64)  NOT NULL,
  convention_dump       jsonb        NOT NULL,
  serialization_format  varchar(128) NOT NULL DEFAULT 'fixed_income.index_convention@v1',
  source                varchar(255),
  metadata_json         jsonb
);
CREATE INDEX index_convention_details_family_idx ON index_convention_details (index_family);

-- ---------------------------------------------------------------- data nodes (time-series storages)
CREATE TABLE data_nodes (
  uid                       uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  storage_table_identifier  varchar(255) NOT NULL UNIQUE,
  kind                      varchar(32)  NOT NULL CHECK (kind IN ('discount_curves', 'fixing_rates')),
  description               text,
  metadata_json             jsonb
);

-- ---------------------------------------------------------------- pricing curves
CREATE TABLE pricing_curves (
  uid                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  unique_identifier     varchar(255) NOT NULL UNIQUE,
  display_name          varchar(255) NOT NULL,
  curve_type            varchar(64)  NOT NULL,
  currency_code         varchar(16),
  quote_side            varchar(32),
  interpolation_method  varchar(64),
  compounding           varchar(64),
  source                varchar(255),
  status                varchar(32)  NOT NULL DEFAULT 'ACTIVE',
  metadata_json         jsonb
);
CREATE INDEX pricing_curves_curve_type_idx ON pricing_curves (curve_type, unique_identifier);
CREATE INDEX pricing_curves_source_idx ON pricing_curves (source, unique_identifier);
CREATE INDEX pricing_curves_search_idx ON pricing_curves USING gin (lower(unique_identifier) gin_trgm_ops);

CREATE TABLE curve_building_details (
  curve_uid             uuid PRIMARY KEY REFERENCES pricing_curves (uid) ON DELETE CASCADE,
  quote_convention      varchar(32) NOT NULL DEFAULT 'zero' CHECK (quote_convention IN ('zero', 'forward')),
  rate_unit             varchar(16) NOT NULL DEFAULT 'decimal' CHECK (rate_unit IN ('decimal', 'percent')),
  compounding           varchar(32) NOT NULL,
  frequency             varchar(32) NOT NULL,
  day_counter           varchar(64) NOT NULL,
  calendar              jsonb,
  interpolation_method  varchar(64) NOT NULL,
  extrapolation         boolean     NOT NULL DEFAULT true,
  metadata_json         jsonb
);

-- `curve` and `key_nodes` are gzip+base64 of JSON; observations are immutable once published.
CREATE TABLE discount_curve_observations (
  data_node_uid     uuid         NOT NULL REFERENCES data_nodes (uid) ON DELETE CASCADE,
  curve_identifier  varchar(255) NOT NULL REFERENCES pricing_curves (unique_identifier) ON UPDATE CASCADE ON DELETE RESTRICT,
  time_index        timestamptz  NOT NULL,
  curve             text         NOT NULL,
  key_nodes         text,
  PRIMARY KEY (data_node_uid, curve_identifier, time_index)
);
CREATE INDEX discount_curve_observations_curve_idx ON discount_curve_observations (curve_identifier);

CREATE TABLE index_fixings (
  data_node_uid     uuid             NOT NULL REFERENCES data_nodes (uid) ON DELETE CASCADE,
  index_identifier  varchar(255)     NOT NULL REFERENCES indexes (unique_identifier) ON UPDATE CASCADE ON DELETE RESTRICT,
  fixing_date       date             NOT NULL,
  rate              double precision NOT NULL,
  PRIMARY KEY (data_node_uid, index_identifier, fixing_date)
);
CREATE INDEX index_fixings_index_idx ON index_fixings (index_identifier);

-- ---------------------------------------------------------------- pricing market data
CREATE TABLE pricing_market_data_sets (
  uid            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  set_key        varchar(64)  NOT NULL UNIQUE,
  display_name   varchar(255) NOT NULL,
  description    text,
  status         varchar(32)  NOT NULL DEFAULT 'ACTIVE',
  metadata_json  jsonb
);
CREATE INDEX pricing_market_data_sets_status_idx ON pricing_market_data_sets (status, set_key);

CREATE TABLE pricing_market_data_bindings (
  uid                       uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  market_data_set_uid       uuid         NOT NULL REFERENCES pricing_market_data_sets (uid) ON DELETE CASCADE,
  concept_key               varchar(128) NOT NULL,
  data_node_uid             uuid         NOT NULL REFERENCES data_nodes (uid) ON DELETE RESTRICT,
  storage_table_identifier  varchar(255),
  source                    varchar(255),
  metadata_json             jsonb,
  UNIQUE (market_data_set_uid, concept_key)
);
CREATE INDEX pricing_market_data_bindings_concept_idx ON pricing_market_data_bindings (concept_key, market_data_set_uid);
CREATE INDEX pricing_market_data_bindings_node_idx ON pricing_market_data_bindings (data_node_uid);

-- binding_key is `<role>:index:<index_uid>:<quote_side>`; the curve may not be deleted while selected.
CREATE TABLE pricing_curve_selections (
  uid                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  market_data_set_uid  uuid         NOT NULL REFERENCES pricing_market_data_sets (uid) ON DELETE CASCADE,
  binding_key          varchar(255) NOT NULL,
  role_key             varchar(64)  NOT NULL,
  selector_type        varchar(64)  NOT NULL,
  selector_key         varchar(255),
  quote_side           varchar(32),
  curve_uid            uuid         NOT NULL REFERENCES pricing_curves (uid) ON DELETE RESTRICT,
  source               varchar(255),
  priority             integer      NOT NULL DEFAULT 0,
  status               varchar(32)  NOT NULL DEFAULT 'ACTIVE',
  metadata_json        jsonb,
  UNIQUE (market_data_set_uid, binding_key)
);
CREATE INDEX pricing_curve_selections_curve_idx ON pricing_curve_selections (curve_uid);
CREATE INDEX pricing_curve_selections_selector_idx ON pricing_curve_selections (selector_type, selector_key);

-- ---------------------------------------------------------------- assets
CREATE TABLE assets (
  uid                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  unique_identifier  varchar(255) NOT NULL UNIQUE,
  asset_type         varchar(64)
);
CREATE INDEX assets_order_idx ON assets (lower(unique_identifier), uid);
CREATE INDEX assets_asset_type_idx ON assets (asset_type);
CREATE INDEX assets_search_idx ON assets USING gin (lower(unique_identifier) gin_trgm_ops);

-- Descriptive identifiers (OpenFIGI-style) that the asset summary and the monitor frame show.
CREATE TABLE asset_details (
  asset_uid               uuid PRIMARY KEY REFERENCES assets (uid) ON DELETE CASCADE,
  name                    varchar(255),
  ticker                  varchar(50),
  figi                    varchar(12),
  composite_figi          varchar(12),
  share_class_figi        varchar(12),
  isin                    varchar(12),
  exchange_code           varchar(50),
  security_type           varchar(50),
  security_market_sector  varchar(50),
  currency                varchar(16),
  metadata_json           jsonb
);
CREATE INDEX asset_details_ticker_idx ON asset_details USING gin (lower(ticker) gin_trgm_ops);

CREATE TABLE asset_snapshots (
  asset_identifier       varchar(255) NOT NULL REFERENCES assets (unique_identifier) ON UPDATE CASCADE ON DELETE RESTRICT,
  time_index             timestamptz  NOT NULL,
  name                   varchar(255),
  ticker                 varchar(50),
  exchange_code          varchar(50),
  asset_ticker_group_id  varchar(255),
  PRIMARY KEY (asset_identifier, time_index)
);

CREATE TABLE asset_pricing_details (
  asset_uid                uuid PRIMARY KEY REFERENCES assets (uid) ON DELETE CASCADE,
  instrument_type          varchar(128) NOT NULL,
  instrument_dump          jsonb        NOT NULL,
  pricing_details_date     timestamptz  NOT NULL,
  serialization_format     varchar(128) NOT NULL DEFAULT 'fixed_income.instrument@v1',
  pricing_package_version  varchar(64),
  source                   varchar(255),
  metadata_json            jsonb
);

CREATE TABLE future_asset_details (
  asset_uid             uuid PRIMARY KEY REFERENCES assets (uid) ON DELETE CASCADE,
  underlying_index_uid  uuid NOT NULL REFERENCES indexes (uid) ON DELETE RESTRICT,
  expiry_date           date,
  contract_size         double precision,
  metadata_json         jsonb
);
CREATE INDEX future_asset_details_index_idx ON future_asset_details (underlying_index_uid);

-- ---------------------------------------------------------------- asset categories
CREATE TABLE asset_categories (
  uid                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  unique_identifier  varchar(255) NOT NULL UNIQUE,
  display_name       varchar(255) NOT NULL,
  description        text,
  metadata_json      jsonb
);
CREATE INDEX asset_categories_order_idx ON asset_categories (lower(display_name), lower(unique_identifier), uid);

CREATE TABLE asset_category_memberships (
  uid           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  category_uid  uuid NOT NULL REFERENCES asset_categories (uid) ON DELETE CASCADE,
  asset_uid     uuid NOT NULL REFERENCES assets (uid) ON DELETE CASCADE,
  UNIQUE (category_uid, asset_uid)
);
CREATE INDEX asset_category_memberships_asset_idx ON asset_category_memberships (asset_uid);

-- ---------------------------------------------------------------- calendars
CREATE TABLE calendars (
  uid                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  unique_identifier  varchar(255) NOT NULL UNIQUE,
  display_name       varchar(255) NOT NULL,
  calendar_type      varchar(64)  NOT NULL,
  timezone           varchar(64)  NOT NULL DEFAULT 'UTC',
  source             varchar(128),
  source_identifier  varchar(255),
  valid_from         date         NOT NULL,
  valid_to           date         NOT NULL,
  metadata_json      jsonb,
  CHECK (valid_to >= valid_from)
);
CREATE INDEX calendars_order_idx ON calendars (lower(unique_identifier), uid);
CREATE INDEX calendars_type_idx ON calendars (calendar_type);
CREATE INDEX calendars_source_idx ON calendars (source, source_identifier);

CREATE TABLE calendar_dates (
  uid              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  calendar_uid     uuid    NOT NULL REFERENCES calendars (uid) ON DELETE CASCADE,
  local_date       date    NOT NULL,
  is_business_day  boolean NOT NULL DEFAULT false,
  is_holiday       boolean NOT NULL DEFAULT false,
  is_weekend       boolean NOT NULL DEFAULT false,
  is_early_close   boolean NOT NULL DEFAULT false,
  holiday_name     varchar(255),
  metadata_json    jsonb,
  UNIQUE (calendar_uid, local_date)
);

CREATE TABLE calendar_sessions (
  uid            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  calendar_uid   uuid        NOT NULL REFERENCES calendars (uid) ON DELETE CASCADE,
  local_date     date        NOT NULL,
  session_label  varchar(64) NOT NULL,
  opens_at       timestamptz,
  closes_at      timestamptz,
  timezone       varchar(64) NOT NULL DEFAULT 'UTC',
  is_primary     boolean     NOT NULL DEFAULT true,
  metadata_json  jsonb,
  UNIQUE (calendar_uid, local_date, session_label),
  CHECK (opens_at IS NULL OR closes_at IS NULL OR closes_at >= opens_at)
);

CREATE TABLE calendar_events (
  uid                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  calendar_uid       uuid         NOT NULL REFERENCES calendars (uid) ON DELETE CASCADE,
  event_date         date,
  event_time         timestamptz,
  event_type         varchar(64)  NOT NULL,
  event_label        varchar(255) NOT NULL DEFAULT '',
  target_type        varchar(64)  NOT NULL DEFAULT '',
  target_uid         uuid,
  target_identifier  varchar(255) NOT NULL DEFAULT '',
  metadata_json      jsonb,
  -- NULLS NOT DISTINCT: two undated events with the same key are the same event
  UNIQUE NULLS NOT DISTINCT (calendar_uid, event_date, event_type, event_label, target_type, target_identifier)
);
CREATE INDEX calendar_events_order_idx ON calendar_events (calendar_uid, event_date, event_type, event_label, uid);

-- ---------------------------------------------------------------- portfolios and groups
CREATE TABLE signal_metadata (
  uid                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  signal_uid          varchar(255) NOT NULL UNIQUE,
  signal_description  text
);

CREATE TABLE portfolios (
  uid                               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  unique_identifier                 varchar(255) NOT NULL UNIQUE,
  calendar_uid                      uuid         NOT NULL REFERENCES calendars (uid) ON DELETE RESTRICT,
  published_index_uid               uuid         REFERENCES indexes (uid) ON DELETE SET NULL,
  portfolio_weights_data_node_uid   uuid,
  signal_weights_data_node_uid      uuid,
  signal_uid                        varchar(255) REFERENCES signal_metadata (signal_uid) ON UPDATE CASCADE ON DELETE RESTRICT,
  portfolio_data_node_uid           uuid,
  backtest_table_price_column_name  varchar(20)  NOT NULL DEFAULT 'close'
);
CREATE INDEX portfolios_calendar_idx ON portfolios (calendar_uid, unique_identifier);
CREATE INDEX portfolios_published_index_idx ON portfolios (published_index_uid);
CREATE INDEX portfolios_signal_idx ON portfolios (signal_uid);

CREATE TABLE portfolio_metadata (
  uid                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  unique_identifier  varchar(255) NOT NULL UNIQUE REFERENCES portfolios (unique_identifier) ON UPDATE CASCADE ON DELETE CASCADE,
  description        text
);

CREATE TABLE portfolio_weights (
  portfolio_identifier  varchar(255) NOT NULL REFERENCES portfolios (unique_identifier) ON UPDATE CASCADE ON DELETE RESTRICT,
  time_index            timestamptz  NOT NULL,
  asset_identifier      varchar(255) NOT NULL REFERENCES assets (unique_identifier) ON UPDATE CASCADE ON DELETE RESTRICT,
  weight                numeric,
  weight_before         numeric,
  price_current         numeric,
  price_before          numeric,
  volume_current        numeric,
  volume_before         numeric,
  PRIMARY KEY (portfolio_identifier, time_index, asset_identifier)
);
CREATE INDEX portfolio_weights_asset_idx ON portfolio_weights (asset_identifier);

CREATE TABLE portfolio_values (
  portfolio_identifier  varchar(255) NOT NULL REFERENCES portfolios (unique_identifier) ON UPDATE CASCADE ON DELETE RESTRICT,
  time_index            timestamptz  NOT NULL,
  close                 double precision,
  return                double precision,
  calculated_close      double precision,
  close_time            timestamptz,
  PRIMARY KEY (portfolio_identifier, time_index)
);

CREATE TABLE portfolio_groups (
  uid                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  unique_identifier  varchar(255) NOT NULL UNIQUE,
  display_name       varchar(255) NOT NULL,
  description        text,
  metadata_json      jsonb
);
CREATE INDEX portfolio_groups_order_idx ON portfolio_groups (lower(display_name), lower(unique_identifier), uid);

CREATE TABLE portfolio_group_memberships (
  uid                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  portfolio_group_uid  uuid NOT NULL REFERENCES portfolio_groups (uid) ON DELETE CASCADE,
  portfolio_uid        uuid NOT NULL REFERENCES portfolios (uid) ON DELETE CASCADE,
  UNIQUE (portfolio_group_uid, portfolio_uid)
);
CREATE INDEX portfolio_group_memberships_portfolio_idx ON portfolio_group_memberships (portfolio_uid);

-- ---------------------------------------------------------------- accounts, holdings, targets, virtual funds
CREATE TABLE account_groups (
  uid                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  group_name         varchar(100) NOT NULL UNIQUE,
  group_description  text,
  metadata_json      jsonb
);

CREATE TABLE accounts (
  uid                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  unique_identifier       varchar(255) NOT NULL UNIQUE,
  account_name            varchar(255) NOT NULL,
  is_paper                boolean      NOT NULL DEFAULT true,
  account_is_active       boolean      NOT NULL DEFAULT false,
  account_group_uid       uuid         REFERENCES account_groups (uid) ON DELETE SET NULL,
  holdings_data_node_uid  uuid,
  metadata_json           jsonb
);
CREATE INDEX accounts_order_idx ON accounts (lower(account_name), uid);

CREATE TABLE account_holdings_sets (
  uid                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_uid           uuid        NOT NULL REFERENCES accounts (uid) ON DELETE CASCADE,
  time_index            timestamptz NOT NULL,
  source_data_node_uid  uuid,
  UNIQUE (account_uid, time_index)
);

CREATE TABLE account_holdings (
  holdings_set_uid   uuid         NOT NULL REFERENCES account_holdings_sets (uid) ON DELETE CASCADE,
  asset_identifier   varchar(255) NOT NULL REFERENCES assets (unique_identifier) ON UPDATE CASCADE ON DELETE RESTRICT,
  time_index         timestamptz  NOT NULL,
  account_uid        uuid         NOT NULL REFERENCES accounts (uid) ON DELETE CASCADE,
  is_trade_snapshot  boolean,
  quantity           numeric,
  direction          smallint     NOT NULL DEFAULT 1 CHECK (direction IN (1, -1)),
  target_trade_time  timestamptz,
  extra_details      jsonb,
  PRIMARY KEY (holdings_set_uid, asset_identifier)
);
CREATE INDEX account_holdings_account_idx ON account_holdings (account_uid, time_index);
CREATE INDEX account_holdings_asset_idx ON account_holdings (asset_identifier);

CREATE TABLE account_allocation_models (
  uid                           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  allocation_model_name         varchar(100) NOT NULL UNIQUE,
  allocation_model_description  text,
  metadata_json                 jsonb
);

CREATE TABLE account_target_allocations (
  uid                           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  unique_identifier             varchar(255) NOT NULL UNIQUE,
  account_uid                   uuid         NOT NULL REFERENCES accounts (uid) ON DELETE CASCADE,
  account_allocation_model_uid  uuid         NOT NULL REFERENCES account_allocation_models (uid) ON DELETE RESTRICT,
  display_name                  varchar(255),
  is_active                     boolean      NOT NULL DEFAULT true,
  source                        varchar(255),
  metadata_json                 jsonb
);
CREATE INDEX account_target_allocations_account_idx ON account_target_allocations (account_uid);

CREATE TABLE position_sets (
  uid                           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_target_allocation_uid uuid        NOT NULL REFERENCES account_target_allocations (uid) ON DELETE CASCADE,
  position_set_time             timestamptz NOT NULL,
  source                        varchar(255),
  metadata_json                 jsonb,
  UNIQUE (account_target_allocation_uid, position_set_time)
);

CREATE TABLE target_positions (
  position_set_uid            uuid        NOT NULL REFERENCES position_sets (uid) ON DELETE CASCADE,
  time_index                  timestamptz NOT NULL,
  target_type                 varchar(32) NOT NULL CHECK (target_type IN ('asset', 'portfolio')),
  target_uid                  uuid        NOT NULL,
  asset_uid                   uuid        REFERENCES assets (uid) ON DELETE RESTRICT,
  portfolio_uid               uuid        REFERENCES portfolios (uid) ON DELETE RESTRICT,
  weight_notional_exposure    numeric,
  constant_notional_exposure  numeric,
  single_asset_quantity       numeric,
  metadata_json               jsonb,
  PRIMARY KEY (position_set_uid, target_type, target_uid),
  CHECK ((target_type = 'asset' AND asset_uid IS NOT NULL AND portfolio_uid IS NULL AND target_uid = asset_uid)
      OR (target_type = 'portfolio' AND portfolio_uid IS NOT NULL AND asset_uid IS NULL AND target_uid = portfolio_uid)),
  CHECK ((weight_notional_exposure IS NOT NULL)::int + (constant_notional_exposure IS NOT NULL)::int
       + (single_asset_quantity IS NOT NULL)::int = 1)
);
CREATE INDEX target_positions_asset_idx ON target_positions (asset_uid);
CREATE INDEX target_positions_portfolio_idx ON target_positions (portfolio_uid);

CREATE TABLE virtual_funds (
  uid                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  unique_identifier     varchar(255) NOT NULL UNIQUE,
  account_uid           uuid NOT NULL REFERENCES accounts (uid) ON DELETE CASCADE,
  target_portfolio_uid  uuid NOT NULL REFERENCES portfolios (uid) ON DELETE RESTRICT
);
CREATE INDEX virtual_funds_account_idx ON virtual_funds (account_uid, unique_identifier);
CREATE INDEX virtual_funds_portfolio_idx ON virtual_funds (target_portfolio_uid, unique_identifier);

CREATE TABLE virtual_fund_holdings_sets (
  uid                              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  virtual_fund_uid                 uuid        NOT NULL REFERENCES virtual_funds (uid) ON DELETE CASCADE,
  source_account_holdings_set_uid  uuid        NOT NULL REFERENCES account_holdings_sets (uid) ON DELETE RESTRICT,
  time_index                       timestamptz NOT NULL,
  UNIQUE (virtual_fund_uid, source_account_holdings_set_uid)
);
CREATE INDEX virtual_fund_holdings_sets_time_idx ON virtual_fund_holdings_sets (virtual_fund_uid, time_index);

CREATE TABLE virtual_fund_holdings (
  virtual_fund_holdings_set_uid    uuid         NOT NULL REFERENCES virtual_fund_holdings_sets (uid) ON DELETE CASCADE,
  asset_identifier                 varchar(255) NOT NULL REFERENCES assets (unique_identifier) ON UPDATE CASCADE ON DELETE RESTRICT,
  virtual_fund_uid                 uuid         NOT NULL REFERENCES virtual_funds (uid) ON DELETE CASCADE,
  source_account_holdings_set_uid  uuid         NOT NULL REFERENCES account_holdings_sets (uid) ON DELETE RESTRICT,
  time_index                       timestamptz  NOT NULL,
  allocated_quantity               numeric      NOT NULL,
  allocation_strategy              varchar(64)  NOT NULL DEFAULT 'explicit',
  direction                        smallint     NOT NULL DEFAULT 1 CHECK (direction IN (1, -1)),
  target_trade_time                timestamptz,
  extra_details                    jsonb,
  PRIMARY KEY (virtual_fund_holdings_set_uid, asset_identifier)
);
CREATE INDEX virtual_fund_holdings_fund_idx ON virtual_fund_holdings (virtual_fund_uid, time_index);
CREATE INDEX virtual_fund_holdings_source_idx ON virtual_fund_holdings (source_account_holdings_set_uid);
CREATE INDEX virtual_fund_holdings_asset_idx ON virtual_fund_holdings (asset_identifier);
