/**
 * Market-data resolution (design §5), strict: anything missing is a 409 that names it (set key, role, index,
 * quote side, date). Never a silent fallback: a floater without a projection selection does not fall back to
 * its discount curve, a missing z-spread benchmark binding does not fall back to the discount curve.
 */
import { conflict } from '../http/errors.ts'
import { decodeCurve, decodeInflationCurve, type CurveNodes } from '../db/curve-payload.ts'
import { contentKey } from './content-key.ts'
import { BoundedCache } from '../caches/bounded-cache.ts'
import { isFloating } from './operations.ts'
import type {
  InflationCurveTask,
  OperationName,
  OptionletVolatilityModel,
  PricingTask,
  ShortRateModel,
  TaskCurveData,
  TaskCurveText,
} from '../contracts/pricing.ts'
import type { FixingSet, PricingContextRow, SelectedCurveRow } from './repository.ts'
import { HULL_WHITE_A, HULL_WHITE_SIGMA, TREE_STEPS } from '../../workers/entry.ts'
import type { TaskParameters } from './schemas.ts'
import { toJsonText } from '../contracts/json-text.ts'

export type CurveRole = 'discount' | 'projection' | 'benchmark'

/** A CPI bond's zero-inflation curve (design §5.1), as its task carries it. */
export interface ResolvedInflationCurve {
  curve_uid: string
  curve_identifier: string
  reference_date: string
  task: InflationCurveTask
}

export interface ResolvedCurve {
  role: CurveRole
  /** the curve-selection role key it was found under (e.g. z_spread_base for the benchmark) */
  selection_role: string
  cache_key: string
  curve_uid: string
  curve_identifier: string
  curve_type: string
  curve_source: string | null
  index_uid: string | null
  quote_side: string | null
  /** observation date = the curve's reference date */
  reference_date: string
  /** calendar days from the observation date to the valuation date (the row's market part is one valuation's) */
  age_days: number
  observation_time: string
  nodes: CurveNodes
  building: Record<string, unknown>
  /** the curve as a task carries it (its data as JSON text), one object per content key (decodedCurves) */
  task: TaskCurveText
}

export interface ResolvedFixings {
  index_uid: string
  index_identifier: string
  convention: Record<string, unknown>
  /** the index's conventions as a task carries them (market-parts.ts, floatingIndexPart) */
  task_indexes: Readonly<PricingTask['indexes']>
  /** the index's fixing set (shared, see repository.ts); null when the node holds none for it */
  fixings: FixingSet | null
}

/** A callable's tree model and where it came from (curve-preview's diagnostics say which). */
export interface ResolvedShortRateModel {
  model: ShortRateModel
  /** the selected parameter; null: none selected, the defaults */
  parameter: { uid: string; identifier: string } | null
}

/** A floater's optionlet volatility and the parameter it came from (curve-preview's diagnostics say which). */
export interface ResolvedOptionletVolatility {
  model: OptionletVolatilityModel
  parameter: { uid: string; identifier: string }
}

export interface ResolvedMarketData {
  curves: Partial<Record<CurveRole, ResolvedCurve>>
  floating: ResolvedFixings | null
  /** callables only */
  short_rate_model?: ResolvedShortRateModel
  /** CPI bonds only */
  inflation_curve?: ResolvedInflationCurve
  /** floaters only; null: none selected (caps and floors at zero volatility) */
  optionlet_volatility?: ResolvedOptionletVolatility | null
}

/** The tree model when a set selects none (design §5.1). */
export const DEFAULT_SHORT_RATE_MODEL: ShortRateModel = Object.freeze({
  model: 'HullWhite',
  a: HULL_WHITE_A,
  sigma: HULL_WHITE_SIGMA,
  tree_steps: TREE_STEPS,
})

const positive = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0

/** A callable's model: the set's selection, checked as stored (a stored row may predate a check), else the defaults. */
function shortRateModel(ctx: PricingContextRow): ResolvedShortRateModel {
  const selected = ctx.short_rate_model
  if (!selected) return { model: DEFAULT_SHORT_RATE_MODEL, parameter: null }
  const { model, a, sigma, tree_steps: steps } = selected.parameters
  if (model !== 'HullWhite' || !positive(a) || !positive(sigma) || !Number.isInteger(steps) || !positive(steps))
    throw conflict(
      `Market parameter '${selected.identifier}' selected as the short-rate model is not a Hull-White model ` +
        `{model: HullWhite, a > 0, sigma > 0, tree_steps a positive integer}.`,
    )
  return {
    model: { model, a, sigma, tree_steps: steps },
    parameter: { uid: selected.uid, identifier: selected.identifier },
  }
}

