/**
 * The five gauges every bounded cache family exposes on /metrics, read at scrape time from a snapshot of
 * CacheStats by cache name: `<family>_entries`, `_capacity`, `_hits`, `_misses` and `_hit_ratio`, labelled `cache`.
 */
import { Gauge, type Registry } from 'prom-client'
import type { CacheStats } from '../../workers/operations/bounded-cache.ts'

export function registerCacheGauges(registry: Registry, family: string, what: string, snapshot: () => Record<string, CacheStats>, capacityHelp: string): void {
  const gauge = (suffix: string, help: string, read: (s: CacheStats) => number) =>
    new Gauge({
      name: `${family}_${suffix}`,
      help,
      labelNames: ['cache'] as const,
      registers: [registry],
      collect() {
        this.reset()
        for (const [cache, stats] of Object.entries(snapshot())) this.set({ cache }, read(stats))
      },
    })
  gauge('entries', `Entries held by each ${what} cache`, (s) => s.size)
  gauge('capacity', `Bound of each ${what} cache, in entries (${capacityHelp})`, (s) => s.capacity)
  gauge('hits', `Lookups answered by each ${what} cache`, (s) => s.hits)
  gauge('misses', `Lookups each ${what} cache could not answer`, (s) => s.misses)
  gauge('hit_ratio', `Hits over lookups of each ${what} cache (0 before the first lookup)`, (s) => (s.hits + s.misses ? s.hits / (s.hits + s.misses) : 0))
}
