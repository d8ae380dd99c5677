/**
 * The pricing contexts of requests, put together from their cached halves (src/pricing/repository.ts: the terms of
 * each asset, the market parts the book shares), the missing halves loaded with every other miss of the same
 * event-loop turn (one round trip each). An assembled context is the request's own: none is kept (clearing the halves,
 * src/pricing/pricing-caches.ts, is the whole invalidation). The single routes check the asset and its pricing details
 * exist (404 names which one is missing); batch routes take the rows as they are.
 */
import type { FastifyInstance } from 'fastify'
import { notFound } from '../http/errors.ts'
import {
  cachedPricingContext,
  loadPricingContexts,
  type PricingContextQuery,
  type PricingContextRow,
} from './repository.ts'

/** The context of an asset that exists and has pricing details; else the 404 that says which is missing. */
export function requirePricingDetails(ctx: PricingContextRow | undefined, assetUid: string): PricingContextRow {
  if (!ctx) throw notFound(`Asset '${assetUid}' was not found.`)
  if (ctx.instrument_type === null) throw notFound(`Pricing details for asset '${assetUid}' were not found.`)
  return ctx
}

export async function pricingContext(app: FastifyInstance, q: PricingContextQuery): Promise<PricingContextRow> {
  const ctx = cachedPricingContext(q, app.pricingContextParts) ?? (await app.pricingContextBatch.add(q))
  return requirePricingDetails(ctx, q.assetUid)
}

/** Many contexts at once (batch routes): the cached ones, the rest in one round trip; undefined for a missing asset. */
export async function pricingContexts(
  app: FastifyInstance,
  queries: readonly PricingContextQuery[],
): Promise<(PricingContextRow | undefined)[]> {
  const parts = app.pricingContextParts
  const out = queries.map((q) => cachedPricingContext(q, parts))
  const missing = out.flatMap((ctx, i) => (ctx ? [] : [i]))
  if (missing.length === 0) return out
  const loaded = await loadPricingContexts(
    app.sql,
    missing.map((i) => queries[i]),
    parts,
  )
  missing.forEach((i, j) => {
    out[i] = loaded[j]
  })
  return out
}
