/**
 * A bounded cache that evicts about the least recently used (CLOCK: see BoundedCache) and counts its hits and misses:
 * every pricing cache (contexts and decoded curves on the main thread, built curves and rebuilt instruments in each
 * worker) is one, so each has a bound and reports its size and hit ratio (/metrics). Keys are content keys, so entries
 * never go stale. A cache may also be bounded by weight (an estimate of each entry's bytes): a count alone does not
 * bound the memory of entries whose size varies by orders of magnitude (a bullet bond against 1,200 amortizing
 * coupons).
 */
export interface CacheStats {
  size: number
  capacity: number
  hits: number
  misses: number
  /** a cache bounded by weight: the estimated bytes it holds, and its bound in bytes */
  bytes?: number
  maxBytes?: number
}

interface Entry<V> {
  value: V
  weight: number
  /** read (or stored) since the eviction scan last passed it */
  used: boolean
}

/**
 * Least recently used, approximately (CLOCK, "second chance"), by the Map's insertion order: a read only marks its
 * entry; eviction takes the oldest entry, and one marked since the scan last passed it is spared once (unmarked and
 * moved to the back). Moving entries on reads (an exact LRU's delete + set) made every read of a distinct key cost a
 * Map deletion and insertion, and the rehashes their holes bring, where a book priced once per pass reads each key
 * once (a hot key in a large cache was worse still: V8's Map keeps a deleted entry in its key's bucket chain until
 * the table is rehashed, ~60 µs per read at 25,000 entries). A cache that never fills never moves anything.
 */
export class BoundedCache<V> {
  private readonly entries = new Map<string, Entry<V>>()
  private weight = 0
  private hits = 0
  private misses = 0
  private cursor: IterableIterator<string> | undefined

  constructor(
    private capacity: number,
    private readonly weigh?: (value: V) => number,
    private maxWeight = Infinity,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key)
    if (entry === undefined) {
      this.misses++
      return undefined
    }
    this.hits++
    entry.used = true
    return entry.value
  }

  /** Whether the key is cached, without counting a hit or a miss or refreshing it. */
  has(key: string): boolean {
    return this.entries.has(key)
  }

  /** The cached value, without counting a hit or a miss or refreshing it. */
  peek(key: string): V | undefined {
    return this.entries.get(key)?.value
  }

  set(key: string, value: V): void {
    this.remove(key)
    const weight = this.weigh ? this.weigh(value) : 0
    this.entries.set(key, { value, weight, used: false })
    this.weight += weight
    this.evict(key)
  }

  /**
   * Weighs the key's entry again (its value grew or shrank in place), then evicts down to the bounds, sparing it once.
   */
  reweigh(key: string): void {
    const entry = this.entries.get(key)
    if (entry === undefined || this.weigh === undefined) return
    const weight = this.weigh(entry.value)
    this.weight += weight - entry.weight
    entry.weight = weight
    this.evict(key)
  }

  private remove(key: string): void {
    const entry = this.entries.get(key)
    if (entry === undefined) return
    this.entries.delete(key)
    this.weight -= entry.weight
  }

  /**
   * The oldest unmarked entries, down to both bounds; marked ones, and the entry just stored (`newest`), are spared
   * once.
   */
  private evict(newest?: string): void {
    while (this.entries.size > this.capacity || (this.weight > this.maxWeight && this.entries.size > 1)) {
      const key = this.oldest()
      const entry = this.entries.get(key)!
      if (entry.used || (key === newest && this.entries.size > 1)) {
        // ends: every entry spared is unmarked, so a full turn finds one to evict
        entry.used = false
        this.entries.delete(key)
        this.entries.set(key, entry)
      } else this.remove(key)
    }
  }

  /**
   * The oldest key, read by a cursor that stays where the last eviction left it: everything before it is gone, and
   * a fresh iterator would walk over all those deleted entries again (until the Map is next rehashed) on every
   * eviction.
   */
  private oldest(): string {
    let next = this.cursor?.next()
    if (next === undefined || next.done) {
      this.cursor = this.entries.keys()
      next = this.cursor.next()
    }
    return next.value as string
  }

  /**
   * Every entry in eviction order (the oldest first, a marked one spared when its turn comes), without counting a hit
   * or marking any.
   */
  *peekEntries(): IterableIterator<[string, V]> {
    for (const [key, entry] of this.entries) yield [key, entry.value]
  }

  /** The cached value, or `make()` stored under the key. */
  getOrSet(key: string, make: () => V): V {
    let value = this.get(key)
    if (value === undefined) {
      value = make()
      this.set(key, value)
    }
    return value
  }

  resize(capacity: number, maxWeight = this.maxWeight): void {
    this.capacity = capacity
    this.maxWeight = maxWeight
    this.evict()
  }

  clear(): void {
    this.entries.clear()
    this.weight = 0
    this.cursor = undefined
  }

  get size(): number {
    return this.entries.size
  }

  stats(): CacheStats {
    const stats: CacheStats = { size: this.entries.size, capacity: this.capacity, hits: this.hits, misses: this.misses }
    if (this.weigh) Object.assign(stats, { bytes: this.weight, maxBytes: this.maxWeight })
    return stats
  }
}
