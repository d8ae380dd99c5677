/**
 * The fixed-income pricer: `GET /api/v1/asset/{uid}/get_pricing_details/` (discovery) and one POST route per
 * registered operation (plus the two cashflow frames). Each POST, in order: loads the asset, rebuilds the
 * instrument from its stored terms (in the worker), sets the valuation date, applies the market-data set,
 * runs exactly one registered operation and returns the declared model.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply } from 'fastify'
import { ErrorResponse } from '../contracts/common.ts'
import { TabularFrameResponse } from '../contracts/tabular-frame.ts'
import { notFound } from '../http/errors.ts'
import { pricingContext } from './context.ts'
import { toFrame } from './frames.ts'
import { PRICER_OPERATIONS, type PricerOperation } from './operations.ts'
import {
  benchmarkLoader,
  contextQuery,
  priceInContext,
  priceInContextJson,
  pricingRequest,
  type PriceInContext,
  type Priced,
  type PricedJson,
} from './price.ts'
import { JSON_CONTENT_TYPE, responseJson } from './response-json.ts'
import { pricingSupport } from './pricing-details.ts'
import { loadPricingDetails } from './repository.ts'
import {
  AssetUidParams,
  PricingDetailsParams,
  PricingDetailsResponse,
  RESPONSES,
  operationRequest,
  type OperationRequest,
} from './schemas.ts'

const ERRORS = {
  400: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  422: ErrorResponse,
  500: ErrorResponse,
  503: ErrorResponse,
  504: ErrorResponse,
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
        description:
          'The stored instrument terms and `pricing_support`: the pricer operations available for its instrument ' +
          'type and where to call them.',
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

  /**
   * One operation on one asset (the context of a single request is cached, or loaded with its event-loop turn), priced
   * by `inContext`: priceInContext (the result as data), or priceInContextJson (serialized in the pricing thread)
   */
  const price = async <T>(
    inContext: PriceInContext<T>,
    op: PricerOperation,
    assetUid: string,
    body: OperationRequest,
  ): Promise<T> => {
    const req = pricingRequest(op, body)
    const ctx = await pricingContext(app, contextQuery(req, assetUid))
    return inContext(app, req, ctx, benchmarkLoader(app, req))
  }

  for (const op of PRICER_OPERATIONS) {
    app.post(
      `/api/v1/pricing/assets/:asset_uid/${op.key}/`,
      { schema: operationSchema(op, false), config: { readOnly: true } },
      async (request, reply) => {
        const priced: Priced | PricedJson = await price(
          priceInContextJson,
          op,
          request.params.asset_uid,
          request.body as OperationRequest,
        )
        // the response model's serialization, made by parts (response-json.ts): Fastify sends a string as it is (the
        // reply untyped: the type provider types a payload as the model's data)
        if ('json' in priced) return (reply as FastifyReply).type(JSON_CONTENT_TYPE).send(responseJson(priced))
        return { ...priced.envelope, ...priced.result }
      },
    )
    if (op.frame) {
      const frame = op.frame
      app.post(
        `/api/v1/pricing/assets/:asset_uid/${op.key}/frame/`,
        { schema: operationSchema(op, true), config: { readOnly: true } },
        async (request) => {
          const { envelope, result } = await price(
            priceInContext,
            op,
            request.params.asset_uid,
            request.body as OperationRequest,
          )
          return toFrame(frame, result, envelope)
        },
      )
    }
  }
}

export default routes
