/**
 * Size, bound, hits and misses of the list caches (issue 13): exact counts of filtered lists and the page keys
 * learnt for keyset access, both per process and valid only under the data stamp they were made under.
 */
import { Gauge, type Registry } from 'prom-client'
import type { CacheStats } from '../../workers/operations/bounded-cache.ts'
import { pageSeeks } from '../assets/list-keys.ts'
import { listCounts } from '../db/list-counts.ts'

export function registerListCacheMetrics(registry: Registry): void {
  const caches: Record<string, () => CacheStats> = { counts: () => listCounts.stats(), page_keys: () => pageSeeks.stats() }
  const gauge = (name: string, help: string, read: (s: CacheStats) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['cache'] as const,
      registers: [registry],
      collect() {
        this.reset()
        for (const [cache, stats] of Object.entries(caches)) this.set({ cache }, read(stats()))
      },
    })
  gauge('list_cache_entries', 'Entries held by each list cache (counts: LIST_COUNT_CACHE_SIZE)', (s) => s.size)
  gauge('list_cache_capacity', 'Bound of each list cache, in entries', (s) => s.capacity)
  gauge('list_cache_hits', 'Lookups answered by each list cache', (s) => s.hits)
  gauge('list_cache_misses', 'Lookups each list cache could not answer', (s) => s.misses)
}
