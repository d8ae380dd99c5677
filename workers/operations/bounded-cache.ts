/**
 * A bounded least-recently-used cache (see BoundedCache for how recency is kept) that counts its hits and misses: every pricing cache (contexts and
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

interface Entry<V> {
  value: V
  weight: number
  /** the cache's counter when it was stored or last moved to the back */
  stamp: number
}

/**
 * Least recently used, by the Map's insertion order: an entry read while in the older half of the cache moves to
 * the back (delete + set). Moving every hit, as an exact LRU does, is quadratic for a hot key: V8's Map keeps a
 * deleted entry in its key's bucket chain until the table is rehashed, so one key read over and over among 25,000
 * entries cost ~60 µs per read (measured), the time a pricing thread holding a book spent on each request for one
 * asset. An entry in the newer half is recent enough: it is not moved.
 */
export class BoundedCache<V> {
  private readonly entries = new Map<string, Entry<V>>()
  private weight = 0
  private hits = 0
  private misses = 0
  private counter = 0
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
    if (this.counter - entry.stamp >= this.entries.size >> 1) {
      this.entries.delete(key)
      this.entries.set(key, entry)
      entry.stamp = ++this.counter
    }
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
    this.entries.set(key, { value, weight, stamp: ++this.counter })
    this.weight += weight
    this.evict()
  }

  private remove(key: string): void {
    const entry = this.entries.get(key)
    if (entry === undefined) return
    this.entries.delete(key)
    this.weight -= entry.weight
  }

  /** Least recently used first, down to both bounds (the newest entry always stays). */
  private evict(): void {
    while (this.entries.size > this.capacity || (this.weight > this.maxWeight && this.entries.size > 1)) this.remove(this.oldest())
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

  /** Every entry, least recently used first, without counting a hit or moving any. */
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
    return { size: this.entries.size, capacity: this.capacity, hits: this.hits, misses: this.misses }
  }
}
