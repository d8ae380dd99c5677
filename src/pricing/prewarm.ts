/**
 * The start-up warm-up of a restarted service (README, "A book, not one bond"): the terms of the priced assets are
 * read into the terms cache (src/pricing/repository.ts, prewarmTerms), then each fixed-coupon bond's instrument is
 * rebuilt in the pricing thread its key belongs to (a floater's depends on the valuation date and curves: it is
 * rebuilt when first priced). A few tasks at a time, so requests that arrive meanwhile are not held behind it.
 */
import type { PricingTask } from '../contracts/pricing.ts'
import type { ContextCache } from './context-cache.ts'
import type { AssetTerms } from './repository.ts'
import { prewarmTask } from './task.ts'

const IN_FLIGHT = 16

export interface InstrumentPrewarm {
  terms: ContextCache<AssetTerms>
  /** the pool's dispatch (src/pricing/batcher.ts): by instrument key, to the instrument's home thread */
  run: (task: PricingTask) => Promise<unknown>
  /** tasks of the heavy lane are left to their requests */
  isHeavy: (task: PricingTask) => boolean
  /** at most this many instruments (what the pricing threads' caches hold) */
  limit: number
  /** any valid date: a fixed-coupon bond's instrument does not depend on it */
  valuationDate: string
  stopped: () => boolean
}

/** Rebuilds the fixed-coupon bonds of the cached terms; resolves with how many were sent (failures are the requests' to report). */
export async function prewarmInstruments(p: InstrumentPrewarm): Promise<number> {
  const inFlight = new Set<Promise<void>>()
  let sent = 0
  for (const [, terms] of p.terms.peekEntries()) {
    if (sent >= p.limit || p.stopped()) break
    const task = prewarmTask(terms, p.valuationDate)
    if (!task || p.isHeavy(task)) continue
    const done: Promise<void> = p.run(task).then(
      () => void inFlight.delete(done),
      () => void inFlight.delete(done),
    )
    inFlight.add(done)
    sent++
    if (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight)
  }
  await Promise.all(inFlight)
  return sent
}
