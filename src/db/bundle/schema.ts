/**
 * The data bundle that `npm run load -- FILE.json` upserts (design §7). This TypeBox schema is the single
 * source; `bundle.schema.json` beside it is its committed JSON Schema rendering (test/db/bundle-schema.test.ts
 * keeps the two identical; `npm run bundle-schema` rewrites it). Every entity carries its own uid, so loading
 * the same bundle twice leaves the same end state.
 */
import { Type, type Static, type TSchema } from 'typebox'
import { DateTime } from '../../contracts/common.ts'
import { IndexConvention } from '../../contracts/index-conventions.ts'
import { INSTRUMENT_TERMS, INSTRUMENT_TYPES } from '../../contracts/instrument-terms.ts'

const Uid = Type.String({ format: 'uuid' })
const Date_ = Type.String({ format: 'date' })
const Obj = Type.Record(Type.String(), Type.Unknown())
const Name = (max: number) => Type.String({ minLength: 1, maxLength: max })
const Opt = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]))
const Strict = <T extends Record<string, TSchema>>(properties: T, description?: string) =>
  Type.Object(properties, { additionalProperties: false, ...(description ? { description } : {}) })

export const BundleIndex = Strict({
  uid: Uid,
  unique_identifier: Name(255),
  index_type: Name(64),
  display_name: Name(255),
  calculation_method: Type.Optional(Type.Enum(['formula', 'custom'])),
  value_format: Type.Optional(Type.Enum(['decimal', 'percent'])),
  value_suffix: Opt(Type.String({ maxLength: 32 })),
  description: Opt(Type.String()),
  metadata_json: Opt(Obj),
  convention: Opt(
    Strict({ index_family: Name(64), convention_dump: IndexConvention, source: Opt(Type.String({ maxLength: 255 })) }),
  ),
})

export const BundleDataNode = Strict({
  uid: Uid,
  storage_table_identifier: Name(255),
  kind: Type.Enum(['discount_curves', 'fixing_rates']),
  description: Opt(Type.String()),
})

export const CurveBuildingDetails = Strict({
  quote_convention: Type.Optional(Type.Enum(['zero', 'forward'])),
  rate_unit: Type.Optional(Type.Enum(['decimal', 'percent'])),
  compounding: Type.Enum(['Simple', 'Compounded', 'Continuous', 'SimpleThenCompounded']),
  frequency: Type.String({
    description: 'Annual, Semiannual, Quarterly, Monthly, ... (NoFrequency for Continuous/Simple)',
  }),
  day_counter: Type.String(),
  calendar: Opt(Obj),
  interpolation_method: Type.Enum([
    'linear_zero',
    'log_linear_discount',
    'cubic_zero',
    'natural_cubic_zero',
    'monotone_cubic_zero',
    'log_cubic_discount',
    'linear_forward',
  ]),
  extrapolation: Type.Optional(Type.Boolean()),
})

export const BundleCurve = Strict({
  uid: Uid,
  unique_identifier: Name(255),
  display_name: Name(255),
  curve_type: Name(64),
  currency_code: Opt(Type.String({ maxLength: 16 })),
  quote_side: Opt(Type.String({ maxLength: 32 })),
  interpolation_method: Opt(Type.String({ maxLength: 64 })),
  compounding: Opt(Type.String({ maxLength: 64 })),
  source: Opt(Type.String({ maxLength: 255 })),
  status: Type.Optional(Name(32)),
  metadata_json: Opt(Obj),
  building_details: Opt(CurveBuildingDetails),
})

export const CurveNode = Strict({ days_to_maturity: Type.Integer({ minimum: 0, maximum: 36600 }), zero: Type.Number() })

/** A zero-inflation curve node (design §5.1): a date and its zero-inflation rate. */
export const InflationCurveNode = Strict({ date: Date_, rate: Type.Number({ exclusiveMinimum: -1 }) })

/**
 * A dated curve observation: a yield curve's nodes by days to maturity, or a `zero_inflation` curve's by date with its
 * observation `lag` and `day_counter` (design §5.1).
 */
