/**
 * The pricing contexts of requests: from the cache, else loaded with every other miss of the same event-loop
 * turn (src/pricing/repository.ts: cached halves, the missing ones in one round trip each). The single routes check the
 * asset and its pricing details exist (404 names which one is missing); batch routes take the rows as they are.
 */
import type { FastifyInstance } from 'fastify'
import { notFound } from '../http/errors.ts'
import {
  cachedPricingContext,
  loadPricingContexts,
  type PricingContextQuery,
  type PricingContextRow,
} from './repository.ts'

// joined, not a template: a template's string is a rope whose characters V8 reads one tree walk at a time when it
// hashes it for the lookup (4% of a distinct request's main-thread time in a profile); join builds it flat
const cacheKey = (q: PricingContextQuery) =>
  [q.assetUid, q.marketDataSet, q.valuation, q.side, q.benchmarkRole, q.benchmarkSide].join('|')

/** The context of an asset that exists and has pricing details; else the 404 that says which is missing. */
export function requirePricingDetails(ctx: PricingContextRow | undefined, assetUid: string): PricingContextRow {
  if (!ctx) throw notFound(`Asset '${assetUid}' was not found.`)
  if (ctx.instrument_type === null) throw notFound(`Pricing details for asset '${assetUid}' were not found.`)
  return ctx
}

export async function pricingContext(app: FastifyInstance, q: PricingContextQuery): Promise<PricingContextRow> {
  const key = cacheKey(q)
  let ctx = app.pricingContexts.get(key)
  if (!ctx) {
    const generation = app.pricingContexts.current()
    ctx = cachedPricingContext(q, app.pricingContextParts) ?? (await app.pricingContextBatch.add(q))
    if (ctx) app.pricingContexts.set(key, ctx, generation)
  }
  return requirePricingDetails(ctx, q.assetUid)
}

/** Many contexts at once (batch routes): the cached ones, the rest in one round trip; undefined for a missing asset. */
export async function pricingContexts(
  app: FastifyInstance,
  queries: readonly PricingContextQuery[],
): Promise<(PricingContextRow | undefined)[]> {
  const generation = app.pricingContexts.current()
  const out = queries.map((q) => app.pricingContexts.get(cacheKey(q)))
  const missing = out.flatMap((ctx, i) => (ctx ? [] : [i]))
  const loaded = await loadPricingContexts(
    app.sql,
    missing.map((i) => queries[i]),
    app.pricingContextParts,
  )
  missing.forEach((i, j) => {
    out[i] = loaded[j]
    if (loaded[j]) app.pricingContexts.set(cacheKey(queries[i]), loaded[j], generation)
  })
  return out
}
