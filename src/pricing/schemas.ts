/**
 * Wire shapes of the pricer: the common request with per-operation parameter schemas (unknown parameters are
 * rejected before dispatch), and one response model per operation. These schemas drive validation,
 * serialization and the OpenAPI document.
 */
import { Type, type Static, type TProperties, type TSchema } from 'typebox'
import { DateTime, JsonObject, Nullable, Uid, type UnionFields } from '../contracts/common.ts'
import type { AccountRiskRequest } from '../risk/schemas.ts'

const Opt = <T extends TSchema>(schema: T, description: string) =>
  Type.Optional(Nullable({ ...schema, description } as T))

export const QuoteSide = Type.String({
  pattern: '^[A-Za-z][A-Za-z0-9_-]{0,31}$',
  description: 'curve quote side, e.g. mid or offer',
})
export const Compounding = Type.Enum([
  'Simple',
  'Compounded',
  'Continuous',
  'SimpleThenCompounded',
  'CompoundedThenSimple',
])
export const FrequencyName = Type.Enum([
  'Once',
  'Annual',
  'Semiannual',
  'EveryFourthMonth',
  'Quarterly',
  'Bimonthly',
  'Monthly',
  'EveryFourthWeek',
  'Biweekly',
  'Weekly',
  'Daily',
])
export const DurationType = Type.Enum(['Simple', 'Macaulay', 'Modified', 'Effective', 'KeyRate'])

/** A yield as a decimal (0.045 is 4.5%): above 1 in size it is refused as a percentage (src/http/ajv.ts). */
const DecimalYield = { ...Type.Number(), 'x-decimal-rate': true }
/** A flat curve's yield compounds annually by default: -99% is as low as its discount factors stay finite. */
const FlatYield = { ...Type.Number({ minimum: -0.99 }), 'x-decimal-rate': true }

/** Parameters that price on a flat yield instead of the selected discount curve. */
const flatYield = {
  with_yield: Opt(
    FlatYield,
    'price on a flat curve at this yield (decimal: 0.045 is 4.5%) instead of the selected discount curve',
  ),
  flat_compounding: Opt(Compounding, 'compounding of with_yield (default Compounded)'),
  flat_frequency: Opt(FrequencyName, 'frequency of with_yield (default Annual)'),
}
export const CurveQuoteSide = Opt(QuoteSide, 'quote side of the discount and projection curve selections (default mid)')
const curveSide = { curve_quote_side: CurveQuoteSide }

/** The curve bump of effective and key-rate risk. */
export const BumpBp = Opt(
  Type.Number({ exclusiveMinimum: 0, maximum: 1000, default: 1 }),
  'parallel zero-rate bump of effective and key-rate risk, in basis points (default 1)',
)
export const KeyRateTenors = Opt(
  Type.Array(Type.String({ pattern: '^[1-9][0-9]{0,3}[DdWwMmYy]$' }), { minItems: 2, maxItems: 40, uniqueItems: true }),
  "key-rate risk: at least two increasing tenors from each curve's reference date (default 3M 6M 1Y 2Y 3Y 5Y 7Y 10Y " +
    '15Y 20Y 30Y)',
)
const bump = { bump_bp: BumpBp }

/**
 * The InterestRate of a yield (design §6.1): the bond's day count, compounded at its coupon frequency, unless given.
 */
const yieldConvention = {
  yield_compounding: Opt(Compounding, 'compounding of the yield (default Compounded)'),
  yield_frequency: Opt(
    Type.String({ minLength: 1, maxLength: 32 }),
    'compounding frequency of the yield: Annual, Semiannual, Quarterly, Monthly, ... or a period such as 6M ' +
      '(default: the coupon frequency; a zero-coupon bond Annual)',
  ),
  yield_day_count: Opt(
    Type.String({ minLength: 1, maxLength: 64 }),
    "day count of the yield, e.g. Actual365Fixed or ActualActual_ISMA (default: the bond's day_count)",
  ),
}

const includePaid = {
  include_paid: Type.Optional(
    Nullable(
      Type.Boolean({
        default: false,
        description:
          'also list the flows paid on or before the valuation date (their floating amounts need historic fixings)',
      }),
    ),
  ),
}