export const BundleCurveObservation = Strict({
  data_node_uid: Uid,
  curve_identifier: Name(255),
  time_index: DateTime,
  nodes: Type.Union([Type.Array(CurveNode, { minItems: 1 }), Type.Array(InflationCurveNode, { minItems: 2 })]),
  lag: Type.Optional(
    Type.String({ pattern: '^[0-9]+[DWMY]$', description: "an inflation curve's observation lag, e.g. 3M" }),
  ),
  day_counter: Type.Optional(Name(64)),
  key_nodes: Type.Optional(Type.Unknown()),
})

export const BundleFixings = Strict({
  data_node_uid: Uid,
  index_identifier: Name(255),
  fixings: Type.Array(Strict({ date: Date_, rate: Type.Number() }), { minItems: 1 }),
})

export const BundleCurveSelection = Strict({
  uid: Type.Optional(Uid),
  role_key: Name(64),
  selector_type: Type.Optional(Name(64)),
  selector_key: Name(255),
  quote_side: Name(32),
  curve_uid: Uid,
  source: Opt(Type.String({ maxLength: 255 })),
  priority: Type.Optional(Type.Integer()),
  status: Type.Optional(Name(32)),
  metadata_json: Opt(Obj),
})

/** A Hull-White one-factor model for callables' trees (design §5.1; defaults a 0.03, sigma 0.01, 40 steps). */
export const ShortRateModelParameters = Strict(
  {
    model: Type.Literal('HullWhite'),
    a: Type.Number({ exclusiveMinimum: 0, maximum: 5, description: 'mean reversion speed' }),
    sigma: Type.Number({ exclusiveMinimum: 0, maximum: 1, description: 'short-rate volatility (absolute)' }),
    tree_steps: Type.Integer({ minimum: 1, maximum: 2000, description: 'time steps of the trinomial tree' }),
  },
  "a callable's Hull-White model",
)

/**
 * An Ibor index's constant optionlet volatility (design §5.1): capped, floored and in-arrears coupons of floaters on
 * the index are priced by QuantLib's BlackIborCouponPricer on it.
 */
export const OptionletVolParameters = Type.Object(
  {
    type: Type.Enum(['Normal', 'ShiftedLognormal'], {
      description: 'Normal (Bachelier, vol in rate units) or ShiftedLognormal (Black on rate + shift)',
    }),
    volatility: Type.Number({ minimum: 0, maximum: 10, description: 'annualized; e.g. 0.0080 Normal, 0.35 lognormal' }),
    shift: Type.Optional(
      Type.Number({ minimum: 0, maximum: 1, description: 'displacement of a ShiftedLognormal vol (default 0)' }),
    ),
  },
  { additionalProperties: false, description: "an Ibor index's constant optionlet volatility" },
)

/** A model input selected per market-data set like a curve (`parameter_selections`), design §5.1. */
export const BundleMarketParameter = Type.Object(
  {
    uid: Uid,
    unique_identifier: Name(255),
    display_name: Name(255),
    kind: Type.Enum(['optionlet_vol', 'short_rate_model']),
    parameters: Obj,
  },
  {
    additionalProperties: false,
    allOf: [
      {
        if: { properties: { kind: { const: 'short_rate_model' } }, required: ['kind'] },
        then: { properties: { parameters: ShortRateModelParameters } },
      },
      {
        if: { properties: { kind: { const: 'optionlet_vol' } }, required: ['kind'] },
        then: { properties: { parameters: OptionletVolParameters } },
      },
    ],
  },
)

export const BundleParameterSelection = Strict({
  role_key: Type.Enum(['optionlet_vol', 'short_rate_model']),
  /**
   * the uid of the index the selection serves: a callable's benchmark_rate_index_uid for its short-rate model, a
   * floater's floating_rate_index_uid for its optionlet volatility
   */
  selector_key: Uid,
  quote_side: Name(32),
  parameter_uid: Uid,
})

