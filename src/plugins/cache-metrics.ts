/**
 * The gauges of every cache in src/caches/inventory.ts, read at scrape time: the caches of this process, and those of
 * its pricing workers summed over the live threads from the counters each worker broadcasts
 * (workers/operations/cache-report.ts).
 */
import type { FastifyInstance } from 'fastify'
import { BroadcastChannel } from 'node:worker_threads'
import type { Registry } from 'prom-client'
import type { CacheStats } from '../caches/bounded-cache.ts'
import { CACHE_STATS_CHANNEL, WORKER_CACHES, type WorkerCacheReport } from '../../workers/entry.ts'
import { CACHES, type CacheFamily } from '../caches/inventory.ts'
import { decodedCurves } from '../pricing/market-data.ts'
import { listCounts } from '../db/list-counts.ts'
import { pageSeeks } from '../assets/list-keys.ts'
import { dateTimeParses } from '../http/date-time.ts'
import { registerCacheGauges } from './cache-gauges.ts'

const add = (a: number | undefined, b: number | undefined) =>
  a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0)
const sum = (all: CacheStats[]): CacheStats =>
  all.reduce(
    (a, b) => ({
      size: a.size + b.size,
      capacity: a.capacity + b.capacity,
      hits: a.hits + b.hits,
      misses: a.misses + b.misses,
      bytes: add(a.bytes, b.bytes),
      maxBytes: add(a.maxBytes, b.maxBytes),
    }),
    {
      size: 0,
      capacity: 0,
      hits: 0,
      misses: 0,
    },
  )

const CAPACITY_HELP: Record<CacheFamily, string> = {
  pricing_cache: 'PRICING_*_CACHE_SIZE, PRICER_*_CACHE_SIZE',
  list_cache: 'counts: LIST_COUNT_CACHE_SIZE',
  http_cache: 'fixed',
}

const WHAT: Record<CacheFamily, string> = { pricing_cache: 'pricing', list_cache: 'list', http_cache: 'HTTP input' }

export function registerCacheMetrics(app: FastifyInstance, registry: Registry): void {
  const reports = new Map<number, WorkerCacheReport>()
  const channel = new BroadcastChannel(CACHE_STATS_CHANNEL)
  channel.unref()
  channel.onmessage = (event: unknown) => {
    const report = (event as { data: WorkerCacheReport }).data
    reports.set(report.threadId, report)
  }
  app.addHook('onClose', async () => channel.close())

  /** The stats of every cache of the inventory this app has, by name. */
  const snapshot = (): Record<string, CacheStats> => {
    const out: Record<string, CacheStats> = {
      decoded_curves: decodedCurves.stats(),
      counts: listCounts.stats(),
      page_keys: pageSeeks.stats(),
      date_time_parses: dateTimeParses.stats(),
    }
    if (app.hasDecorator('pricingContextParts')) {
      out.terms = app.pricingContextParts.terms.stats()
      out.market_parts = app.pricingContextParts.markets.stats()
      out.fixing_sets = app.pricingContextParts.fixingSets.stats()
    }
    if (app.hasDecorator('pricer')) {
      // only this app's live threads: a recycled thread's last report is gone with it
      const live = app.pricer.threads
        .map((w) => reports.get(w.threadId))
        .filter((r): r is WorkerCacheReport => r !== undefined)
      for (const name of WORKER_CACHES) out[`worker_${name}`] = sum(live.map((r) => r.caches[name]))
    }
    return out
  }
  for (const family of ['pricing_cache', 'list_cache', 'http_cache'] as const) {
    const names = new Set(CACHES.filter((c) => c.family === family).map((c) => c.name))
    const ofFamily = () => Object.fromEntries(Object.entries(snapshot()).filter(([name]) => names.has(name)))
    registerCacheGauges(registry, family, WHAT[family], ofFamily, CAPACITY_HELP[family])
  }
}
