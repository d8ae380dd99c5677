/**
 * Loads (or takes from the cache) the pricing context of a request and checks the asset and its pricing
 * details exist: 404 names which one is missing.
 */
import type { FastifyInstance } from 'fastify'
import { notFound } from '../http/errors.ts'
import { loadPricingContext, type PricingContextQuery, type PricingContextRow } from './repository.ts'

export async function pricingContext(app: FastifyInstance, q: PricingContextQuery): Promise<PricingContextRow> {
  const key = `${q.assetUid}|${q.marketDataSet}|${q.valuation}|${q.side}|${q.benchmarkRole}|${q.benchmarkSide}`
  let ctx = app.pricingContexts.get(key)
  if (!ctx) {
    const generation = app.pricingContexts.current()
    ctx = await loadPricingContext(app.sql, q)
    if (!ctx) throw notFound(`Asset '${q.assetUid}' was not found.`)
    app.pricingContexts.set(key, ctx, generation)
  }
  if (ctx.instrument_type === null) throw notFound(`Pricing details for asset '${q.assetUid}' were not found.`)
  return ctx
}