const params = <P extends TProperties>(title: string, properties: P) =>
  Type.Object(properties, { additionalProperties: false, title })

export const OPERATION_PARAMETERS = {
  price: params('PriceParameters', { ...flatYield, ...curveSide }),
  analytics: params('AnalyticsParameters', {
    ...flatYield,
    ...curveSide,
    ...bump,
    ...yieldConvention,
    quoted_yield: Opt(
      DecimalYield,
      "price from this yield (decimal, in the yield conventions) by QuantLib's BondFunctions instead of from a " +
        'curve: clean, dirty, accrued and the yield measures at it',
    ),
  }),
  duration: params('DurationParameters', {
    ...flatYield,
    ...curveSide,
    ...bump,
    duration_type: Type.Optional(
      Nullable({
        ...DurationType,
        default: 'Modified',
        description:
          'Simple, Macaulay or Modified (default) at the yield of the model price; Effective or KeyRate from curve ' +
          'bumps',
      }),
    ),
    key_rate_tenors: KeyRateTenors,
  }),
  yield: params('YieldParameters', {
    override_clean_price: Opt(
      Type.Number({ exclusiveMinimum: 0 }),
      'clean price per 100 to solve the yield from, instead of the model price',
    ),
    ...yieldConvention,
  }),
  'z-spread': params('ZSpreadParameters', {
    target_dirty_ccy: Type.Number({ description: 'target dirty value of the position in currency (required)' }),
    curve_quote_side: Opt(
      QuoteSide,
      'quote side of the projection curve, and of the benchmark when benchmark_curve_quote_side is omitted',
    ),
    benchmark_curve_role_key: Type.Optional(
      Nullable(
        Type.String({
          minLength: 1,
          maxLength: 64,
          default: 'z_spread_base',
          description: 'curve-selection role of the benchmark',
        }),
      ),
    ),
    benchmark_curve_quote_side: Opt(QuoteSide, 'quote side of the benchmark curve selection'),
    benchmark_curve_uid: Opt(Uid, 'use this curve as the benchmark instead of the selection'),
    benchmark_curve_unique_identifier: Opt(
      Type.String({ minLength: 1, maxLength: 255 }),
      'use the curve with this identifier as the benchmark',
    ),
    benchmark_expected_curve_type: Opt(
      Type.String({ minLength: 1, maxLength: 64 }),
      'the benchmark curve must have this curve_type',
    ),
    use_quantlib: Type.Optional(
      Nullable(Type.Boolean({ default: true, description: 'solve with the QuantLib-exact core (the only engine)' })),
    ),
    tol: Type.Optional(
      Nullable(Type.Number({ exclusiveMinimum: 0, maximum: 1e-2, default: 1e-12, description: 'solver accuracy' })),
    ),
    max_iter: Type.Optional(
      Nullable(Type.Integer({ minimum: 1, maximum: 10_000, default: 200, description: 'maximum solver evaluations' })),
    ),
  }),
  cashflows: params('CashflowsParameters', { ...curveSide, ...includePaid }),
  'net-cashflows': params('NetCashflowsParameters', { ...curveSide, ...includePaid }),
  'carry-roll-down': params('CarryRollDownParameters', {
    horizon_days: Type.Integer({
      minimum: 1,
      maximum: 36_500,
      description: 'horizon in business days of the bond calendar (required)',
    }),
    clean: Type.Optional(Nullable(Type.Boolean({ default: true, description: 'report clean (true) or dirty prices' }))),
    ...flatYield,
    ...curveSide,
  }),
  'curve-preview': params('CurvePreviewParameters', {
    ...flatYield,
    ...curveSide,
    benchmark_curve_quote_side: Opt(QuoteSide, 'quote side of the z-spread benchmark curve reference'),
  }),
  'fixings-availability': params('FixingsAvailabilityParameters', { ...flatYield }),
} as const

export type OperationKey = keyof typeof OPERATION_PARAMETERS
export const OPERATION_KEYS = Object.keys(OPERATION_PARAMETERS) as OperationKey[]

/** An operation's parameters as its request validates them (a null is "not given"). */
export type OperationParameters<K extends OperationKey = OperationKey> = Static<(typeof OPERATION_PARAMETERS)[K]>

