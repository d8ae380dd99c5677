-- Signal weights (the peer's SignalWeightsTS, reference/routes.md §16): what a portfolio's signal asks for per
-- asset and time, read by the portfolio signal-weights frame. Keyed by the signal; the asset identifier is not a
-- foreign key in the peer either (signals may name assets before they are registered).
CREATE TABLE signal_weights (
  signal_uid        varchar(255)     NOT NULL REFERENCES signal_metadata (signal_uid) ON UPDATE CASCADE ON DELETE RESTRICT,
  time_index        timestamptz      NOT NULL,
  asset_identifier  varchar(255)     NOT NULL,
  signal_weight     double precision,
  PRIMARY KEY (signal_uid, time_index, asset_identifier)
);
