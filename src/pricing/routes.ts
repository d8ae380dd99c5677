/**
 * The fixed-income pricer: `GET /api/v1/asset/{uid}/get_pricing_details/` (discovery) and one POST route per
 * registered operation (plus the two cashflow frames). Each POST, in order: loads the asset, rebuilds the
 * instrument from its stored terms (in the worker), sets the valuation date, applies the market-data set,
 * runs exactly one registered operation and returns the declared model.
 */
import type { FastifyInstance } from 'fastify'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorResponse } from '../contracts/common.ts'
import { TabularFrameResponse } from '../contracts/tabular-frame.ts'
import { badRequest, conflict, notFound } from '../http/errors.ts'
import { runOnPool } from './dispatch.ts'
import { pricingContext } from './context.ts'
import { toFrame } from './frames.ts'
import { resolveMarketData, type ResolvedCurve } from './market-data.ts'
import { PRICER_OPERATIONS, isFloating, isSupportedInstrumentType, type PricerOperation } from './operations.ts'
import { pricingSupport } from './pricing-details.ts'
import { loadExplicitCurve, loadPricingDetails } from './repository.ts'
import { AssetUidParams, PricingDetailsParams, PricingDetailsResponse, RESPONSES, operationRequest, type OperationRequest } from './schemas.ts'
import { buildTask } from './task.ts'

const ERRORS = { 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse, 500: ErrorResponse, 503: ErrorResponse }

/** Null-valued parameters mean "not given" (as the peer drops them). */
const dropNulls = (p: Record<string, unknown> | undefined) => Object.fromEntries(Object.entries(p ?? {}).filter(([, v]) => v !== null && v !== undefined))

type Row = Record<string, unknown>

interface Priced {
  envelope: { asset_uid: string; instrument_type: string; operation: string; valuation_date: string; market_data_set: string }
  result: Row
}

async function price(app: FastifyInstance, op: PricerOperation, assetUid: string, body: OperationRequest): Promise<Priced> {
  // validation has normalized it to UTC ISO (src/http/ajv.ts)
  const valuation = body.valuation_date
  const parameters = dropNulls(body.parameters as Row | undefined)
  const side = (parameters.curve_quote_side as string | undefined) ?? 'mid'
  const benchmarkRole = (parameters.benchmark_curve_role_key as string | undefined) ?? 'z_spread_base'
  const benchmarkSide = (parameters.benchmark_curve_quote_side as string | undefined) ?? side
  const ctx = await pricingContext(app, { assetUid, marketDataSet: body.market_data_set, valuation, side, benchmarkRole, benchmarkSide })
  const type = ctx.instrument_type ?? ''
  const envelope = { asset_uid: ctx.asset_uid, instrument_type: type, operation: op.key, valuation_date: valuation, market_data_set: body.market_data_set }
  if (!isSupportedInstrumentType(type)) {
    throw badRequest(`Operation '${op.key}' is not supported for instrument type '${type}': it is not registered for the fixed income pricer API.`)
  }
  if (!ctx.set_uid) throw conflict(`Pricing market-data set '${body.market_data_set}' was not found.`)
  if (op.key === 'fixings-availability' && !isFloating(type)) return { envelope, result: { status: 'not_required', fixings: [] } }

  const explicit = parameters.benchmark_curve_uid ?? parameters.benchmark_curve_unique_identifier
  const benchmark =
    op.key === 'z-spread' && explicit !== undefined
      ? await loadExplicitCurve(app.sql, { curve: String(explicit), byUid: parameters.benchmark_curve_uid !== undefined, discountNode: ctx.discount_node_uid, valuation })
      : undefined
  if (op.key === 'z-spread' && explicit !== undefined && !benchmark) throw conflict(`Benchmark curve '${String(explicit)}' does not exist.`)
  const md = resolveMarketData(ctx, { operation: op.key, parameters, marketDataSet: body.market_data_set, side, benchmarkRole, benchmarkSide, valuation }, benchmark)
  const task = buildTask(op.key, ctx, md, valuation.slice(0, 10), parameters)
  const result = await runOnPool<Row>(app, task)
  if (op.key === 'curve-preview') return { envelope, result: curvePreview(ctx, md.curves, result, body.market_data_set, valuation, benchmarkRole) }
  return { envelope, result }
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
  }
}

