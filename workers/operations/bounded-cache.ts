/**
 * A bounded least-recently-used cache that counts its hits and misses: every pricing cache (contexts and
 * decoded curves on the main thread, built curves and rebuilt instruments in each worker) is one, so each has a
 * bound and reports its size and hit ratio (/metrics). Keys are content keys, so entries never go stale.
 */
export interface CacheStats {
  size: number
  capacity: number
  hits: number
  misses: number
}

export class BoundedCache<V> {
  private readonly entries = new Map<string, V>()
  private hits = 0
  private misses = 0

  constructor(private capacity: number) {}

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

  set(key: string, value: V): void {
    this.entries.delete(key)
    this.entries.set(key, value)
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string)
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

  resize(capacity: number): void {
    this.capacity = capacity
    while (this.entries.size > capacity) this.entries.delete(this.entries.keys().next().value as string)
  }

  clear(): void {
    this.entries.clear()
  }

  get size(): number {
    return this.entries.size
  }

  stats(): CacheStats {
    return { size: this.entries.size, capacity: this.capacity, hits: this.hits, misses: this.misses }
  }
}