const nonNegative = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0

/** A floater's optionlet volatility: the set's selection, checked as stored; null: none selected. */
function optionletVolatility(ctx: PricingContextRow): ResolvedOptionletVolatility | null {
  const selected = ctx.optionlet_vol
  if (!selected) return null
  const { type, volatility, shift = 0 } = selected.parameters
  if ((type !== 'Normal' && type !== 'ShiftedLognormal') || !nonNegative(volatility) || !nonNegative(shift))
    throw conflict(
      `Market parameter '${selected.identifier}' selected as the optionlet volatility is not a constant volatility ` +
        '{type: Normal | ShiftedLognormal, volatility >= 0, shift >= 0}.',
    )
  return {
    model: { type, volatility, shift: type === 'ShiftedLognormal' ? shift : 0 },
    parameter: { uid: selected.uid, identifier: selected.identifier },
  }
}

/**
 * A CPI bond's zero-inflation curve: the set's `inflation` selection on its index, the latest observation at or before
 * the valuation date, a `zero_inflation` curve's dated nodes (design §5.1); a 409 naming what is missing.
 */
function inflationCurve(ctx: PricingContextRow, req: ResolveRequest): ResolvedInflationCurve {
  const set = ctx.set_key ?? req.marketDataSet
  const indexUid = String(ctx.dump_floating_index_uid)
  const row = ctx.curves.find((c) => c.role === 'inflation')
  const binding = `binding 'inflation:index:${indexUid}:${req.side}'`
  if (!row || !row.curve_uid)
    throw conflict(`Market-data set '${set}' has no active curve selection for ${binding} (a zero-inflation curve).`)
  if (!ctx.discount_node_uid)
    throw conflict(
      `Market-data set '${set}' has no 'discount_curves' binding, so curve '${row.curve_identifier}' ` +
        'cannot be read.',
    )
  if (!row.time_index || !row.payload)
    throw conflict(
      `Curve '${row.curve_identifier}' (${binding}) has no observation at or before ${req.valuation} ` +
        `in market-data set '${set}'.`,
    )
  // decoded once per row, as a yield curve's resolution is (SelectedCurveRow.resolved): not a gunzip per request
  if (row.inflation) return row.inflation
  const payload = decodeInflationCurve(row.payload)
  if (row.curve_type !== 'zero_inflation' || !payload)
    throw conflict(
      `Curve '${row.curve_identifier}' selected for ${binding} is not a zero-inflation curve ` +
        `(curve_type '${String(row.curve_type)}'): select a curve_type 'zero_inflation' observed as dated rates.`,
    )
  const referenceDate = new Date(row.time_index).toISOString().slice(0, 10)
  row.content_key ??= contentKey(referenceDate, row.payload_hash ?? row.payload)
  return (row.inflation = {
    curve_uid: row.curve_uid,
    curve_identifier: row.curve_identifier ?? '',
    reference_date: referenceDate,
    task: {
      cache_key: row.content_key,
      reference_date: referenceDate,
      lag: payload.lag,
      day_counter: payload.day_counter,
      nodes: payload.nodes,
    },
  })
}

export interface ResolveRequest {
  operation: OperationName
  parameters: TaskParameters
  marketDataSet: string
  side: string
  benchmarkRole: string
  benchmarkSide: string
  /** valuation time, ISO datetime */
  valuation: string
}

/** Which curves an operation prices with (design §5 step 2). */
export function neededCurves(op: OperationName, instrumentType: string, parameters: TaskParameters): CurveRole[] {
  const floating = isFloating(instrumentType)
  const given = (name: keyof TaskParameters) => parameters[name] !== undefined && parameters[name] !== null
  const withYield = given('with_yield')
  const roles: CurveRole[] = []
  if (floating && op !== 'fixings-availability') roles.push('projection')
  switch (op) {
    case 'analytics':
      // a quoted yield prices from the yield, not from a curve
      if (!withYield && !given('quoted_yield')) roles.push('discount')
      break
    case 'price':
    case 'duration':
    case 'carry-roll-down':
    case 'curve-preview':
    case 'risk':
    case 'scenarios':
    case 'pnl-explain':
      if (!withYield) roles.push('discount')
      break
    case 'yield':
      if (!given('override_clean_price')) roles.push('discount')
      break
    case 'z-spread':
      roles.push('benchmark')
      break
    default:
      break
  }
  return roles
}