type WithoutNulls<T> = { [K in keyof T]: Exclude<T[K], null> }
/**
 * The parameters of a pricing task (src/contracts/pricing.ts): one operation's, or account risk's, validated, with
 * nulls removed (src/pricing/price.ts). Read field by field, as the code shared by the operations reads them (a
 * with_yield, a curve_quote_side): every parameter of any operation, optional.
 */
export type TaskParameters = WithoutNulls<
  UnionFields<OperationParameters | NonNullable<AccountRiskRequest['parameters']>>
>

const titleOf = (schema: TSchema) => (schema as { title?: string }).title ?? ''

const requestFields = {
  valuation_date: DateTime,
  market_data_set: Type.String({
    minLength: 1,
    pattern: '\\S',
    description: 'market-data set key or uid (required by every operation)',
  }),
}

/**
 * AssetPricingOperationRequest with the parameters of one operation, named as the peer names a generic model
 * (`AssetPricingOperationRequest_PriceParameters_`), so each route documents exactly what it accepts.
 */
export function operationRequest(key: OperationKey) {
  const parameters = OPERATION_PARAMETERS[key]
  const name = titleOf(parameters)
  return Type.Object(
    { ...requestFields, parameters: Type.Optional({ ...parameters, default: {} }) },
    {
      additionalProperties: false,
      title: `AssetPricingOperationRequest_${name}_`,
      description: `AssetPricingOperationRequest with the parameters of ${key} (${name}).`,
    },
  )
}

/** The common request of every pricer operation (the spec's request_model); each route narrows `parameters`. */
export const AssetPricingOperationRequest = Type.Object(
  {
    ...requestFields,
    parameters: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        default: {},
        description:
          `operation-specific; unknown parameters are rejected: ` +
          `${Object.values(OPERATION_PARAMETERS).map(titleOf).join(', ')}`,
      }),
    ),
  },
  { additionalProperties: false, title: 'AssetPricingOperationRequest' },
)
export type OperationRequest = Static<ReturnType<typeof operationRequest>>

export const AssetUidParams = Type.Object({ asset_uid: Uid }, { additionalProperties: false })

export { RESPONSES } from '../contracts/pricing-responses.ts'

export const PricingDetailsParams = Type.Object({ uid: Uid }, { additionalProperties: false })

export const OperationDescriptor = Type.Object(
  {
    key: Type.String(),
    label: Type.String(),
    method: Type.Literal('POST'),
    url: Type.String(),
    requires_valuation_date: Type.Boolean(),
    supports_market_data_set: Type.Boolean(),
    requires_market_data_set: Type.Boolean(),
    request_model: Type.String(),
    response_model: Type.String(),
    response_contract: Type.String(),
    app_component: Type.Object(
      { output_root: Type.String(), flat_outputs: Type.Array(Type.String()) },
      { additionalProperties: false },
    ),
    parameters: Type.Array(
      Type.Object({ key: Type.String(), required: Type.Boolean() }, { additionalProperties: false }),
    ),
    response_mappings: Type.Array(JsonObject),
    frame_url: Nullable(Type.String()),
    frame_response_model: Nullable(Type.String()),
    frame_response_contract: Nullable(Type.String()),
  },
  { additionalProperties: false, title: 'OperationDescriptor' },
)
export type OperationDescriptor = Static<typeof OperationDescriptor>

export const PricingSupport = Type.Object(
  {
    supported: Type.Boolean(),
    instrument_type: Type.String(),
    operations: Type.Array(OperationDescriptor),
    reason: Nullable(Type.String()),
  },
  { additionalProperties: false, title: 'PricingSupport' },
)

export const PricingDetailsResponse = Type.Object(
  {
    asset_uid: Type.String(),
    instrument_type: Type.String(),
    instrument_dump: JsonObject,
    pricing_details_date: DateTime,
    serialization_format: Type.String(),
    pricing_package_version: Nullable(Type.String()),
    source: Nullable(Type.String()),
    metadata_json: Nullable(JsonObject),
    pricing_support: PricingSupport,
  },
  { additionalProperties: false, title: 'AssetCurrentPricingDetailsResponse' },
)