export const BundleMarketDataSet = Strict({
  uid: Uid,
  set_key: Name(64),
  display_name: Name(255),
  description: Opt(Type.String()),
  status: Type.Optional(Name(32)),
  metadata_json: Opt(Obj),
  max_curve_age_days: Opt(
    Type.Integer({
      minimum: 0,
      maximum: 36_500,
      description:
        'a curve observation older than this many calendar days before the valuation date is refused (409) instead ' +
        'of priced on (default 7; null: no bound)',
    }),
  ),
  bindings: Type.Optional(
    Type.Array(
      Strict({
        uid: Uid,
        concept_key: Name(128),
        data_node_uid: Uid,
        storage_table_identifier: Opt(Type.String({ maxLength: 255 })),
        source: Opt(Type.String({ maxLength: 255 })),
        metadata_json: Opt(Obj),
      }),
    ),
  ),
  curve_selections: Type.Optional(Type.Array(BundleCurveSelection)),
  parameter_selections: Type.Optional(Type.Array(BundleParameterSelection)),
})

/**
 * `instrument_dump` is checked against the terms of the class `instrument_type` names (one schema per class,
 * design §4); any other instrument type must be marked `unpriced`, so a misspelt class never loads silently.
 */
const instrumentTermsRules = [
  ...INSTRUMENT_TYPES.map((type) => ({
    if: { properties: { instrument_type: { const: type } }, required: ['instrument_type'] },
    then: { properties: { instrument_dump: INSTRUMENT_TERMS[type] } },
  })),
  {
    if: { properties: { instrument_type: { not: { enum: INSTRUMENT_TYPES } } }, required: ['instrument_type'] },
    then: { required: ['unpriced'], properties: { unpriced: { const: true } } },
  },
]

export const PricingDetails = Type.Object(
  {
    instrument_type: Type.String({
      minLength: 1,
      maxLength: 128,
      description: `the instrument class: ${INSTRUMENT_TYPES.join(', ')}; any other type needs \`unpriced: true\``,
      examples: ['FixedRateBond'],
    }),
    instrument_dump: Type.Record(Type.String(), Type.Unknown(), {
      description: "the instrument's terms, by the schema of its class (FixedRateBondTerms, ...)",
    }),
    unpriced: Type.Optional(
      Type.Boolean({
        description:
          'true stores an instrument type outside the pricer registry as given: discovery reports it unsupported and ' +
          'it is never priced',
      }),
    ),
    pricing_details_date: DateTime,
    serialization_format: Type.Optional(Name(128)),
    pricing_package_version: Opt(Type.String({ maxLength: 64 })),
    source: Opt(Type.String({ maxLength: 255 })),
    metadata_json: Opt(Obj),
  },
  {
    additionalProperties: false,
    description: 'current pricing details of the asset: what the pricer rebuilds',
    allOf: instrumentTermsRules,
  },
)

export const BundleAsset = Strict({
  uid: Uid,
  unique_identifier: Name(255),
  asset_type: Opt(Type.String({ maxLength: 64 })),
  details: Opt(
    Strict({
      name: Opt(Type.String({ maxLength: 255 })),
      ticker: Opt(Type.String({ maxLength: 50 })),
      figi: Opt(Type.String({ maxLength: 12 })),
      composite_figi: Opt(Type.String({ maxLength: 12 })),
      share_class_figi: Opt(Type.String({ maxLength: 12 })),
      isin: Opt(Type.String({ maxLength: 12 })),
      exchange_code: Opt(Type.String({ maxLength: 50 })),
      security_type: Opt(Type.String({ maxLength: 50 })),
      security_market_sector: Opt(Type.String({ maxLength: 50 })),
      currency: Opt(Type.String({ maxLength: 16 })),
      metadata_json: Opt(Obj),
    }),
  ),
  snapshots: Type.Optional(
    Type.Array(
      Strict({
        time_index: DateTime,
        name: Opt(Type.String({ maxLength: 255 })),
        ticker: Opt(Type.String({ maxLength: 50 })),
        exchange_code: Opt(Type.String({ maxLength: 50 })),
        asset_ticker_group_id: Opt(Type.String({ maxLength: 255 })),
      }),
    ),
  ),
  pricing_details: Opt(PricingDetails),
  future_details: Opt(
    Strict({
      underlying_index_uid: Uid,
      expiry_date: Opt(Date_),
      contract_size: Opt(Type.Number()),
      metadata_json: Opt(Obj),
    }),
  ),
})

