/**
 * The response models of the pricer operations: the envelope every answer starts with, then the operation's result
 * fields. The one source of these shapes: the routes validate, serialize and document with RESPONSES
 * (src/pricing/schemas.ts), and a pricing thread serializes a single route's result with its result part
 * (resultSchema; workers/result-json.ts), so that the main thread writes only the envelope before it
 * (src/pricing/response-json.ts) instead of formatting every number of the result.
 */
import { Type, type TObject, type TSchema } from 'typebox'
import { DateTime, IsoDate, Nullable } from './common.ts'

/** What every answer starts with: which asset, instrument, operation, valuation and market data it is for. */
export const ENVELOPE = Type.Object(
  {
    asset_uid: Type.String(),
    instrument_type: Type.String(),
    operation: Type.String(),
    valuation_date: DateTime,
    market_data_set: Type.String(),
  },
  { additionalProperties: false },
)
const response = (title: string, extra: Record<string, TSchema>) =>
  Type.Object({ ...ENVELOPE.properties, ...extra }, { additionalProperties: false, title })

const Num = Type.Number()
const FixedRow = Type.Object(
  {
    payment_date: IsoDate,
    rate: Num,
    amount: Num,
    accrual_start_date: Type.Optional(IsoDate),
    accrual_end_date: Type.Optional(IsoDate),
    nominal: Type.Optional(Num),
    accrual_period: Type.Optional(Num),
  },
  { additionalProperties: true },
)
const LegRows = Type.Array(Type.Object({ payment_date: IsoDate, amount: Num }, { additionalProperties: true }))

/** A callable's yields to its calls (design §6.1): present only for CallableFixedRateBond. */
const YieldToCall = Type.Object(
  {
    date: { ...IsoDate, description: 'exercise date (or the maturity)' },
    price: {
      ...Num,
      description:
        'redemption there per 100: the call price (a Dirty one less the accrued at the date), or the redemption at ' +
        'maturity',
    },
    yield: {
      ...Num,
      description:
        'yield of the bond redeemed there at that price, at the clean price of the answer, in its yield conventions',
    },
  },
  { additionalProperties: false, title: 'YieldToCall' },
)
const yieldsToCall = {
  yield_to_worst: Type.Optional({ ...Num, description: 'CallableFixedRateBond only: the lowest of yields_to_call' }),
  workout_date: Type.Optional({ ...IsoDate, description: 'CallableFixedRateBond only: the date of yield_to_worst' }),
  yields_to_call: Type.Optional(
    Type.Array(YieldToCall, {
      description: 'CallableFixedRateBond only: each call date after settlement, then the maturity',
    }),
  ),
  yields_to_call_error: Type.Optional(
    Type.String({
      description:
        'CallableFixedRateBond only, when a yield to call does not solve: which, and why (yield_to_worst is then not ' +
        'given)',
    }),
  ),
}