/**
 * A decoded observation and its task text, written once per content key: the tasks of a message share the text
 * object (structured clone writes a repeated object as a back-reference) and no request writes it again.
 */
export interface DecodedCurve {
  nodes: CurveNodes
  task: TaskCurveText
}

/**
 * Decoded observations, shared by every context that selects them (keyed by content; bounded by
 * PRICING_CURVE_CACHE_SIZE).
 */
export const decodedCurves = new BoundedCache<DecodedCurve>(2048)

function decodedCurve(
  cacheKey: string,
  referenceDate: string,
  payload: string,
  building: Record<string, unknown>,
): DecodedCurve {
  const nodes = decodeCurve(payload)
  const data: TaskCurveData = { reference_date: referenceDate, nodes, building: building as TaskCurveData['building'] }
  return { nodes, task: { cache_key: cacheKey, data: toJsonText(data) } }
}

export function resolveCurveRow(
  row: SelectedCurveRow | undefined,
  role: CurveRole,
  ctx: PricingContextRow,
  req: ResolveRequest,
  describe: () => string,
): ResolvedCurve {
  const set = ctx.set_key ?? req.marketDataSet
  if (!row || !row.curve_uid) {
    throw conflict(`Market-data set '${set}' has no active curve selection for ${describe()}.`)
  }
  if (!row.building)
    throw conflict(`Curve '${row.curve_identifier}' selected for ${describe()} has no curve building details.`)
  if (!ctx.discount_node_uid)
    throw conflict(
      `Market-data set '${set}' has no 'discount_curves' binding, so curve '${row.curve_identifier}' cannot be read.`,
    )
  if (!row.time_index || !row.payload) {
    throw conflict(
      `Curve '${row.curve_identifier}' (${describe()}) has no observation at or before ${req.valuation} in ` +
        `market-data set '${set}'.`,
    )
  }
  const known = row.resolved?.[role]
  if (known) return fresh(known, ctx, req, set, describe)
  const observation = new Date(row.time_index).toISOString()
  const referenceDate = observation.slice(0, 10)
  // every input of the worker's curve (reference date, nodes, building details): a changed one is a new key
  row.content_key ??= contentKey(referenceDate, row.payload_hash ?? row.payload, row.building)
  const cacheKey = row.content_key
  const decoded = decodedCurves.getOrSet(cacheKey, () =>
    decodedCurve(cacheKey, referenceDate, row.payload!, row.building!),
  )
  const curve: ResolvedCurve = {
    role,
    selection_role: row.role,
    cache_key: cacheKey,
    curve_uid: row.curve_uid,
    curve_identifier: row.curve_identifier ?? '',
    curve_type: row.curve_type ?? '',
    curve_source: row.curve_source ?? row.selection_source,
    index_uid: row.index_uid,
    quote_side: row.binding_key ? row.binding_key.slice(row.binding_key.lastIndexOf(':') + 1) : null,
    reference_date: referenceDate,
    age_days: Math.floor((Date.parse(req.valuation) - Date.parse(referenceDate)) / 86_400_000),
    observation_time: observation,
    nodes: decoded.nodes,
    building: row.building,
    task: decoded.task,
  }
  ;(row.resolved ??= {})[role] = curve
  return fresh(curve, ctx, req, set, describe)
}

/**
 * A curve whose observation is older than the set's max_curve_age_days is refused (design §6.1): a valuation
 * date after the latest observation would otherwise price on that old curve as if it were today's.
 */
function fresh(
  curve: ResolvedCurve,
  ctx: PricingContextRow,
  req: ResolveRequest,
  set: string,
  describe: () => string,
): ResolvedCurve {
  const bound = ctx.max_curve_age_days
  if (bound === null || bound === undefined || curve.age_days <= bound) return curve
  throw conflict(
    `Curve '${curve.curve_identifier}' (${describe()}) was last observed on ${curve.reference_date}, ` +
      `${curve.age_days} days before the valuation date ${req.valuation.slice(0, 10)}; market-data set '${set}' ` +
      `prices with observations up to ${bound} days old (max_curve_age_days). Publish an observation of the curve ` +
      `at or before the valuation date, or raise (or null) the set's max_curve_age_days.`,
  )
}

