/**
 * A bounded least-recently-used cache that counts its hits and misses: every pricing cache (contexts and
 * decoded curves on the main thread, built curves and rebuilt instruments in each worker) is one, so each has a
 * bound and reports its size and hit ratio (/metrics). Keys are content keys, so entries never go stale.
 * A cache may also be bounded by weight (an estimate of each entry's bytes): a count alone does not bound the
 * memory of entries whose size varies by orders of magnitude (a bullet bond against 1,200 amortizing coupons).
 */
export interface CacheStats {
  size: number
  capacity: number
  hits: number
  misses: number
}

export class BoundedCache<V> {
  private readonly entries = new Map<string, V>()
  private readonly weights = new Map<string, number>()
  private weight = 0
  private hits = 0
  private misses = 0

  constructor(
    private capacity: number,
    private readonly weigh?: (value: V) => number,
    private maxWeight = Infinity,
  ) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key)
    if (value === undefined) {
      this.misses++
      return undefined
    }
    this.hits++
    // least-recently-used order: move to the end
    this.entries.delete(key)
    this.entries.set(key, value)
    return value
  }

  /** Whether the key is cached, without counting a hit or a miss or refreshing its recency. */
  has(key: string): boolean {
    return this.entries.has(key)
  }

  set(key: string, value: V): void {
    this.remove(key)
    this.entries.set(key, value)
    if (this.weigh) {
      const w = this.weigh(value)
      this.weights.set(key, w)
      this.weight += w
    }
    this.evict()
  }

  private remove(key: string): void {
    this.entries.delete(key)
    const w = this.weights.get(key)
    if (w !== undefined) {
      this.weights.delete(key)
      this.weight -= w
    }
  }

  /** Least recently used first, down to both bounds (the newest entry always stays). */
  private evict(): void {
    while (this.entries.size > this.capacity || (this.weight > this.maxWeight && this.entries.size > 1)) this.remove(this.entries.keys().next().value as string)
  }

  /** Every entry, least recently used first, without counting a hit or moving any. */
  peekEntries(): IterableIterator<[string, V]> {
    return this.entries.entries()
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
    this.weights.clear()
    this.weight = 0
  }

  get size(): number {
    return this.entries.size
  }

  stats(): CacheStats {
    return { size: this.entries.size, capacity: this.capacity, hits: this.hits, misses: this.misses }
  }
}
