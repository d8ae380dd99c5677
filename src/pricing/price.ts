/**
 * One pricer operation for one asset, in the order the spec fixes: the request's market-data choices, the asset's
 * pricing context (loaded by the caller: one per single request, thousands per batch), the instrument type and
 * set checks, market-data resolution, the worker, and the declared result. Single routes and batch routes share
 * it, so a batch item answers exactly what the single route answers.
 */
import type { FastifyInstance } from 'fastify'
import { badRequest, conflict } from '../http/errors.ts'
import { runOnPool, runOnPoolJson } from './dispatch.ts'
import { resolveMarketData, type ResolvedCurve, type ResolvedMarketData } from './market-data.ts'
import { isFloating, isSupportedInstrumentType, type PricerOperation } from './operations.ts'
import {
  loadExplicitCurve,
  type PricingContextQuery,
  type PricingContextRow,
  type SelectedCurveRow,
} from './repository.ts'
import type { OperationRequest, TaskParameters } from './schemas.ts'
import { buildTask } from './task.ts'
import type { PricingTask } from '../contracts/pricing.ts'

type Row = Record<string, unknown>

/** Null-valued parameters mean "not given" (as the peer drops them): what the task carries. */
const dropNulls = (p: OperationRequest['parameters']): TaskParameters =>
  Object.fromEntries(Object.entries(p ?? {}).filter(([, v]) => v !== null && v !== undefined))

/** What a request asks, with its defaults applied: the same for every asset of a batch. */
export interface PricingRequest {
  /** a registered operation, or the internal `risk` of account risk and `scenarios` of the risk routes */
  op: Pick<PricerOperation, 'key'> | { key: 'risk' | 'scenarios' | 'pnl-explain' }
  /** UTC ISO, normalized by validation (src/http/ajv.ts) */
  valuation: string
  marketDataSet: string
  parameters: TaskParameters
  side: string
  benchmarkRole: string
  benchmarkSide: string
  /** completes an asset's task from its context and market data (a scenario's shocks, src/risk/scenarios.ts) */
  extendTask?: (task: PricingTask, ctx: PricingContextRow, md: ResolvedMarketData) => void
}

export function pricingRequest(
  op: PricingRequest['op'],
  body: Pick<OperationRequest, 'valuation_date' | 'market_data_set' | 'parameters'>,
): PricingRequest {
  const parameters = dropNulls(body.parameters)
  const side = parameters.curve_quote_side ?? 'mid'
  return {
    op,
    valuation: body.valuation_date,
    marketDataSet: body.market_data_set,
    parameters,
    side,
    benchmarkRole: parameters.benchmark_curve_role_key ?? 'z_spread_base',
    benchmarkSide: parameters.benchmark_curve_quote_side ?? side,
  }
}

export const contextQuery = (req: PricingRequest, assetUid: string): PricingContextQuery => ({
  assetUid,
  marketDataSet: req.marketDataSet,
  valuation: req.valuation,
  side: req.side,
  benchmarkRole: req.benchmarkRole,
  benchmarkSide: req.benchmarkSide,
})

export interface Priced {
  envelope: {
    asset_uid: string
    instrument_type: string
    operation: string
    valuation_date: string
    market_data_set: string
  }
  result: Row
}

/** The explicit z-spread benchmark of a request (undefined when it names none), loaded once per discount node. */
export type BenchmarkLoader = (ctx: PricingContextRow) => Promise<SelectedCurveRow | undefined>

export function benchmarkLoader(app: FastifyInstance, req: PricingRequest): BenchmarkLoader {
  const explicit = req.parameters.benchmark_curve_uid ?? req.parameters.benchmark_curve_unique_identifier
  if (req.op.key !== 'z-spread' || explicit === undefined) return async () => undefined
  const loaded = new Map<string | null, Promise<SelectedCurveRow | undefined>>()
  return (ctx) => {
    let curve = loaded.get(ctx.discount_node_uid)
    if (!curve) {
      curve = loadExplicitCurve(app.sql, {
        curve: explicit,
        byUid: req.parameters.benchmark_curve_uid !== undefined,
        discountNode: ctx.discount_node_uid,
        valuation: req.valuation,
      })
      loaded.set(ctx.discount_node_uid, curve)
    }
    return curve.then((row) => {
      if (!row) throw conflict(`Benchmark curve '${explicit}' does not exist.`)
      return row
    })
  }
}