export const BundleAssetCategory = Strict({
  uid: Uid,
  unique_identifier: Name(255),
  display_name: Name(255),
  description: Opt(Type.String()),
  metadata_json: Opt(Obj),
  asset_uids: Type.Optional(Type.Array(Uid, { uniqueItems: true })),
})

export const BundleCalendar = Strict({
  uid: Uid,
  unique_identifier: Name(255),
  display_name: Name(255),
  calendar_type: Name(64),
  timezone: Type.Optional(Name(64)),
  source: Opt(Type.String({ maxLength: 128 })),
  source_identifier: Opt(Type.String({ maxLength: 255 })),
  valid_from: Date_,
  valid_to: Date_,
  metadata_json: Opt(Obj),
  dates: Type.Optional(
    Type.Array(
      Strict({
        uid: Uid,
        local_date: Date_,
        is_business_day: Type.Optional(Type.Boolean()),
        is_holiday: Type.Optional(Type.Boolean()),
        is_weekend: Type.Optional(Type.Boolean()),
        is_early_close: Type.Optional(Type.Boolean()),
        holiday_name: Opt(Type.String({ maxLength: 255 })),
        metadata_json: Opt(Obj),
      }),
    ),
  ),
  sessions: Type.Optional(
    Type.Array(
      Strict({
        uid: Uid,
        local_date: Date_,
        session_label: Name(64),
        opens_at: Opt(DateTime),
        closes_at: Opt(DateTime),
        timezone: Type.Optional(Name(64)),
        is_primary: Type.Optional(Type.Boolean()),
        metadata_json: Opt(Obj),
      }),
    ),
  ),
  events: Type.Optional(
    Type.Array(
      Strict({
        uid: Uid,
        event_date: Opt(Date_),
        event_time: Opt(DateTime),
        event_type: Name(64),
        event_label: Type.Optional(Type.String({ maxLength: 255 })),
        target_type: Type.Optional(Type.String({ maxLength: 64 })),
        target_uid: Opt(Uid),
        target_identifier: Type.Optional(Type.String({ maxLength: 255 })),
        metadata_json: Opt(Obj),
      }),
    ),
  ),
})

export const BundleSignal = Strict({
  uid: Uid,
  signal_uid: Name(255),
  signal_description: Opt(Type.String()),
  weights: Type.Optional(
    Type.Array(Strict({ time_index: DateTime, asset_identifier: Name(255), signal_weight: Opt(Type.Number()) })),
  ),
})

const Decimal = Type.Union([Type.Number(), Type.String({ pattern: '^-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?$' })])

export const BundlePortfolio = Strict({
  uid: Uid,
  unique_identifier: Name(255),
  calendar_uid: Uid,
  published_index_uid: Opt(Uid),
  portfolio_weights_data_node_uid: Opt(Uid),
  signal_weights_data_node_uid: Opt(Uid),
  signal_uid: Opt(Type.String({ maxLength: 255 })),
  portfolio_data_node_uid: Opt(Uid),
  backtest_table_price_column_name: Type.Optional(Name(20)),
  description: Opt(Type.String()),
  weights: Type.Optional(
    Type.Array(
      Strict({
        time_index: DateTime,
        asset_identifier: Name(255),
        weight: Opt(Decimal),
        weight_before: Opt(Decimal),
        price_current: Opt(Decimal),
        price_before: Opt(Decimal),
        volume_current: Opt(Decimal),
        volume_before: Opt(Decimal),
      }),
    ),
  ),
  values: Type.Optional(
    Type.Array(
      Strict({
        time_index: DateTime,
        close: Opt(Type.Number()),
        return: Opt(Type.Number()),
        calculated_close: Opt(Type.Number()),
        close_time: Opt(DateTime),
      }),
    ),
  ),
})