/** Resolves every curve and fixing the operation needs, or throws a 409 naming the first missing piece. */
export function resolveMarketData(
  ctx: PricingContextRow,
  req: ResolveRequest,
  benchmark?: SelectedCurveRow,
): ResolvedMarketData {
  const type = ctx.instrument_type ?? ''
  const set = ctx.set_key ?? req.marketDataSet
  const result: ResolvedMarketData = { curves: {}, floating: null }
  for (const role of neededCurves(req.operation, type, req.parameters)) {
    if (role === 'benchmark') {
      const indexUid = ctx.dump_benchmark_index_uid as string | undefined
      if (!benchmark && !indexUid) {
        throw conflict(
          `The instrument stores no benchmark_rate_index_uid, so no '${req.benchmarkRole}' benchmark curve can be ` +
            `selected (pass benchmark_curve_uid or benchmark_curve_unique_identifier).`,
        )
      }
      const row = benchmark ?? ctx.curves.find((c) => c.role === req.benchmarkRole)
      // what a 409 says of the selection: written only when one is thrown (a template per request cost ~0.5 µs)
      const describe = () =>
        benchmark
          ? `benchmark curve '${benchmark.curve_identifier}'`
          : `binding '${req.benchmarkRole}:index:${indexUid}:${req.benchmarkSide}' (role ${req.benchmarkRole}, index ` +
            `${indexUid}, quote side ${req.benchmarkSide})`
      const curve = resolveCurveRow(row, role, ctx, req, describe)
      const expected = req.parameters.benchmark_expected_curve_type
      if (typeof expected === 'string' && curve.curve_type !== expected) {
        throw conflict(
          `Benchmark curve '${curve.curve_identifier}' has curve_type '${curve.curve_type}', expected '${expected}'.`,
        )
      }
      result.curves.benchmark = curve
      continue
    }
    const floatingIndex = role === 'projection' || isFloating(type)
    const indexUid = (floatingIndex ? ctx.dump_floating_index_uid : ctx.dump_benchmark_index_uid) as string | undefined
    if (!indexUid) {
      const indexField = floatingIndex ? 'floating_rate_index_uid' : 'benchmark_rate_index_uid'
      throw conflict(
        `The instrument stores no ${indexField}, so no '${role}' curve can be ` +
          `selected${role === 'discount' ? ' (pass parameters.with_yield to price on a flat yield)' : ''}.`,
      )
    }
    const describe = () =>
      `binding '${role}:index:${indexUid}:${req.side}' (role ${role}, index ${indexUid}, quote side ${req.side})`
    result.curves[role] = resolveCurveRow(
      ctx.curves.find((c) => c.role === role),
      role,
      ctx,
      req,
      describe,
    )
  }
  const cpi = type === 'CPIBond'
  // fixings availability too: a forecast CPI needs the curve's base month published
  if (cpi) result.inflation_curve = inflationCurve(ctx, req)
  if (isFloating(type) || cpi) {
    if (!ctx.floating_index)
      throw conflict(
        `${cpi ? 'Inflation' : 'Floating-rate'} index '${String(ctx.dump_floating_index_uid)}' does not exist.`,
      )
    if (!ctx.floating_index.convention)
      throw conflict(
        `Index '${ctx.floating_index.identifier}' has no convention details (tenor, fixing days, calendar, day count).`,
      )
    if (!ctx.fixing_node_uid)
      throw conflict(
        `Market-data set '${set}' has no 'fixing_rates' binding, so fixings of '${ctx.floating_index.identifier}' ` +
          `cannot be read.`,
      )
    if (ctx.fixings?.invalid)
      throw conflict(
        `Fixings of '${ctx.floating_index.identifier}' in market-data set '${set}' cannot be read: ` +
          `${ctx.fixings.invalid}.`,
      )
    result.floating = {
      index_uid: ctx.floating_index.uid,
      index_identifier: ctx.floating_index.identifier,
      convention: ctx.floating_index.convention,
      task_indexes: ctx.floating_index.task_indexes,
      fixings: ctx.fixings,
    }
    if (!cpi) result.optionlet_volatility = optionletVolatility(ctx)
  }
  if (type === 'CallableFixedRateBond') result.short_rate_model = shortRateModel(ctx)
  return result
}