/**
 * A single route's answer whose result the pricing thread serialized (runOnPoolJson): see src/pricing/response-json.ts.
 */
export interface PricedJson {
  envelope: Priced['envelope']
  json: string
}

type Prepared = { envelope: Priced['envelope'] } & ({ answer: Row } | { task: PricingTask; md: ResolvedMarketData })

/** The request's checks, market data and task; or its answer, when it needs no pricing. */
async function prepare(req: PricingRequest, ctx: PricingContextRow, benchmark: BenchmarkLoader): Promise<Prepared> {
  const { op, valuation, marketDataSet, parameters } = req
  const type = ctx.instrument_type ?? ''
  const envelope = {
    asset_uid: ctx.asset_uid,
    instrument_type: type,
    operation: op.key,
    valuation_date: valuation,
    market_data_set: marketDataSet,
  }
  if (!isSupportedInstrumentType(type)) {
    throw badRequest(
      `Operation '${op.key}' is not supported for instrument type '${type}': it is not registered for the fixed ` +
        `income pricer API.`,
    )
  }
  if (!ctx.set_uid) throw conflict(`Pricing market-data set '${marketDataSet}' was not found.`)
  if (op.key === 'fixings-availability' && !isFloating(type) && type !== 'CPIBond')
    return { envelope, answer: { status: 'not_required', fixings: [] } }
  const md = resolveMarketData(
    ctx,
    {
      operation: op.key,
      parameters,
      marketDataSet,
      side: req.side,
      benchmarkRole: req.benchmarkRole,
      benchmarkSide: req.benchmarkSide,
      valuation,
    },
    await benchmark(ctx),
  )
  const task = buildTask(op.key, ctx, md, valuation.slice(0, 10), parameters)
  req.extendTask?.(task, ctx, md)
  return { envelope, task, md }
}

/** The prepared request's result as data: the worker's, or composed from it (curve-preview). */
async function resultOf(
  app: FastifyInstance,
  req: PricingRequest,
  ctx: PricingContextRow,
  prepared: Prepared,
): Promise<Priced> {
  const { envelope } = prepared
  if ('answer' in prepared) return { envelope, result: prepared.answer }
  const result = await runOnPool<Row>(app, prepared.task)
  if (req.op.key === 'curve-preview')
    return {
      envelope,
      result: curvePreview(ctx, prepared.md, result, req.marketDataSet, req.valuation, req.benchmarkRole),
    }
  return { envelope, result }
}

/**
 * The worker task the request's operation runs for one asset, without running it (a task another carries: P&L
 * explain's earlier date); the HttpError its checks and market data raise.
 */
export async function taskInContext(req: PricingRequest, ctx: PricingContextRow): Promise<PricingTask> {
  const prepared = await prepare(req, ctx, async () => undefined)
  if ('answer' in prepared) throw new Error(`operation '${req.op.key}' needs no task`)
  return prepared.task
}

/** priceInContext or priceInContextJson. */
export type PriceInContext<T> = (
  app: FastifyInstance,
  req: PricingRequest,
  ctx: PricingContextRow,
  benchmark: BenchmarkLoader,
) => Promise<T>

/** Runs the request's operation on one asset whose context exists and has pricing details. */
export async function priceInContext(
  app: FastifyInstance,
  req: PricingRequest,
  ctx: PricingContextRow,
  benchmark: BenchmarkLoader,
): Promise<Priced> {
  return resultOf(app, req, ctx, await prepare(req, ctx, benchmark))
}

/**
 * priceInContext for a route that answers the result as it is: the pricing thread serializes it (the task's
 * `reply_json`), except where this thread composes the answer (curve-preview, answers without pricing).
 */
export async function priceInContextJson(
  app: FastifyInstance,
  req: PricingRequest,
  ctx: PricingContextRow,
  benchmark: BenchmarkLoader,
): Promise<Priced | PricedJson> {
  const prepared = await prepare(req, ctx, benchmark)
  if ('answer' in prepared || req.op.key === 'curve-preview') return resultOf(app, req, ctx, prepared)
  prepared.task.reply_json = true
  return { envelope: prepared.envelope, json: await runOnPoolJson(app, prepared.task) }
}

