/**
 * `app.pricingContextParts`: the halves each request's pricing context is put together from (the terms of each asset,
 * the market parts and fixing sets the book shares: src/pricing/repository.ts, src/pricing/context-cache.ts);
 * `app.pricingCaches` (src/pricing/pricing-caches.ts): the one entry point that clears them, on PostgreSQL
 * notifications from any writer, of what the writer's tables change; a mutating request of this process answers only
 * once its own notifications have been applied (src/pricing/change-barrier.ts);
 * `app.pricingContextBatch` loads the misses of one event-loop turn together.
 */
import fp from 'fastify-plugin'
import { ContextCache } from '../pricing/context-cache.ts'
import { PricingCaches } from '../pricing/pricing-caches.ts'
import {
  latestObservationDate,
  loadFloatingIndexes,
  loadPricingContexts,
  prewarmTerms,
  TERMS_TABLES,
  type AssetTerms,
  type ContextPartCaches,
  type FixingSet,
  type PricingContextQuery,
  type PricingContextRow,
} from '../pricing/repository.ts'
import type { MarketPart } from '../pricing/market-parts.ts'
import { TurnBatch } from '../pricing/turn-batch.ts'
import { decodedCurves } from '../pricing/market-data.ts'
import { startListenCheck } from '../pricing/listen-check.ts'
import { startChangeBarrier } from '../pricing/change-barrier.ts'
import { WATCHDOG_GRACE_MS } from '../db/client.ts'
import { Gauge } from 'prom-client'
import { isHeavyTask, isHeavyTerms } from '../pricing/cost.ts'
import { prewarmBook, prewarmInstruments } from '../pricing/prewarm.ts'
import { pricingContext } from '../pricing/context.ts'
import { benchmarkLoader, contextQuery, priceInContextJson, pricingRequest } from '../pricing/price.ts'
import { parseDateTimeInput } from '../http/date-time.ts'
import type { FastifyInstance } from 'fastify'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * a POST that writes nothing (pricing, batch pricing, account risk, a bulk-delete preflight): it leaves the pricing
     * caches as they are
     */
    readOnly?: boolean
  }
  interface FastifyInstance {
    /** the single entry point for invalidation: clears the parts below (all, or those a change concerns) */
    pricingCaches: PricingCaches
    /**
     * terms by asset, market parts by market query, fixing sets by fixing node, index and valuation day: cleared
     * through pricingCaches
     */
    pricingContextParts: Required<ContextPartCaches>
    /** cache misses of one event-loop turn, loaded together */
    pricingContextBatch: TurnBatch<PricingContextQuery, PricingContextRow | undefined>
  }
}

const CHANNEL = 'pricing_data_changed'
/** the market-data set a restarted service prices its book on at start (PRICING_PREWARM_BOOK) */
const PREWARM_MARKET_DATA_SET = 'default'
const READ_ONLY = new Set(['GET', 'HEAD', 'OPTIONS'])
/**
 * How long a write's answer waits for its own notifications (normally a millisecond) before clearing every cache
 * instead.
 */
const WRITE_BARRIER_MS = 1000

/**
 * Prices the cached terms' bonds once (`price`, market-data set `default`) at PRICING_PREWARM_BOOK_DATE (by default the
 * date of the latest observation of a curve that set selects), as their routes do, up to `limit` (what the pricing
 * threads' instrument caches hold): the book's first pass at its market data's date then finds the market parts of its
 * contexts cached and its floaters forecast on that date's curves (their instruments depend on both).
 */
async function prewarmBookAtItsDate(
  app: FastifyInstance,
  terms: ContextCache<AssetTerms>,
  limit: number,
  stopped: () => boolean,
  ms: () => number,
): Promise<void> {
  const when = app.config.pricingPrewarmBookDate
  const day =
    when === 'latest'
      ? await latestObservationDate(app.sql, new Date(), PREWARM_MARKET_DATA_SET)
      : when === 'today'
        ? new Date().toISOString().slice(0, 10)
        : when
  if (day === undefined) return
  const valuation = parseDateTimeInput(`${day}T00:00:00Z`)
  if (!valuation.ok) return
  const req = pricingRequest(
    { key: 'price' },
    { valuation_date: valuation.iso, market_data_set: PREWARM_MARKET_DATA_SET },
  )
  const benchmark = benchmarkLoader(app, req)
  const assets: string[] = []
  for (const [uid, t] of terms.peekEntries()) {
    if (assets.length >= limit) break
    if (t.instrument_type != null) assets.push(uid)
  }
  const priced = await prewarmBook({
    assets,
    price: async (uid) => {
      const ctx = await pricingContext(app, contextQuery(req, uid))
      // the heavy lane's are left to their requests, as in prewarmInstruments
      if ((ctx.heavy ??= isHeavyTerms(ctx.instrument_type, ctx.instrument_dump))) return false
      await priceInContextJson(app, req, ctx, benchmark)
      return true
    },
    stopped,
  })
  app.log.info({ priced, valuation_date: day, ms: ms() }, 'pricing cache: book priced')
}

