/**
 * The pricer's explicit operation registry: the only operations that can run. Discovery (`pricing_support`),
 * the routes and the connection contract are all generated from this table, so every advertised operation
 * has its route and nothing is invented.
 */
import { TABULAR_FRAME_CONTRACT } from '../contracts/tabular-frame.ts'
import { INSTRUMENT_TYPES, isFloatingType, type InstrumentType } from '../contracts/pricing.ts'
import { OPERATION_PARAMETERS, type OperationKey } from './schemas.ts'

export const SUPPORTED_INSTRUMENT_TYPES = INSTRUMENT_TYPES
export type SupportedInstrumentType = InstrumentType

const CANONICAL_TYPES: ReadonlyMap<string, SupportedInstrumentType> = new Map(
  SUPPORTED_INSTRUMENT_TYPES.map((t) => [t, t]),
)

export const isSupportedInstrumentType = (type: string): type is SupportedInstrumentType => CANONICAL_TYPES.has(type)

/**
 * The registry's own string for a supported type read from a row (any other text as it is). The code compares a
 * bond's type with these literals many times per request: V8 compares two internalized strings by pointer, but a
 * string from a row character by character, every time, where one asset repeated compares one object with itself.
 */
export const canonicalInstrumentType = (type: string | null): string | null =>
  type === null ? null : (CANONICAL_TYPES.get(type) ?? type)

export const isFloating = isFloatingType

export interface FrameSpec {
  operationId: string
  label: string
  /** the provider-native field holding the rows */
  rows: 'legs' | 'cashflows'
}

export interface PricerOperation {
  key: OperationKey
  label: string
  summary: string
  description: string
  operationId: string
  responseModel: string
  /** where a UI component finds the outputs: the whole response (`response:$`), as the peer */
  outputRoot: string
  /** dotted paths from that root (`analytics.clean_price`) */
  flatOutputs: string[]
  responseMappings: Record<string, unknown>[]
  frame?: FrameSpec
}

const mapping = (id: string, rowsPath: string, fieldTypes: Record<string, string>) => ({
  id,
  contract: TABULAR_FRAME_CONTRACT,
  statusCode: '200',
  contentType: 'application/json',
  rowsPath,
  fieldTypes,
})

