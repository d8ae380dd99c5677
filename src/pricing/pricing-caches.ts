/**
 * `PricingCaches`: the single entry point for invalidating the main thread's pricing caches (decorated as
 * app.pricingCaches by src/plugins/pricing-cache.ts). A pricing context is assembled per request from its two cached
 * halves (the terms of each asset; the market parts and fixing sets the book shares: src/pricing/repository.ts), and
 * no assembled context is kept, so clearing the parts is all an invalidation needs: each part is a ContextCache with
 * a generation of its own, which drops any value whose load began before that part was cleared (loadPricingContexts,
 * loadMarketParts and prewarmTerms pass each part its own generation).
 */
import type { ContextPartCaches } from './repository.ts'

type Part = Required<ContextPartCaches>[keyof ContextPartCaches]

export class PricingCaches {
  private generation = 0

  constructor(readonly parts: Required<ContextPartCaches>) {}

  /**
   * Clears `parts` (by default all of them: a clear that knows what changed passes fewer, the terms alone or the
   * market parts with the fixing sets) and counts one clear.
   */
  clear(parts: readonly Part[] = Object.values(this.parts)): void {
    this.generation++
    for (const p of parts) p.clear()
  }

  /**
   * How many clears this process has applied: it changes when a notification (or any other clear) is applied, which
   * tests and waiters watch; the caches' correctness rests on the parts' own generations.
   */
  current(): number {
    return this.generation
  }
}