export default fp(
  async (app) => {
    const { terms, markets, fixingSets } = app.config.pricingCaches
    let prewarm: Promise<void> | undefined
    let prewarming = false
    const parts = {
      terms: new ContextCache<AssetTerms>(terms),
      markets: new ContextCache<MarketPart>(markets),
      fixingSets: new ContextCache<FixingSet>(fixingSets),
    }
    // one invalidation for all: every clear goes through it (no assembled context is kept: the parts are all there is)
    const cache = new PricingCaches(parts)
    decodedCurves.resize(app.config.pricingCaches.decodedCurves)
    app.decorate('pricingCaches', cache)
    app.decorate('pricingContextParts', parts)
    app.decorate(
      'pricingContextBatch',
      new TurnBatch((queries: PricingContextQuery[]) => loadPricingContexts(app.sql, queries, parts)),
    )
    // a writer's table says which half changed: a new curve observation or fixing leaves the book's terms cached,
    // an asset's new terms leave the market parts (the notification's payload is the table's name, migration 0050)
    const onChange = (table: string) =>
      cache.clear(TERMS_TABLES.has(table) ? [parts.terms] : [parts.markets, parts.fixingSets])
    // postgres.js keeps one dedicated connection for LISTEN and re-subscribes after a reconnect (anything may have
    // changed meanwhile: everything is cleared)
    const listener = await app.sql.listen(CHANNEL, onChange, () => cache.clear())
    // ... which a partition can leave dead without a sign: checked by a heartbeat (listen-check.ts)
    const statementMs = app.config.dbStatementTimeoutMs
    const stopCheck = await startListenCheck(app.sql, {
      intervalMs: Math.min(10_000, 2 * statementMs),
      answerMs: statementMs + WATCHDOG_GRACE_MS,
      onMissed: () => {
        cache.clear()
        app.log.warn('pricing cache: its own notification did not come back; cache cleared, subscription renewed')
      },
    })
    // before the response leaves, the write's own notifications are applied: a client that reads the answer to its
    // write can never price on stale data, and a write to no table a context reads (a portfolio, a category) clears
    // nothing. Not waited for after a request that wrote nothing: a read-only POST (its route says so), or one refused
    // with a 4xx (every write is one transaction: a refused request left nothing behind).
    const barrier = await startChangeBarrier(app.sql, {
      answerMs: WRITE_BARRIER_MS,
      onMissed: () => {
        cache.clear()
        app.log.warn("pricing cache: a write's notifications did not come back in time; cache cleared")
      },
    })
    app.addHook('onSend', async (request, reply) => {
      if (READ_ONLY.has(request.method) || request.routeOptions.config.readOnly === true) return
      if (reply.statusCode >= 400 && reply.statusCode < 500) return
      // a failed write (a 503 in an outage) may still have committed; the barrier would wait out its bound for a
      // database that is away: everything is cleared at once instead
      if (reply.statusCode >= 500) cache.clear()
      else await barrier.sync()
    })
    let closing = false
    if (app.config.pricingPrewarmTerms) {
      // in the background: the service is ready meanwhile, and the requests that come first load their own
      prewarming = true
      const started = performance.now()
      const ms = () => Math.round(performance.now() - started)
      prewarm = prewarmTerms(app.sql, parts.terms, terms)
        .then(async (n) => {
          app.log.info({ terms: n, ms: ms() }, 'pricing cache: terms prewarmed')
          if (!app.config.pricingPrewarmInstruments || !app.hasDecorator('pricerBatches') || closing) return
          const { workerInstruments } = app.config.pricingCaches
          const instruments = await prewarmInstruments({
            terms: parts.terms,
            run: (task) => app.pricerBatches.run(task),
            isHeavy: isHeavyTask,
            limit: workerInstruments * app.config.pricerThreads,
            valuationDate: new Date().toISOString().slice(0, 10),
            indexes: (uids) => loadFloatingIndexes(app.sql, uids),
            stopped: () => closing,
          })
          app.log.info({ instruments, ms: ms() }, 'pricing cache: instruments prewarmed')
          if (app.config.pricingPrewarmBook && !closing)
            await prewarmBookAtItsDate(
              app,
              parts.terms,
              workerInstruments * app.config.pricerThreads,
              () => closing,
              ms,
            )
        })
        .catch((error: unknown) =>
          app.log.warn({ err: error }, 'pricing cache: prewarm stopped; the rest loads on demand'),
        )
        .finally(() => {
          prewarming = false
        })
    }
    if (app.hasDecorator('metrics')) {
      new Gauge({
        name: 'pricing_prewarm_running',
        help:
          '1 while the start-up warm-up (terms, then fixed-coupon instruments and floater plans, then the book ' +
          'priced at its latest market data) runs, else 0',
        registers: [app.metrics.registry],
        collect() {
          this.set(prewarming ? 1 : 0)
        },
      })
    }
    app.addHook('onClose', async () => {
      closing = true
      await prewarm
      await stopCheck()
      await barrier.stop()
      await listener.unlisten()
    })
  },
  { name: 'pricing-cache', dependencies: ['db'] },
)
