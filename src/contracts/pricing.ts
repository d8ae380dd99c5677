/**
 * The pricing task: everything one operation needs, as plain JSON, so the worker does no I/O (design §1, §5).
 * The main thread resolves the market data strictly (409 on anything missing) and the worker prices.
 * Results are in the response field names of the spec, without the envelope the main thread adds
 * (asset_uid, instrument_type, operation, valuation_date, market_data_set).
 */
import { Type, type Static } from 'typebox'
import { INSTRUMENT_TYPES, type InstrumentTerms, type InstrumentType } from './instrument-terms.ts'
import type { JsonText } from './json-text.ts'
import type { TaskParameters } from '../pricing/schemas.ts'

/** What a worker builds a curve from: its reference date, nodes and building details. */
export const TaskCurveData = Type.Object(
  {
    /** the curve's reference date = its observation date (YYYY-MM-DD) */
    reference_date: Type.String(),
    nodes: Type.Object({ days_to_maturity: Type.Array(Type.Integer()), zero: Type.Array(Type.Number()) }),
    building: Type.Object({
      quote_convention: Type.Optional(Type.String()),
      rate_unit: Type.Optional(Type.String()),
      compounding: Type.String(),
      frequency: Type.String(),
      day_counter: Type.String(),
      calendar: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
      interpolation_method: Type.String(),
      extrapolation: Type.Optional(Type.Boolean()),
    }),
  },
  { additionalProperties: false },
)
export type TaskCurveData = Static<typeof TaskCurveData>

/** A curve of a task as data (tasks made in process: tests, benchmarks). */
export const TaskCurve = Type.Object(
  {
    /** content key of reference date, nodes and building details (src/pricing/content-key.ts): workers cache by it */
    cache_key: Type.String(),
    curve_uid: Type.String(),
    curve_identifier: Type.String(),
    ...TaskCurveData.properties,
  },
  { additionalProperties: false },
)
export type TaskCurve = Static<typeof TaskCurve>

/**
 * A curve of a task as the main thread sends it: its content key and its data as JSON text. Structured clone walks
 * an object's every field and number (~3.3 µs per curve of 14 nodes, each way included) where it copies a string as
 * one block (~0.1 µs), and a worker parses the text only when it builds the curve (its curves are cached by key).
 */
export const TaskCurveText = Type.Object(
  {
    cache_key: Type.String(),
    /** TaskCurveData as JSON text */
    data: Type.Unsafe<JsonText<TaskCurveData>>(Type.String({ description: 'TaskCurveData as JSON text' })),
  },
  { additionalProperties: false },
)
export type TaskCurveText = Static<typeof TaskCurveText>

const TaskCurveOf = Type.Union([TaskCurve, TaskCurveText])

