/**
 * The gauges every bounded cache family exposes on /metrics, read at scrape time from a snapshot of
 * CacheStats by cache name: `<family>_entries`, `_capacity`, `_hits`, `_misses` and `_hit_ratio`, labelled `cache`; a
 * cache bounded by weight adds `_estimated_bytes` and `_capacity_bytes`.
 */
import { Gauge, type Registry } from 'prom-client'
import type { CacheStats } from '../caches/bounded-cache.ts'

export function registerCacheGauges(
  registry: Registry,
  family: string,
  what: string,
  snapshot: () => Record<string, CacheStats>,
  capacityHelp: string,
): void {
  const gauge = (suffix: string, help: string, read: (s: CacheStats) => number | undefined) =>
    new Gauge({
      name: `${family}_${suffix}`,
      help,
      labelNames: ['cache'] as const,
      registers: [registry],
      collect() {
        this.reset()
        for (const [cache, stats] of Object.entries(snapshot())) {
          const value = read(stats)
          if (value !== undefined) this.set({ cache }, value)
        }
      },
    })
  gauge('entries', `Entries held by each ${what} cache`, (s) => s.size)
  gauge('capacity', `Bound of each ${what} cache, in entries (${capacityHelp})`, (s) => s.capacity)
  gauge('hits', `Lookups answered by each ${what} cache`, (s) => s.hits)
  gauge('misses', `Lookups each ${what} cache could not answer`, (s) => s.misses)
  gauge('hit_ratio', `Hits over lookups of each ${what} cache (0 before the first lookup)`, (s) =>
    s.hits + s.misses ? s.hits / (s.hits + s.misses) : 0,
  )
  // a count does not bound entries whose size varies by orders of magnitude: how near a cache bounded by weight is to
  // its bound
  gauge(
    'estimated_bytes',
    `Estimated bytes held by each ${what} cache bounded by weight (its entries' weights)`,
    (s) => s.bytes,
  )
  gauge('capacity_bytes', `Bound of each ${what} cache bounded by weight, in estimated bytes`, (s) => s.maxBytes)
}
