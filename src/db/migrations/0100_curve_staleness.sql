-- A market-data set bounds how old a curve observation it prices with may be (issue 33, design §6.1): an
-- observation older than max_curve_age_days calendar days before the valuation date is a 409, not a price on an
-- old curve. NULL: no bound.
ALTER TABLE pricing_market_data_sets
  ADD COLUMN max_curve_age_days integer DEFAULT 7 CHECK (max_curve_age_days IS NULL OR max_curve_age_days >= 0);
