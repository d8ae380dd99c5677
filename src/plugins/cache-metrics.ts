/**
 * Size, bound, hits, misses and hit ratio of every pricing cache, read at scrape time: the contexts, terms, market parts, fixing sets
 * and decoded curves of this process, and the instruments, floater plans, curves and fixing histories of its pricing workers, summed over the live threads
 * from the counters each worker broadcasts (workers/operations/cache-report.ts).
 */
import type { FastifyInstance } from 'fastify'
import { BroadcastChannel } from 'node:worker_threads'
import type { Registry } from 'prom-client'
import type { CacheStats } from '../../workers/operations/bounded-cache.ts'
import { CACHE_STATS_CHANNEL, type WorkerCacheReport } from '../../workers/operations/cache-report.ts'
import { decodedCurves } from '../pricing/market-data.ts'
import { registerCacheGauges } from './cache-gauges.ts'

type CacheName = 'contexts' | 'terms' | 'market_parts' | 'fixing_sets' | 'decoded_curves' | 'worker_instruments' | 'worker_floater_plans' | 'worker_curves' | 'worker_fixings'

const add = (a: number | undefined, b: number | undefined) => (a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0))
const sum = (all: CacheStats[]): CacheStats =>
  all.reduce((a, b) => ({ size: a.size + b.size, capacity: a.capacity + b.capacity, hits: a.hits + b.hits, misses: a.misses + b.misses, bytes: add(a.bytes, b.bytes), maxBytes: add(a.maxBytes, b.maxBytes) }), {
    size: 0,
    capacity: 0,
    hits: 0,
    misses: 0,
  })

export function registerCacheMetrics(app: FastifyInstance, registry: Registry): void {
  const reports = new Map<number, WorkerCacheReport>()
  const channel = new BroadcastChannel(CACHE_STATS_CHANNEL)
  channel.unref()
  channel.onmessage = (event: unknown) => {
    const report = (event as { data: WorkerCacheReport }).data
    reports.set(report.threadId, report)
  }
  app.addHook('onClose', async () => channel.close())

  const snapshot = (): Partial<Record<CacheName, CacheStats>> => {
    const out: Partial<Record<CacheName, CacheStats>> = { decoded_curves: decodedCurves.stats() }
    if (app.hasDecorator('pricingContexts')) out.contexts = app.pricingContexts.stats()
    if (app.hasDecorator('pricingContextParts')) {
      out.terms = app.pricingContextParts.terms.stats()
      out.market_parts = app.pricingContextParts.markets.stats()
      out.fixing_sets = app.pricingContextParts.fixingSets.stats()
    }
    if (app.hasDecorator('pricer')) {
      // only this app's live threads: a recycled thread's last report is gone with it
      const live = app.pricer.threads.map((w) => reports.get(w.threadId)).filter((r): r is WorkerCacheReport => r !== undefined)
      out.worker_instruments = sum(live.map((r) => r.caches.instruments))
      out.worker_floater_plans = sum(live.map((r) => r.caches.plans))
      out.worker_curves = sum(live.map((r) => r.caches.curves))
      out.worker_fixings = sum(live.map((r) => r.caches.fixings))
    }
    return out
  }
  // worker caches are summed over the live threads
  registerCacheGauges(registry, 'pricing_cache', 'pricing', snapshot, 'PRICING_*_CACHE_SIZE, PRICER_*_CACHE_SIZE')
}