/** CurveRefs of the curves the price used (never their nodes), plus the z-spread benchmark when selected. */
function curvePreview(ctx: Awaited<ReturnType<typeof pricingContext>>, curves: Partial<Record<string, ResolvedCurve>>, result: Row, marketDataSet: string, valuation: string, benchmarkRole: string): Row {
  const refs = []
  const warnings: string[] = []
  for (const role of ['discount', 'projection'] as const) {
    const c = curves[role]
    if (c) refs.push(curveRef(c, role, marketDataSet, valuation))
  }
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
    })
  } else if (ctx.instrument_dump?.benchmark_rate_index_uid) {
    warnings.push(`No '${benchmarkRole}' curve with an observation is selected for the benchmark index in this market-data set.`)
  }
  const diagnostics = { ...((result.diagnostics as Row | undefined) ?? {}), ...(warnings.length ? { curve_reference_warnings: warnings } : {}) }
  return { curves: refs, diagnostics }
}

function operationSchema(op: PricerOperation, frame: boolean) {
  const native = !frame
  return {
    operationId: frame ? op.frame!.operationId : op.operationId,
    summary: frame ? `${op.summary} (tabular frame)` : op.summary,
    description: frame ? `${op.description} Returned as a core.tabular_frame@v1 frame.` : op.description,
    tags: ['pricing'],
    params: AssetUidParams,
    body: operationRequest(op.key),
    response: { 200: frame ? TabularFrameResponse : RESPONSES[op.key], ...ERRORS },
    ...(native
      ? {
          'x-workspace-consumer': 'app-component',
          'x-ui-output-root': op.outputRoot,
          'x-ui-response-mode': 'provider-native-json',
          'x-ui-flat-outputs': op.flatOutputs,
          ...(op.responseMappings.length ? { 'x-response-mappings': op.responseMappings } : {}),
        }
      : { 'x-ui-contract': 'core.tabular_frame@v1', 'x-ui-output-root': 'response:$' }),
  }
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/asset/:uid/get_pricing_details/',
    {
      schema: {
        operationId: 'getAssetPricingDetails',
        summary: 'Current pricing details of an asset',
        description: 'The stored instrument terms and `pricing_support`: the pricer operations available for its instrument type and where to call them.',
        tags: ['pricing'],
        params: PricingDetailsParams,
        response: { 200: PricingDetailsResponse, 404: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) => {
      const { uid } = request.params
      const row = await loadPricingDetails(app.sql, uid)
      if (!row) throw notFound(`Asset '${uid}' was not found.`)
      if (!row.instrument_type) throw notFound(`Pricing details for asset '${uid}' were not found.`)
      return {
        asset_uid: row.asset_uid,
        instrument_type: row.instrument_type,
        instrument_dump: row.instrument_dump ?? {},
        pricing_details_date: new Date(row.pricing_details_date ?? 0).toISOString(),
        serialization_format: row.serialization_format ?? 'fixed_income.instrument@v1',
        pricing_package_version: row.pricing_package_version,
        source: row.source,
        metadata_json: row.metadata_json,
        pricing_support: pricingSupport(row.asset_uid, row.instrument_type),
      }
    },
  )

  for (const op of PRICER_OPERATIONS) {
    app.post(`/api/v1/pricing/assets/:asset_uid/${op.key}/`, { schema: operationSchema(op, false) }, async (request) => {
      const { envelope, result } = await price(app, op, request.params.asset_uid, request.body as OperationRequest)
      return { ...envelope, ...result }
    })
    if (op.frame) {
      const frame = op.frame
      app.post(`/api/v1/pricing/assets/:asset_uid/${op.key}/frame/`, { schema: operationSchema(op, true) }, async (request) => {
        const { envelope, result } = await price(app, op, request.params.asset_uid, request.body as OperationRequest)
        return toFrame(frame, result, envelope)
      })
    }
  }
}

export default routes