function curveRef(c: ResolvedCurve, role: string, marketDataSet: string, valuation: string) {
  return {
    role,
    curve_uid: c.curve_uid,
    curve_identifier: c.curve_identifier,
    curve_type: c.curve_type,
    index_uid: c.index_uid,
    binding_quote_side: c.quote_side,
    source: c.curve_source,
    discount_curve_url: `/api/v1/pricing/curves/${c.curve_uid}/discount-curve/`,
    discount_curve_query_params: { market_data_set: marketDataSet, valuation_date: valuation },
    observation_date: c.reference_date,
  }
}

/** CurveRefs of the curves the price used (never their nodes), plus the z-spread benchmark when selected. */
function curvePreview(
  ctx: PricingContextRow,
  md: ResolvedMarketData,
  result: Row,
  marketDataSet: string,
  valuation: string,
  benchmarkRole: string,
): Row {
  const refs = []
  const warnings: string[] = []
  for (const role of ['discount', 'projection'] as const) {
    const c = md.curves[role]
    if (c) refs.push(curveRef(c, role, marketDataSet, valuation))
  }
  // a CPI bond's zero-inflation curve: its dated rates, charted by days from the observation like the others
  const inflation = md.inflation_curve
  const inflationRow = ctx.curves.find((c) => c.role === 'inflation')
  if (inflation && inflationRow)
    refs.push({
      role: 'inflation',
      curve_uid: inflation.curve_uid,
      curve_identifier: inflation.curve_identifier,
      curve_type: 'zero_inflation',
      index_uid: inflationRow.index_uid,
      binding_quote_side: inflationRow.binding_key
        ? inflationRow.binding_key.slice(inflationRow.binding_key.lastIndexOf(':') + 1)
        : null,
      source: inflationRow.curve_source ?? inflationRow.selection_source,
      discount_curve_url: `/api/v1/pricing/curves/${inflation.curve_uid}/discount-curve/`,
      discount_curve_query_params: { market_data_set: marketDataSet, valuation_date: valuation },
      observation_date: inflation.reference_date,
    })
  const bench = ctx.curves.find((c) => c.role === benchmarkRole)
  if (bench?.curve_uid && bench.time_index) {
    refs.push({
      role: benchmarkRole,
      curve_uid: bench.curve_uid,
      curve_identifier: bench.curve_identifier ?? '',
      curve_type: bench.curve_type ?? '',
      index_uid: bench.index_uid,
      binding_quote_side: bench.binding_key ? bench.binding_key.slice(bench.binding_key.lastIndexOf(':') + 1) : null,
      source: bench.curve_source ?? bench.selection_source,
      discount_curve_url: `/api/v1/pricing/curves/${bench.curve_uid}/discount-curve/`,
      discount_curve_query_params: { market_data_set: marketDataSet, valuation_date: valuation },
      observation_date: new Date(bench.time_index).toISOString().slice(0, 10),
    })
  } else if (ctx.instrument_dump?.benchmark_rate_index_uid) {
    warnings.push(
      `No '${benchmarkRole}' curve with an observation is selected for the benchmark index in this market-data set.`,
    )
  }
  const model = md.short_rate_model
  const vol = md.optionlet_volatility
  const diagnostics = {
    ...((result.diagnostics as Row | undefined) ?? {}),
    ...(warnings.length ? { curve_reference_warnings: warnings } : {}),
    // a callable's tree model: the set's selection, or the defaults (design §5.1)
    ...(model
      ? {
          short_rate_model: {
            ...model.model,
            source: model.parameter ? 'selection' : 'default',
            parameter_uid: model.parameter?.uid ?? null,
            parameter_identifier: model.parameter?.identifier ?? null,
          },
        }
      : {}),
    // a floater's caps and floors: the set's optionlet volatility, or none (zero volatility, design §5.1)
    ...(vol !== undefined
      ? {
          optionlet_volatility: vol
            ? { ...vol.model, parameter_uid: vol.parameter.uid, parameter_identifier: vol.parameter.identifier }
            : 'none',
        }
      : {}),
  }
  return { curves: refs, diagnostics }
}
