/**
 * Cache of resolved pricing contexts (asset terms + market data), keyed by everything that selects them.
 * A pricing request must cost the main thread tens of microseconds, so its single SQL round trip is cached;
 * correctness comes from invalidation, not expiry: PostgreSQL triggers NOTIFY `pricing_data_changed` on every
 * write to a table a context reads (migration 0050), from any process, and every mutating request of this
 * process clears the cache synchronously when it completes (no window between its commit and the notification).
 */
export class ContextCache<V> {
  private readonly entries = new Map<string, V>()
  private generation = 0

  constructor(private readonly capacity: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key)
    if (value !== undefined) {
      // least-recently-used order: move to the end
      this.entries.delete(key)
      this.entries.set(key, value)
    }
    return value
  }

  /** Stores a value loaded while the cache was at `generation`; dropped if the cache was cleared meanwhile. */
  set(key: string, value: V, generation: number): void {
    if (generation !== this.generation) return
    this.entries.set(key, value)
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string)
  }

  /** The generation to pass to `set` for a value loaded from now on. */
  current(): number {
    return this.generation
  }

  clear(): void {
    this.generation++
    this.entries.clear()
  }

  get size(): number {
    return this.entries.size
  }
}