export const BundlePortfolioGroup = Strict({
  uid: Uid,
  unique_identifier: Name(255),
  display_name: Name(255),
  description: Opt(Type.String()),
  metadata_json: Opt(Obj),
  portfolio_uids: Type.Optional(Type.Array(Uid, { uniqueItems: true })),
})

const HoldingPosition = Strict({
  asset_identifier: Name(255),
  quantity: Decimal,
  direction: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(-1)])),
  target_trade_time: Opt(DateTime),
  extra_details: Opt(Obj),
})

export const BundleAccount = Strict({
  uid: Uid,
  unique_identifier: Name(255),
  account_name: Name(255),
  is_paper: Type.Optional(Type.Boolean()),
  account_is_active: Type.Optional(Type.Boolean()),
  holdings_data_node_uid: Opt(Uid),
  metadata_json: Opt(Obj),
  holdings: Type.Optional(
    Type.Array(Strict({ uid: Uid, time_index: DateTime, positions: Type.Array(HoldingPosition) })),
  ),
  target_positions: Type.Optional(
    Type.Array(
      Strict({
        uid: Uid,
        time_index: DateTime,
        positions: Type.Array(
          Strict({
            target_type: Type.Enum(['asset', 'portfolio']),
            target_uid: Uid,
            weight_notional_exposure: Opt(Decimal),
            constant_notional_exposure: Opt(Decimal),
            single_asset_quantity: Opt(Decimal),
            metadata_json: Opt(Obj),
          }),
        ),
      }),
    ),
  ),
})

export const BundleVirtualFund = Strict({
  uid: Uid,
  unique_identifier: Name(255),
  account_uid: Uid,
  target_portfolio_uid: Uid,
  holdings: Type.Optional(
    Type.Array(
      Strict({
        uid: Uid,
        source_account_holdings_set_uid: Uid,
        time_index: DateTime,
        positions: Type.Array(
          Strict({
            asset_identifier: Name(255),
            allocated_quantity: Decimal,
            direction: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(-1)])),
            allocation_strategy: Type.Optional(Name(64)),
            target_trade_time: Opt(DateTime),
            extra_details: Opt(Obj),
          }),
        ),
      }),
    ),
  ),
})

export const Bundle = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    indexes: Type.Optional(Type.Array(BundleIndex)),
    data_nodes: Type.Optional(Type.Array(BundleDataNode)),
    curves: Type.Optional(Type.Array(BundleCurve)),
    curve_observations: Type.Optional(Type.Array(BundleCurveObservation)),
    fixings: Type.Optional(Type.Array(BundleFixings)),
    market_parameters: Type.Optional(Type.Array(BundleMarketParameter)),
    market_data_sets: Type.Optional(Type.Array(BundleMarketDataSet)),
    assets: Type.Optional(Type.Array(BundleAsset)),
    asset_categories: Type.Optional(Type.Array(BundleAssetCategory)),
    calendars: Type.Optional(Type.Array(BundleCalendar)),
    signals: Type.Optional(Type.Array(BundleSignal)),
    portfolios: Type.Optional(Type.Array(BundlePortfolio)),
    portfolio_groups: Type.Optional(Type.Array(BundlePortfolioGroup)),
    accounts: Type.Optional(Type.Array(BundleAccount)),
    virtual_funds: Type.Optional(Type.Array(BundleVirtualFund)),
  },
  {
    additionalProperties: false,
    title: 'Fixed-income service data bundle',
    description:
      'Reference and market data upserted by `npm run load -- FILE.json` in one transaction, idempotently by uid.',
  },
)
export type Bundle = Static<typeof Bundle>

type Observation = Static<typeof BundleCurveObservation>

/** Whether an observation is a zero-inflation curve's (dated nodes). */
export const isInflationObservation = (
  o: Observation,
): o is Observation & { nodes: Static<typeof InflationCurveNode>[] } =>
  o.nodes.length > 0 && 'date' in (o.nodes[0] as Record<string, unknown>)
