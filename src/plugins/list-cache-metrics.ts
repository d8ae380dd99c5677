/**
 * Size, bound, hits, misses and hit ratio of the list caches (issue 13): exact counts of filtered lists and the page keys
 * learnt for keyset access, both per process and valid only under the data stamp they were made under.
 */
import type { Registry } from 'prom-client'
import { pageSeeks } from '../assets/list-keys.ts'
import { listCounts } from '../db/list-counts.ts'
import { registerCacheGauges } from './cache-gauges.ts'

export function registerListCacheMetrics(registry: Registry): void {
  registerCacheGauges(registry, 'list_cache', 'list', () => ({ counts: listCounts.stats(), page_keys: pageSeeks.stats() }), 'counts: LIST_COUNT_CACHE_SIZE')
}