export const PRICER_OPERATIONS: readonly PricerOperation[] = [
  {
    key: 'price',
    label: 'Price',
    operationId: 'priceFixedIncomeAsset',
    responseModel: 'BondPriceResponse',
    summary: 'Price a fixed-income asset',
    description: 'NPV in currency at the discount curve reference date, with the selected market-data set.',
    outputRoot: 'response:$',
    flatOutputs: ['price', 'units'],
    responseMappings: [],
  },
  {
    key: 'analytics',
    label: 'Analytics',
    operationId: 'getFixedIncomeAssetAnalytics',
    responseModel: 'BondAnalyticsResponse',
    summary: 'Bond analytics',
    description:
      'Clean and dirty price and accrued amount per 100 at settlement, with yield, durations, convexity and BPV (the ' +
      "yield in yield_compounding, yield_frequency and yield_day_count, default the bond's), from the model " +
      "price; with quoted_yield, all of them from that yield by QuantLib's BondFunctions (a callable's durations " +
      'then by the straight-bond formulas). A callable adds yield_to_worst, workout_date and yields_to_call ' +
      '(each call date after settlement and the maturity, at the clean price).',
    outputRoot: 'response:$',
    flatOutputs: ['analytics.clean_price', 'analytics.dirty_price', 'analytics.accrued_amount'],
    responseMappings: [],
  },
  {
    key: 'duration',
    label: 'Duration',
    operationId: 'getFixedIncomeAssetDuration',
    responseModel: 'BondDurationResponse',
    summary: 'Bond duration',
    description: 'Simple, Macaulay or Modified duration at the yield of the model price.',
    outputRoot: 'response:$',
    flatOutputs: ['duration_type', 'duration'],
    responseMappings: [],
  },
  {
    key: 'yield',
    label: 'Yield',
    operationId: 'getFixedIncomeAssetYield',
    responseModel: 'BondYieldResponse',
    summary: 'Bond yield',
    description:
      'Yield of the model clean price, or of override_clean_price, in yield_compounding, yield_frequency and ' +
      "yield_day_count (default: compounded at the coupon frequency, the bond's day count). A callable adds " +
      'yield_to_worst, workout_date and yields_to_call: the yield of the bond redeemed at each call date after ' +
      'settlement at its call price, and at maturity.',
    outputRoot: 'response:$',
    flatOutputs: ['yield'],
    responseMappings: [],
  },
  {
    key: 'z-spread',
    label: 'Z-spread',
    operationId: 'getFixedIncomeAssetZSpread',
    responseModel: 'BondZSpreadResponse',
    summary: 'Bond z-spread',
    description: 'Continuous spread over the benchmark curve that reprices the position to target_dirty_ccy.',
    outputRoot: 'response:$',
    flatOutputs: ['target_dirty_ccy', 'z_spread', 'units'],
    responseMappings: [],
  },
  {
    key: 'cashflows',
    label: 'Cashflows',
    operationId: 'getFixedIncomeAssetCashflows',
    responseModel: 'BondCashflowsResponse',
    summary: 'Bond cashflows by leg',
    description:
      'The cash flows not yet paid at the valuation date (a flow paid on it is not listed), grouped by leg (fixed, ' +
      'floating, amortization, redemption); include_paid adds the paid ones. Floating rows carry payment_date, ' +
      'fixing_date, rate, spread and amount.',
    outputRoot: 'response:$',
    flatOutputs: ['legs.fixed', 'legs.floating', 'legs.amortization', 'legs.redemption'],
    responseMappings: [
      mapping('cashflow_rows_by_leg', '$.legs.*[*]', { payment_date: 'date', amount: 'number', rate: 'number' }),
    ],
    frame: { operationId: 'getFixedIncomeAssetCashflowsFrame', label: 'Fixed income cashflows', rows: 'legs' },
  },
  {
    key: 'net-cashflows',
    label: 'Net cashflows',
    operationId: 'getFixedIncomeAssetNetCashflows',
    responseModel: 'BondNetCashflowsResponse',
    summary: 'Bond net cashflows',
    description:
      'The cash flows not yet paid at the valuation date (include_paid adds the paid ones), netted by payment date.',
    outputRoot: 'response:$',
    flatOutputs: ['cashflows'],
    responseMappings: [mapping('net_cashflows', '$.cashflows', { payment_date: 'date', net_cashflow: 'number' })],
    frame: {
      operationId: 'getFixedIncomeAssetNetCashflowsFrame',
      label: 'Fixed income net cashflows',
      rows: 'cashflows',
    },
  },
  {
    key: 'carry-roll-down',
    label: 'Carry and roll-down',
    operationId: 'getFixedIncomeAssetCarryRollDown',
    responseModel: 'BondCarryRollDownResponse',
    summary: 'Bond carry and roll-down',
    description:
      'Prices the instrument, then carry and roll-down over horizon_days business days of the bond calendar: p1 on ' +
      "today's curve seen from the horizon (forwards unchanged; callables on the same Hull-White tree) and at " +
      "today's yield, every price figure per 100 of the notional at today's settlement, coupons_between_ccy in " +
      'currency. Extra keys give the constant-tenor (rolled-curve) roll-down; clean adds the clean figures.',
    outputRoot: 'response:$',
    flatOutputs: [
      'horizon_days',
      ...[
        'p0_dirty_per100',
        'p0_clean_per100',
        'p1_dirty_per100_unchanged_curve',
        'p1_dirty_per100_const_yield',
        'cr_dirty',
        'carry_const_dirty',
        'roll_down_dirty',
        'coupons_between_ccy',
        'cr_plus_coupons_dirty',
      ].map((k) => `metrics.${k}`),
    ],
    responseMappings: [],
  },
  {
    key: 'curve-preview',
    label: 'Curve preview',
    operationId: 'previewFixedIncomeAssetCurve',
    responseModel: 'BondCurvePreviewResponse',
    summary: 'Curves behind a price',
    description:
      'Prices the instrument and returns references to the curves it used (never their nodes) and the pricing engine.',
    outputRoot: 'response:$',
    flatOutputs: ['curves', 'diagnostics.pricing_engine_id'],
    responseMappings: [],
  },
  {
    key: 'fixings-availability',
    label: 'Fixings availability',
    operationId: 'checkFixedIncomeAssetFixingsAvailability',
    responseModel: 'BondFixingsAvailabilityResponse',
    summary: 'Fixings coverage',
    description:
      'Per-index coverage of the fixings pricing needs: those of coupons not yet paid that fixed before the ' +
      'valuation date, within a window from the earlier of their first fixing and valuation date − 365 days to ' +
      'the valuation date (a CPI bond: the published CPI months its unpaid flows read); not_required (no rows) for ' +
      'fixed-rate instruments.',
    outputRoot: 'response:$',
    flatOutputs: ['status', 'fixings'],
    responseMappings: [],
  },
]

/** `{key, required}` of an operation's parameters, sorted by key (discovery). */
export function parameterList(key: OperationKey): { key: string; required: boolean }[] {
  const schema = OPERATION_PARAMETERS[key]
  const required = new Set<string>(schema.required ?? [])
  return Object.keys(schema.properties)
    .sort()
    .map((k) => ({ key: k, required: required.has(k) }))
}
