/**
 * Cache of the halves pricing contexts are put together from (an asset's terms, a market part, a fixing set: see
 * src/pricing/repository.ts). A pricing request must cost the main thread tens of microseconds, so what it reads
 * from PostgreSQL is cached;
 * correctness comes from invalidation, not expiry: PostgreSQL triggers NOTIFY `pricing_data_changed` on every
 * write to a table a context reads (migration 0050), from any process, and a mutating request of this process
 * answers only once its own notifications have been applied (src/pricing/change-barrier.ts: no window between its
 * commit and the notification, and a write to no such table drops nothing); src/pricing/pricing-caches.ts clears them.
 * A generation number drops values loaded before a clear that happened while they were loading.
 */
import { BoundedCache, type CacheStats } from '../caches/bounded-cache.ts'

export class ContextCache<V> {
  private readonly entries: BoundedCache<V>
  private generation = 0

  constructor(capacity: number) {
    this.entries = new BoundedCache<V>(capacity)
  }

  get(key: string): V | undefined {
    return this.entries.get(key)
  }

  /** Whether the key is cached, without counting a hit or a miss. */
  has(key: string): boolean {
    return this.entries.has(key)
  }

  /** The cached value, without counting a hit or a miss. */
  peek(key: string): V | undefined {
    return this.entries.peek(key)
  }

  /** Stores a value loaded while the cache was at `generation`; dropped if the cache was cleared meanwhile. */
  set(key: string, value: V, generation: number): void {
    if (generation === this.generation) this.entries.set(key, value)
  }

  /** The generation to pass to `set` for a value loaded from now on. */
  current(): number {
    return this.generation
  }

  /** Drops every entry; a value whose load began before this is not stored (`set`). */
  clear(): void {
    this.generation++
    this.entries.clear()
  }

  /** Every entry, without counting a hit or refreshing its recency. */
  peekEntries(): IterableIterator<[string, V]> {
    return this.entries.peekEntries()
  }

  get size(): number {
    return this.entries.size
  }

  stats(): CacheStats {
    return this.entries.stats()
  }
}
