/**
 * The start-up warm-up of a restarted service (docs/architecture.md, "A book, not one bond"): the terms of the priced
 * assets are read into the terms cache (src/pricing/repository.ts, prewarmTerms), then in the pricing thread its key
 * belongs to, each fixed-coupon bond's instrument is rebuilt and each floater's plan (its dates) is made; a floater's
 * instrument depends on the valuation date and curves, so its first request forecasts the plan on its curve. A
 * few tasks at a time, so requests that arrive meanwhile are not held behind it. Then the book is priced once at the
 * date of its latest market data (prewarmBook), through the route's own path: the contexts of that date and the
 * floaters' instruments on its curves are cached before the first request, as after a first pass.
 */
import type { PricingTask } from '../contracts/pricing.ts'
import type { ContextCache } from './context-cache.ts'
import type { AssetTerms, PricingContextRow } from './repository.ts'
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
  /** any valid date: a fixed-coupon bond's instrument does not depend on it, nor does a floater's plan */
  valuationDate: string
  /** the floaters' indexes with their conventions, by uid (repository.ts, loadFloatingIndexes) */
  indexes: (uids: string[]) => Promise<Map<string, NonNullable<PricingContextRow['floating_index']>>>
  stopped: () => boolean
}

/**
 * Runs `work` on each of `items`, IN_FLIGHT at a time, until `stopped` or `work` answers null (nothing more wanted);
 * a failure is the requests' to report, not the warm-up's. Resolves with how many `work` counted (true).
 */
async function fewAtATime<T>(
  items: Iterable<T>,
  stopped: () => boolean,
  work: (item: T) => Promise<boolean> | null,
): Promise<number> {
  const inFlight = new Set<Promise<void>>()
  let counted = 0
  for (const item of items) {
    if (stopped()) break
    const running = work(item)
    if (running === null) break
    const done: Promise<void> = running.then(
      (count) => {
        if (count) counted++
        inFlight.delete(done)
      },
      () => void inFlight.delete(done),
    )
    inFlight.add(done)
    if (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight)
  }
  await Promise.all(inFlight)
  return counted
}

/**
 * Rebuilds the fixed-coupon bonds and plans the floaters of the cached terms; resolves with how many tasks were sent
 * (failures are the requests' to report).
 */
export async function prewarmInstruments(p: InstrumentPrewarm): Promise<number> {
  const floating = new Set<string>()
  for (const [, terms] of p.terms.peekEntries()) if (terms.floating_index) floating.add(terms.floating_index)
  const indexes = await p.indexes([...floating])
  let sent = 0
  await fewAtATime(p.terms.peekEntries(), p.stopped, ([, terms]) => {
    if (sent >= p.limit) return null
    const task = prewarmTask(terms, p.valuationDate, terms.floating_index ? indexes.get(terms.floating_index) : null)
    if (!task || p.isHeavy(task)) return Promise.resolve(false)
    sent++
    return p.run(task).then(() => true)
  })
  return sent
}

export interface BookPrewarm {
  /** the assets of the cached terms, in the cache's order */
  assets: Iterable<string>
  /**
   * prices one asset as its route does (failures are the requests' to report); false: the asset was not priced (heavy)
   */
  price: (assetUid: string) => Promise<boolean>
  stopped: () => boolean
}

/** Prices every asset once, a few at a time; resolves with how many were priced. */
export const prewarmBook = (p: BookPrewarm): Promise<number> => fewAtATime(p.assets, p.stopped, p.price)