export const RESPONSES = {
  price: response('BondPriceResponse', { price: Num, units: Type.Literal('npv') }),
  analytics: response('BondAnalyticsResponse', {
    analytics: Type.Object(
      { clean_price: Num, dirty_price: Num, accrued_amount: Num },
      {
        additionalProperties: Num,
        description:
          'clean, dirty and accrued per 100 at settlement, and more analytics (yield, durations, convexity, bpv, ' +
          'npv, effective_duration, effective_convexity, dv01...)',
      },
    ),
    ...yieldsToCall,
  }),
  duration: response('BondDurationResponse', {
    duration_type: Type.String(),
    duration: Num,
    key_rate_durations: Type.Optional(
      Type.Array(
        Type.Object({ tenor: Type.String(), duration: Num }, { additionalProperties: false, title: 'KeyRateDuration' }),
        { description: 'KeyRate only: one duration per tenor; `duration` is their sum' },
      ),
    ),
  }),
  yield: response('BondYieldResponse', { yield: Num, ...yieldsToCall }),
  'z-spread': response('BondZSpreadResponse', {
    target_dirty_ccy: Num,
    z_spread: Num,
    units: Type.Literal('decimal'),
    oas: Type.Optional({
      ...Num,
      description:
        'CallableFixedRateBond only: continuous spread over the benchmark at which the Hull-White tree reprices the ' +
        'target (decimal)',
    }),
  }),
  cashflows: response('BondCashflowsResponse', {
    legs: Type.Object(
      {
        fixed: Type.Optional(Type.Array(FixedRow)),
        floating: Type.Optional(LegRows),
        redemption: Type.Optional(LegRows),
        amortization: Type.Optional(LegRows),
      },
      { additionalProperties: LegRows },
    ),
  }),
  'net-cashflows': response('BondNetCashflowsResponse', {
    cashflows: Type.Array(Type.Object({ payment_date: IsoDate, net_cashflow: Num }, { additionalProperties: false })),
  }),
  'carry-roll-down': response('BondCarryRollDownResponse', {
    horizon_days: Type.Integer(),
    metrics: Type.Record(Type.String(), Num),
  }),
  'curve-preview': response('BondCurvePreviewResponse', {
    curves: Type.Array(
      Type.Object(
        {
          role: Type.String(),
          curve_uid: Type.String(),
          curve_identifier: Type.String(),
          curve_type: Type.String(),
          index_uid: Nullable(Type.String()),
          binding_quote_side: Nullable(Type.String()),
          source: Nullable(Type.String()),
          discount_curve_url: Type.String(),
          discount_curve_query_params: Type.Object(
            { market_data_set: Type.String(), valuation_date: DateTime },
            { additionalProperties: false },
          ),
          observation_date: Type.Optional({
            ...IsoDate,
            description:
              "the date of the curve's observation that priced it (the latest at or before the valuation date): its " +
              'reference date',
          }),
        },
        { additionalProperties: false, title: 'CurveRef' },
      ),
    ),
    diagnostics: Type.Object(
      {
        pricing_engine_id: Type.String(),
        curve_reference_warnings: Type.Optional(Type.Array(Type.String())),
        short_rate_model: Type.Optional(
          Type.Object(
            {
              model: Type.Literal('HullWhite'),
              a: Type.Number(),
              sigma: Type.Number(),
              tree_steps: Type.Integer(),
              source: Type.Enum(['selection', 'default'], {
                description: "the market-data set's short_rate_model selection, or the defaults (design §5.1)",
              }),
              parameter_uid: Nullable(Type.String()),
              parameter_identifier: Nullable(Type.String()),
            },
            { additionalProperties: false, description: "a callable's Hull-White tree model" },
          ),
        ),
        optionlet_volatility: Type.Optional(
          Type.Union(
            [
              Type.Literal('none'),
              Type.Object(
                {
                  type: Type.Enum(['Normal', 'ShiftedLognormal']),
                  volatility: Type.Number(),
                  shift: Type.Number(),
                  parameter_uid: Type.String(),
                  parameter_identifier: Type.String(),
                },
                { additionalProperties: false },
              ),
            ],
            {
              description:
                "a floater's optionlet volatility for capped, floored and in-arrears coupons: the market-data set's " +
                'optionlet_vol selection, or none (zero volatility, design §5.1)',
            },
          ),
        ),
      },
      { additionalProperties: false },
    ),
  }),
  'fixings-availability': response('BondFixingsAvailabilityResponse', {
    status: Type.Enum(['complete', 'partial', 'missing', 'not_required'], {
      description: 'worst row status; not_required (with no rows) for instruments that need no fixings',
    }),
    fixings: Type.Array(
      Type.Object(
        {
          index_uid: Type.String(),
          index_identifier: Type.String(),
          required_start_date: IsoDate,
          required_end_date: IsoDate,
          available_start_date: Nullable(IsoDate),
          available_end_date: Nullable(IsoDate),
          missing_count: Type.Integer({ minimum: 0 }),
          status: Type.Enum(['complete', 'partial', 'missing'], {
            description:
              'complete: nothing missing; missing: none of the required fixings is stored; partial: some are',
          }),
        },
        { additionalProperties: false, title: 'FixingRow' },
      ),
    ),
  }),
} as const

export type ResponseOperation = keyof typeof RESPONSES

/**
 * An operation's result fields, in the response's order, as an object of their own: the response model less its
 * envelope. The response's serialization is the envelope's followed by this one's fields (response-json.ts).
 */
export function resultSchema(operation: ResponseOperation): TObject {
  const properties = Object.fromEntries(
    Object.entries(RESPONSES[operation].properties).filter(([key]) => !(key in ENVELOPE.properties)),
  )
  return Type.Object(properties, { additionalProperties: false })
}