export const IndexConventions = Type.Object(
  {
    identifier: Type.String(),
    /** tenor, fixing days, calendar and day count: required of an Ibor or overnight index */
    tenor: Type.Optional(Type.String()),
    fixing_days: Type.Optional(Type.Integer()),
    calendar: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    day_count: Type.Optional(Type.String()),
    /** required of an Ibor index; an overnight index's default Following */
    business_day_convention: Type.Optional(Type.String()),
    /** required of an Ibor index; an overnight index's default false */
    end_of_month: Type.Optional(Type.Boolean()),
    currency: Type.String(),
    /** ibor (default), overnight or inflation (design §4.2) */
    index_kind: Type.Optional(Type.Enum(['ibor', 'overnight', 'inflation'])),
    /** an inflation index's: the CPI's region, Monthly, the lag of its publication, QuantLib's flags */
    region: Type.Optional(Type.String()),
    frequency: Type.Optional(Type.String()),
    availability_lag: Type.Optional(Type.String()),
    revised: Type.Optional(Type.Boolean()),
    interpolated: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type IndexConventions = Static<typeof IndexConventions>

/**
 * A fixing history by reference: the main thread converts each fixing set once into a SharedArrayBuffer (see
 * workers/operations/fixing-set.ts for its layout: rates as Float64, then date serials as Int32) that every task
 * on it shares; structured clone to a worker passes the buffer, not a copy. Workers build its history Map once
 * per `key`, the content key of the dates and rates (PostgreSQL's md5 of them).
 */
export const TaskFixings = Type.Object(
  {
    key: Type.String(),
    buffer: Type.Unsafe<SharedArrayBuffer>({
      description: 'SharedArrayBuffer: n Float64 rates, then n Int32 date serials, ascending dates',
    }),
  },
  { additionalProperties: false },
)
export type TaskFixings = Static<typeof TaskFixings>

/**
 * The bond classes the pricer prices (QuantLib 1.29's names; their terms' schemas in instrument-terms.ts, whose keys
 * are the one list of types the routes, discovery, the loader and the workers read), and the engine each is valued
 * with.
 */
export { INSTRUMENT_TYPES, type InstrumentType }

export const PRICING_ENGINES: Readonly<Record<InstrumentType, string>> = Object.freeze({
  FixedRateBond: 'DiscountingBondEngine',
  CallableFixedRateBond: 'TreeCallableFixedRateBondEngine',
  AmortizingFixedRateBond: 'DiscountingBondEngine',
  ZeroCouponBond: 'DiscountingBondEngine',
  FloatingRateBond: 'DiscountingBondEngine',
  AmortizingFloatingRateBond: 'DiscountingBondEngine',
  CPIBond: 'DiscountingBondEngine',
})

/** Whether a type is a floater (Ibor coupons on an index: its instruments depend on the date, fixings and curve). */
export const isFloatingType = (type: string): boolean =>
  type === 'FloatingRateBond' || type === 'AmortizingFloatingRateBond'

/**
 * What a pricing worker replies for a task (workers/pool-dispatch.ts): data, never a thrown domain error (errors do not
 * keep their type across threads). `market_data`: the stored market data cannot price this instrument (missing fixing,
 * curve too short, ...); `terms`: the stored terms cannot be priced; `parameters`: a request parameter is invalid;
 * `convergence`: a solver did not converge within the requested accuracy/iterations; `unsupported`: no such type or
 * operation.
 */
export type WorkerErrorKind = 'market_data' | 'terms' | 'parameters' | 'convergence' | 'unsupported'
export type TaskReply<R = Record<string, unknown>> =
  { ok: true; result: R } | { ok: false; error: { kind: WorkerErrorKind; message: string; field?: string } }
/** What the main thread receives: a task's reply, its result serialized when the task asks for that (`reply_json`). */
export type WorkerReply<R = Record<string, unknown>> = TaskReply<R> | { ok: true; json: string }

/** The tenors of key-rate durations when a request names none. */
export const KEY_RATE_TENORS = ['3M', '6M', '1Y', '2Y', '3Y', '5Y', '7Y', '10Y', '15Y', '20Y', '30Y'] as const

/**
 * The ten pricer operations, `risk` (NPV, DV01 and key-rate durations at once: account risk) and `prewarm` (rebuild
 * and cache the instrument, answer nothing: the start-up warm-up of src/plugins/pricing-cache.ts).
 */
export const OperationName = Type.Enum([
  'price',
  'analytics',
  'duration',
  'yield',
  'z-spread',
  'cashflows',
  'net-cashflows',
  'carry-roll-down',
  'curve-preview',
  'fixings-availability',
  'risk',
  'scenarios',
  'pnl-explain',
  'prewarm',
])
export type OperationName = Static<typeof OperationName>

/**
 * The Hull-White model of a callable's trinomial tree (design §5.1): the set's `short_rate_model` selection on the
 * bond's discount index, else the defaults (a 0.03, sigma 0.01, 40 steps).
 */
export const ShortRateModel = Type.Object(
  {
    model: Type.Literal('HullWhite'),
    a: Type.Number({ exclusiveMinimum: 0 }),
    sigma: Type.Number({ exclusiveMinimum: 0 }),
    tree_steps: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
)
export type ShortRateModel = Static<typeof ShortRateModel>

/**
 * A constant optionlet volatility for an Ibor floater's capped, floored and in-arrears coupons (design §5.1): the
 * set's `optionlet_vol` selection on the floating index. `volatility` is in rate units for Normal, lognormal for
 * ShiftedLognormal (whose forward and strikes are displaced by `shift`).
 */
export const OptionletVolatilityModel = Type.Object(
  {
    type: Type.Enum(['Normal', 'ShiftedLognormal']),
    volatility: Type.Number({ minimum: 0 }),
    shift: Type.Number({ minimum: 0 }),
  },
  { additionalProperties: false },
)
export type OptionletVolatilityModel = Static<typeof OptionletVolatilityModel>

/** A zero-inflation curve observation (design §5.1), under the content key its worker caches it by. */
export const InflationCurveTask = Type.Object(
  {
    cache_key: Type.String(),
    reference_date: Type.String(),
    lag: Type.String(),
    day_counter: Type.String(),
    nodes: Type.Array(Type.Object({ date: Type.String(), rate: Type.Number() }, { additionalProperties: false })),
  },
  { additionalProperties: false },
)
export type InflationCurveTask = Static<typeof InflationCurveTask>

/**
 * One curve's shock in a scenario (src/risk/scenarios.ts): `spread`, a continuous zero spread over the curve (one
 * spread without tenors: parallel; else linear between the tenors' times, flat beyond, as key-rate risk bumps);
 * `nodes`, a change of each stored zero rate of the curve (a historical scenario), the curve rebuilt from its nodes.
 */
export const TaskCurveShock = Type.Union([
  Type.Object(
    { kind: Type.Literal('spread'), tenors: Type.Array(Type.String()), spreads: Type.Array(Type.Number()) },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      kind: Type.Literal('nodes'),
      shifts: Type.Array(Type.Number()),
      /** the content key of the shifts: a worker builds a curve under the same shifts once (scenarioCurves) */
      key: Type.Optional(Type.String()),
    },
    { additionalProperties: false },
  ),
])
export type TaskCurveShock = Static<typeof TaskCurveShock>

/** What one scenario does to one item's market data: shocks per curve role, absolute changes of its models. */
export const TaskScenario = Type.Object(
  {
    discount: Type.Optional(Type.Array(TaskCurveShock)),
    projection: Type.Optional(Type.Array(TaskCurveShock)),
    inflation: Type.Optional(Type.Array(TaskCurveShock)),
    /** absolute change of a floater's optionlet volatility (in its own units) */
    optionlet_vol: Type.Optional(Type.Number()),
    /** absolute changes of a callable's Hull-White parameters */
    short_rate_model: Type.Optional(
      Type.Object(
        { a: Type.Optional(Type.Number()), sigma: Type.Optional(Type.Number()) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
)
export type TaskScenario = Static<typeof TaskScenario>

export const PricingTask = Type.Object(
  {
    operation: OperationName,
    /**
     * content key of everything the rebuild reads (type, terms, index conventions, fixings; for a floater the valuation
     * date and projection curve): workers cache by it
     */
    instrument_key: Type.Optional(Type.String()),
    /**
     * a floater's instrument key without its fixings, valuation date and projection curve: what its plan (schedule,
     * fixing and accrual dates, day counts) depends on, cached by it so a new curve or day re-forecasts the plan
     */
    plan_key: Type.Optional(Type.String()),
    /**
     * priced away from the thread its instrument key belongs to: read that thread's instrument cache, do not fill it
     */
    guest: Type.Optional(Type.Boolean()),
    asset_uid: Type.String(),
    instrument_type: Type.String(),
    /**
     * the stored instrument_dump (design §4), or its JSON text (what the main thread sends: cloned as one string,
     * parsed by a worker only when it rebuilds the instrument: taskTerms in workers/operations/valuation.ts)
     */
    // typed, not checked: instrument-terms.ts imports the workers, whose contract this is (a value import would cycle)
    terms: Type.Union([
      Type.Unsafe<InstrumentTerms>(Type.Record(Type.String(), Type.Unknown())),
      Type.Unsafe<JsonText<InstrumentTerms>>(Type.String({ description: 'InstrumentTerms as JSON text' })),
    ]),
    /** set by the main thread from the parsed terms: whether the task runs on the heavy lane (src/pricing/cost.ts) */
    heavy: Type.Optional(Type.Boolean()),
    /** UTC date of the request's valuation_date (YYYY-MM-DD): the evaluation date */
    valuation_date: Type.String(),
    curves: Type.Object({
      discount: Type.Optional(TaskCurveOf),
      projection: Type.Optional(TaskCurveOf),
      benchmark: Type.Optional(TaskCurveOf),
    }),
    /** a callable's tree model (absent for other classes) */
    short_rate_model: Type.Optional(ShortRateModel),
    /** a CPI bond's zero-inflation curve: the set's `inflation` selection on its index (design §5.1) */
    inflation_curve: Type.Optional(InflationCurveTask),
    /** an Ibor floater's optionlet volatility (absent: zero volatility) */
    optionlet_volatility: Type.Optional(OptionletVolatilityModel),
    /** conventions of the indexes the terms reference, by index uid */
    indexes: Type.Record(Type.String(), IndexConventions),
    /** fixing history by index identifier, shared by reference (see TaskFixings) */
    fixings: Type.Record(Type.String(), TaskFixings),
    /**
     * validated operation parameters with nulls removed: the parameters of the operation's request schema
     * (OPERATION_PARAMETERS in src/pricing/schemas.ts; account risk's for `risk`, none for `prewarm`)
     */
    parameters: Type.Unsafe<TaskParameters>(Type.Record(Type.String(), Type.Unknown())),
    /**
     * answer the result as JSON text, serialized by its response model's result part
     * (src/contracts/pricing-responses.ts), for a route that answers the result as it is: formatting numbers costs the
     * thread that does it, and a book of distinct bonds has few repeated ones (V8 caches the strings of numbers it
     * formatted)
     */
    reply_json: Type.Optional(Type.Boolean()),
    /** `scenarios`: the NPV under each of these (src/risk/scenarios.ts) */
    scenarios: Type.Optional(Type.Array(TaskScenario)),
    /** `pnl-explain`: the task of the same asset at the earlier date (a PricingTask; src/risk/pnl-explain.ts) */
    explain_from: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: false },
)
export type PricingTask = Static<typeof PricingTask>
